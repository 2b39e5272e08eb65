import { Injectable } from '@nestjs/common';
import { CachedBody, CatalogueCacheService } from '../catalogue/catalogue-cache.service';
import { CatalogueRepository } from '../catalogue/catalogue.repository';
import { AppConfig } from '../config/app-config';
import { destinationPath, PATHS } from '../../shared/paths';
import { buildRobotsTxt, buildSitemapXml, SitemapEntry } from '../../shared/seo/sitemap';
import { createHash } from 'node:crypto';

export const SEO_CACHE_KEYS = { sitemap: 'seo:sitemap.xml', robots: 'seo:robots.txt' } as const;

/** Pages whose content is the catalogue itself: they change whenever any destination or pack does. */
const CATALOGUE_PAGES = [PATHS.home, PATHS.deals, PATHS.destinations];
/** The other indexable pages: /contact is an alias that canonicalises to /contacto; account pages stay out. */
const STATIC_PAGES = [PATHS.contacto, PATHS.faq, PATHS.terms, PATHS.privacy];

const later = (a: Date | null, b: Date | null | undefined): Date | null => (!b ? a : !a || b > a ? b : a);

/**
 * /sitemap.xml and /robots.txt. The sitemap lists the public pages and every active destination
 * with the time its page last changed (the destination, its current packs, images and things to
 * do). Both are kept in the catalogue cache, so an admin write (which invalidates it) shows at once.
 */
@Injectable()
export class SitemapService {
  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly cache: CatalogueCacheService,
    private readonly config: AppConfig,
  ) {}

  async sitemap(): Promise<CachedBody> {
    return this.cached(SEO_CACHE_KEYS.sitemap, async () =>
      buildSitemapXml(this.config.publicUrl, await this.entries()),
    );
  }

  async robots(): Promise<CachedBody> {
    return this.cached(SEO_CACHE_KEYS.robots, () => Promise.resolve(buildRobotsTxt(this.config.publicUrl)));
  }

  async entries(): Promise<SitemapEntry[]> {
    const { destinations, packs, images, things } = await this.catalogue.changes();
    const lastmod = new Map<number, Date | null>(destinations.map((d) => [d.id, d.updated_at]));
    const touch = (id: number, at: Date | null | undefined) => {
      if (lastmod.has(id)) lastmod.set(id, later(lastmod.get(id)!, at));
    };
    packs.forEach((p) => touch(p.destination_id, p.updated_at));
    images.forEach((i) => touch(i.destination_id, i.created_at));
    things.forEach((t) => touch(t.destination_id, t.created_at));

    const newest = [...lastmod.values()].reduce<Date | null>(later, null);
    return [
      ...CATALOGUE_PAGES.map((path) => ({ path, lastmod: newest })),
      ...STATIC_PAGES.map((path) => ({ path })),
      ...destinations.map((d) => ({ path: destinationPath(d), lastmod: lastmod.get(d.id) })),
    ];
  }

  private async cached(key: string, produce: () => Promise<string>): Promise<CachedBody> {
    const hit = this.cache.get(key);
    if (hit) return hit;
    const generation = this.cache.currentGeneration();
    const body = await produce();
    const bytes = Buffer.from(body, 'utf8');
    const entry = { body, bytes, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"` };
    this.cache.set(key, entry, generation);
    return entry;
  }
}
