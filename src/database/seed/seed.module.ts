import { Module } from '@nestjs/common';
import { DemoSeedService } from './demo-seed.service';

/** SEED_DEMO: the demo catalogue, loaded at start-up into an empty catalogue. */
@Module({ providers: [DemoSeedService] })
export class SeedModule {}
