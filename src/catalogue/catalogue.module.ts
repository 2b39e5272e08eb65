import { Global, Module } from '@nestjs/common';
import { CatalogueCacheService } from './catalogue-cache.service';
import { CatalogueController } from './catalogue.controller';
import { CatalogueService } from './catalogue.service';

@Global()
@Module({
  controllers: [CatalogueController],
  providers: [CatalogueCacheService, CatalogueService],
  exports: [CatalogueCacheService, CatalogueService],
})
export class CatalogueModule {}
