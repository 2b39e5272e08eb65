import { Global, Module } from '@nestjs/common';
import { CatalogueCacheService } from './catalogue-cache.service';
import { CatalogueController } from './catalogue.controller';
import { CatalogueRepository } from './catalogue.repository';
import { CatalogueService } from './catalogue.service';

@Global()
@Module({
  controllers: [CatalogueController],
  providers: [CatalogueCacheService, CatalogueRepository, CatalogueService],
  exports: [CatalogueCacheService, CatalogueRepository, CatalogueService],
})
export class CatalogueModule {}
