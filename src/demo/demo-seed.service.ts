import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { CatalogueCacheService } from '../catalogue/catalogue-cache.service';
import { AppConfig } from '../config/app-config';
import { DEMO_DESTINATIONS } from './demo-catalogue.data';
import { DemoCatalogueRepository, DemoPlan } from './demo-catalogue.repository';
import { DemoDeskRepository } from './demo-desk.repository';
import { DemoPictures, demoImagePlan } from './demo-images';

export interface SeedOutcome {
  seeded: boolean;
  imagesRendered: number;
}

/** The demo catalogue's plan: its destinations and the pictures each one shows. */
const PLANS: DemoPlan[] = DEMO_DESTINATIONS.map((d) => ({ destination: d, images: demoImagePlan(d) }));
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
    private readonly catalogue: DemoCatalogueRepository,
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
      if (seeded || (await this.catalogue.showsDemoPictures())) this.renderInBackground();
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
    const seeded = await this.catalogue.insertIfEmpty(PLANS, today);
    if (seeded) this.catalogueCache.invalidate();
    return seeded;
  }
}
