import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CatalogueCacheService } from '../catalogue/catalogue-cache.service';
import { DestinationImage } from '../catalogue/entities/destination-image.entity';
import { Destination } from '../catalogue/entities/destination.entity';
import { ThingToDo } from '../catalogue/entities/thing-to-do.entity';
import { TravelPack } from '../catalogue/entities/travel-pack.entity';
import { AppConfig } from '../config/app-config';
import { isSqlite, supportsRowLocks } from '../database/dialect';
import { runInTransaction } from '../database/transactions';
import { DEMO_DESTINATIONS, DemoDestination } from './demo-catalogue.data';
import { availability } from './demo-dates';
import { DemoDeskRepository } from './demo-desk.repository';
import { DemoPictures, DestinationImages, demoImagePlan, SEED_FOLDER } from './demo-images';

/** Serialises seeding between app instances sharing one MySQL/MariaDB database. */
const SEED_LOCK = 'travel_demo_catalogue_seed';
const SEED_LOCK_WAIT_SECONDS = 30;

export interface SeedOutcome {
  seeded: boolean;
  imagesRendered: number;
}

/** The demo catalogue's plan: its destinations and the pictures each one shows. */
const PLANS = DEMO_DESTINATIONS.map((d) => ({ destination: d, images: demoImagePlan(d) }));
const JOBS = PLANS.flatMap(({ images }) => [images.main, ...images.gallery, ...images.hotel]);

/**
 * SEED_DEMO: loads the demo catalogue when there is no destination at all, so a fresh install
 * shows a full site; an existing catalogue, even a single destination, is never touched. Every row
 * goes in one transaction.
 *
 * At start-up the rows go in before the app answers, and the pictures (40 of them, each in three
 * widths: 2–4 s of rendering) are rendered after, in the background, the missing ones only. Until
 * then a request for one that is not on disk yet waits for it (`pictureReady`, from the /uploads
 * files), which renders it at once if its turn has not come. A start-up whose catalogue already
 * shows demo pictures renders any that are missing, so a seed stopped halfway is completed.
 */
@Injectable()
export class DemoSeedService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DemoSeed');
  /** The pictures being rendered after start-up; null once they all are (or none was needed). */
  private pictures: DemoPictures | null = null;
  private rendering: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalogueCache: CatalogueCacheService,
    private readonly desk: DemoDeskRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    // The demo catalogue is a convenience: a failure is logged, never a reason not to start.
    try {
      const started = Date.now();
      const seeded = await this.loadRows();
      if (seeded) this.logger.log(`Demo catalogue loaded: ${PLANS.length} destinations in ${Date.now() - started} ms`);
      // With a catalogue loaded just now (an empty database): agents, leads, notes, tasks, templates.
      if (seeded && this.config.demoDesk) await this.desk.seedIfEmpty();
      if (seeded || (await this.showsDemoPictures())) this.renderInBackground();
    } catch (err) {
      this.logger.error(`Loading the demo catalogue failed: ${(err as Error).message}`, (err as Error).stack);
    }
  }

  /** A start-up's pictures not rendered yet are left for the next start-up, which completes them. */
  async onApplicationShutdown(): Promise<void> {
    await this.pictures?.stop();
    await this.rendering;
  }

  /** Loads the catalogue if it is empty, with its pictures rendered (those not on disk already). */
  async seedIfEmpty(today = new Date()): Promise<SeedOutcome> {
    if (!(await this.loadRows(today))) return { seeded: false, imagesRendered: 0 };
    return { seeded: true, imagesRendered: await new DemoPictures(this.config.uploadDir, JOBS).renderAll() };
  }

  /**
   * While the pictures are being rendered after start-up: when `file` (relative to UPLOAD_DIR) is one
   * of them, once it is on disk; null otherwise (serve or refuse it as any other file).
   */
  pictureReady(file: string): Promise<void> | null {
    return this.pictures?.ready(file) ?? null;
  }

  /** Resolves once the pictures of start-up are rendered, to how many were (for tests and tools). */
  picturesRendered(): Promise<number> {
    return this.rendering;
  }

  private renderInBackground(): void {
    const pictures = new DemoPictures(this.config.uploadDir, JOBS);
    const started = Date.now();
    this.pictures = pictures;
    this.rendering = pictures
      .renderAll()
      .then(
        (rendered) => {
          if (rendered > 0)
            this.logger.log(`Demo pictures: ${rendered} of ${JOBS.length} rendered in ${Date.now() - started} ms`);
          return rendered;
        },
        (err: Error) => {
          this.logger.error(`Rendering the demo pictures failed: ${err.message}`, err.stack);
          return 0;
        },
      )
      .finally(() => {
        if (this.pictures === pictures) this.pictures = null;
      });
  }

  /** Inserts the demo rows into an empty catalogue; false when there was a destination already. */
  private async loadRows(today = new Date()): Promise<boolean> {
    if (await this.hasDestinations(this.dataSource.manager)) return false;
    const seeded = await runInTransaction(this.dataSource, async (m) => {
      const locked = await this.lock(m);
      try {
        if (await this.hasDestinations(m, true)) return false;
        for (const plan of PLANS) await this.insertDestination(m, plan.destination, plan.images, today);
        return true;
      } finally {
        if (locked) await m.query('SELECT RELEASE_LOCK(?)', [SEED_LOCK]);
      }
    });
    if (seeded) this.catalogueCache.invalidate();
    return seeded;
  }

  /** Whether a destination shows a demo picture (a catalogue the demo seed loaded). */
  private async showsDemoPictures(): Promise<boolean> {
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
