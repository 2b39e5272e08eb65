import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { DestinationImage } from '../catalogue/entities/destination-image.entity';
import { Destination } from '../catalogue/entities/destination.entity';
import { ThingToDo } from '../catalogue/entities/thing-to-do.entity';
import { TravelPack } from '../catalogue/entities/travel-pack.entity';
import { isSqlite, supportsRowLocks } from '../database/dialect';
import { runInTransaction } from '../database/transactions';
import { DemoDestination } from './demo-catalogue.data';
import { availability } from './demo-dates';
import { DestinationImages, SEED_FOLDER } from './demo-images';

/** Serialises seeding between app instances sharing one MySQL/MariaDB database. */
const SEED_LOCK = 'travel_demo_catalogue_seed';
const SEED_LOCK_WAIT_SECONDS = 30;

/** One demo destination and the pictures it shows. */
export interface DemoPlan {
  destination: DemoDestination;
  images: DestinationImages;
}

/** The demo catalogue's writes and reads of the catalogue tables (destinations, their pictures, things to do, packs). */
@Injectable()
export class DemoCatalogueRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Inserts the plans' destinations, with their pictures, things to do and packs, in one transaction
   * if the catalogue has no destination (checked again under a lock shared by every instance);
   * false when there was one already.
   */
  async insertIfEmpty(plans: readonly DemoPlan[], today: Date): Promise<boolean> {
    if (await this.hasDestinations(this.dataSource.manager)) return false;
    return runInTransaction(this.dataSource, async (m) => {
      const locked = await this.lock(m);
      try {
        if (await this.hasDestinations(m, true)) return false;
        for (const plan of plans) await this.insertDestination(m, plan.destination, plan.images, today);
        return true;
      } finally {
        if (locked) await m.query('SELECT RELEASE_LOCK(?)', [SEED_LOCK]);
      }
    });
  }

  /** Whether a destination shows a demo picture (a catalogue the demo seed loaded). */
  async showsDemoPictures(): Promise<boolean> {
    const row = await this.dataSource
      .getRepository(Destination)
      .createQueryBuilder('d')
      .select('d.id')
      .where('d.main_image LIKE :seed', { seed: `${SEED_FOLDER}/%` })
      .limit(1)
      .getRawOne();
    return row !== undefined;
  }

  private async lock(m: EntityManager): Promise<boolean> {
    if (isSqlite(this.dataSource)) return false;
    const [row] = await m.query('SELECT GET_LOCK(?, ?) AS got', [SEED_LOCK, SEED_LOCK_WAIT_SECONDS]);
    if (Number(row?.got) !== 1) throw new Error('another instance is loading the demo catalogue');
    return true;
  }

  /** `locking`: read the latest committed rows, not the transaction's snapshot (MySQL/MariaDB). */
  private async hasDestinations(m: EntityManager, locking = false): Promise<boolean> {
    const query = m.getRepository(Destination).createQueryBuilder('d').select('d.id').limit(1);
    if (locking && supportsRowLocks(this.dataSource)) query.setLock('pessimistic_write');
    return (await query.getRawOne()) !== undefined;
  }

  private async insertDestination(
    m: EntityManager,
    d: DemoDestination,
    images: DestinationImages,
    today: Date,
  ): Promise<void> {
    const { identifiers } = await m.getRepository(Destination).insert({
      name: d.name,
      location: d.location,
      description: d.description,
      status: 'active',
      main_image: images.main.path,
      latitude: d.latitude,
      longitude: d.longitude,
      is_priority: d.is_priority,
    });
    const destination_id = Number(identifiers[0].id);
    const pictures = [
      ...images.gallery.map((job, position) => ({
        destination_id,
        kind: 'gallery' as const,
        image: job.path,
        position,
      })),
      ...images.hotel.map((job, position) => ({ destination_id, kind: 'hotel' as const, image: job.path, position })),
    ];
    await m.getRepository(DestinationImage).insert(pictures);
    await m
      .getRepository(ThingToDo)
      .insert(d.things_to_do.map((t) => ({ destination_id, title: t.title, description: t.description })));
    await m.getRepository(TravelPack).insert(
      d.packs.map(({ starts, months, ...pack }) => ({
        ...pack,
        destination_id,
        ...availability(today, starts, months),
      })),
    );
  }
}
