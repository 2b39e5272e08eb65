import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CatalogueCacheService } from '../../catalogue/catalogue-cache.service';
import { DestinationImage } from '../../catalogue/entities/destination-image.entity';
import { Destination } from '../../catalogue/entities/destination.entity';
import { ThingToDo } from '../../catalogue/entities/thing-to-do.entity';
import { TravelPack } from '../../catalogue/entities/travel-pack.entity';
import { AppConfig } from '../../config/app-config';
import { isSqlite, supportsRowLocks } from '../dialect';
import { runInTransaction } from '../transactions';
import { DEMO_DESTINATIONS, DemoDestination } from './demo-catalogue.data';
import { availability } from './demo-dates';
import { DestinationImages, demoImagePlan, renderDemoImages } from './demo-images';

/** Serialises seeding between app instances sharing one MySQL/MariaDB database. */
const SEED_LOCK = 'travel_demo_catalogue_seed';
const SEED_LOCK_WAIT_SECONDS = 30;

export interface SeedOutcome {
  seeded: boolean;
  imagesRendered: number;
}

/**
 * SEED_DEMO: loads the demo catalogue when there is no destination at all, so a fresh install
 * shows a full site. Pictures are rendered first (reusing files a previous seed left), then every
 * row goes in one transaction; an existing catalogue, even a single destination, is never touched.
 */
@Injectable()
export class DemoSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoSeed');

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalogueCache: CatalogueCacheService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    // The demo catalogue is a convenience: a failure is logged, never a reason not to start.
    await this.seedIfEmpty().catch((err: Error) =>
      this.logger.error(`Loading the demo catalogue failed: ${err.message}`, err.stack),
    );
  }

  async seedIfEmpty(today = new Date()): Promise<SeedOutcome> {
    if (await this.hasDestinations(this.dataSource.manager)) return { seeded: false, imagesRendered: 0 };
    const started = Date.now();
    const plans = DEMO_DESTINATIONS.map((d) => ({ destination: d, images: demoImagePlan(d) }));
    const jobs = plans.flatMap(({ images }) => [images.main, ...images.gallery, ...images.hotel]);
    const imagesRendered = await renderDemoImages(this.config.uploadDir, jobs);
    const seeded = await runInTransaction(this.dataSource, async (m) => {
      const locked = await this.lock(m);
      try {
        if (await this.hasDestinations(m, true)) return false;
        for (const plan of plans) await this.insertDestination(m, plan.destination, plan.images, today);
        return true;
      } finally {
        if (locked) await m.query('SELECT RELEASE_LOCK(?)', [SEED_LOCK]);
      }
    });
    if (seeded) {
      this.catalogueCache.invalidate();
      this.logger.log(
        `Demo catalogue loaded: ${plans.length} destinations, ${jobs.length} pictures (${imagesRendered} rendered) in ${Date.now() - started} ms`,
      );
    }
    return { seeded, imagesRendered };
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
