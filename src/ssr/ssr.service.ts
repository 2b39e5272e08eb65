import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { CatalogueCacheService, CachedBody } from '../catalogue/catalogue-cache.service';
import { CatalogueService } from '../catalogue/catalogue.service';
import { AppConfig } from '../config/app-config';
import {
  BuildManifest,
  CatalogueSource,
  fillTemplate,
  inlineStyleSheets,
  RenderFn,
  SLOTS,
  SsrBundle,
} from './ssr-bundle';
import { createHash } from 'node:crypto';
import { deferEntryScript } from './boot-script';

/** Style sheets up to this size are put in the page itself (see inlineStyleSheets). */
const MAX_INLINE_CSS_BYTES = 64 * 1024;

/** The catalogue cache's key of a rendered page is this prefix and the page's path. */
export const SSR_PAGE_KEY_PREFIX = 'page:';

/**
 * A request path as the site's router reads it: runs of slashes are one (as Fastify routes them:
 * `//x` is `/x`, never a URL whose host is `x`) and a trailing slash is dropped.
 */
export function pagePath(path: string): string {
  const single = path.replace(/\/{2,}/g, '/');
  return single.length > 1 && single.endsWith('/') ? single.slice(0, -1) : single;
}

export type SsrAnswer =
  { kind: 'redirect'; status: number; location: string } | { kind: 'page'; status: number; page: CachedBody };

/**
 * Renders the public site's pages on the server: loads the site's server bundle once and renders a
 * route with the catalogue this process holds in memory (no HTTP round trip). Pages that are the
 * same for every visitor are kept in the catalogue cache, so an admin write that invalidates the
 * catalogue invalidates them too. Without a built bundle (e.g. API-only tests) it reports itself
 * unavailable and the caller serves the plain index.html.
 */
@Injectable()
export class SsrService {
  private readonly logger = new Logger(SsrService.name);
  private loaded: { render: RenderFn; template: string } | null | undefined;
  private readonly sheets = new Map<string, string | null>();

  constructor(
    private readonly config: AppConfig,
    private readonly catalogue: CatalogueService,
    private readonly cache: CatalogueCacheService,
  ) {}

  /** Where the server bundle lives: beside the client build (site/dist -> site/dist-ssr). */
  get bundlePath(): string {
    return join(`${this.config.siteDist}-ssr`, 'entry-server.cjs');
  }

  get available(): boolean {
    return this.load() !== null;
  }

  /**
   * The page for `path` (query strings do not change a page), or null when SSR is unavailable. The
   * path is rendered as the router sees it (pagePath); a page is stored under that path only when the
   * renderer says it is the page's own address (`cacheable`), so spellings of an address (case,
   * percent-encoding) are rendered but never add an entry.
   */
  async render(path: string): Promise<SsrAnswer | null> {
    const ssr = this.load();
    if (!ssr) return null;
    const page = pagePath(path);
    const key = SSR_PAGE_KEY_PREFIX + page;
    const cached = this.cache.get(key);
    if (cached) return { kind: 'page', status: 200, page: cached };
    const generation = this.cache.currentGeneration();
    const result = await ssr.render(page);
    if (result.kind === 'redirect') return result;
    const body = fillTemplate(ssr.template, { ...result, head: this.inline(result.head) });
    const bytes = Buffer.from(body, 'utf8');
    const rendered: CachedBody = { body, bytes, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"` };
    if (result.cacheable && result.status === 200) this.cache.set(key, rendered, generation);
    return { kind: 'page', status: result.status, page: rendered };
  }

  private load(): { render: RenderFn; template: string } | null {
    if (this.loaded !== undefined) return this.loaded;
    const templatePath = join(this.config.siteDist, 'index.html');
    if (!existsSync(this.bundlePath) || !existsSync(templatePath)) return (this.loaded = null);
    const template = readFileSync(templatePath, 'utf8');
    if (!template.includes(SLOTS.html)) return (this.loaded = null);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const bundle = require(this.bundlePath) as SsrBundle;
    const manifestPath = join(this.config.siteDist, '.vite', 'manifest.json');
    const manifest = existsSync(manifestPath)
      ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest)
      : undefined;
    if (!manifest) this.logger.warn(`No build manifest at ${manifestPath}: pages will load their styles late`);
    this.loaded = {
      render: bundle.createRenderer(this.source(), { publicUrl: this.config.publicUrl, manifest }),
      // The site's code loads after the first paint (see boot-script.ts); its styles are in the page.
      template: this.inline(deferEntryScript(template)),
    };
    this.logger.log(`Server rendering from ${this.bundlePath}`);
    return this.loaded;
  }

  /** The build's style sheets in the page itself; each file is read once. */
  private inline(html: string): string {
    return inlineStyleSheets(html, (file) => {
      if (!this.sheets.has(file)) {
        const path = join(this.config.siteDist, file);
        const css = existsSync(path) ? readFileSync(path, 'utf8') : null;
        this.sheets.set(file, css !== null && Buffer.byteLength(css) <= MAX_INLINE_CSS_BYTES ? css : null);
      }
      return this.sheets.get(file) ?? null;
    });
  }

  /** The catalogue as the site's loaders read it; an unknown destination is null, not a 404 error. */
  private source(): CatalogueSource {
    const orNull = async <T>(read: () => Promise<T>): Promise<T | null> => {
      try {
        return await read();
      } catch (e) {
        if (e instanceof NotFoundException) return null;
        throw e;
      }
    };
    return {
      packs: () => this.catalogue.packs(),
      destinations: () => this.catalogue.destinations(),
      destination: (id) => orNull(() => this.catalogue.destination(id)),
      packsOfDestination: (id) => this.catalogue.packsOfDestination(id),
      related: (id) => this.catalogue.related(id),
    };
  }
}
