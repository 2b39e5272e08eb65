import { Module } from '@nestjs/common';
import { DemoDeskRepository } from './demo-desk.repository';
import { DemoCatalogueRepository } from './demo-catalogue.repository';
import { DemoSeedService } from './demo-seed.service';

/** SEED_DEMO: the demo catalogue, loaded at start-up into an empty catalogue. */
@Module({ providers: [DemoCatalogueRepository, DemoSeedService, DemoDeskRepository] })
export class SeedModule {}
