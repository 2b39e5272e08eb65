import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { SitemapService } from './sitemap.service';

/** What search engines read besides the pages themselves: /sitemap.xml and /robots.txt (see seo-routes.ts). */
@Module({
  imports: [MediaModule],
  providers: [SitemapService],
  exports: [SitemapService],
})
export class SeoModule {}
