import { Global, Module } from '@nestjs/common';
import { CatalogueCacheService } from './catalogue-cache.service';

@Global()
@Module({ providers: [CatalogueCacheService], exports: [CatalogueCacheService] })
export class CatalogueModule {}
