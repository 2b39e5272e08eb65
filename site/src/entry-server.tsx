import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { isRouteErrorResponse, StaticRouter } from 'react-router';
import { errorMeta, headTags, resolveMeta, type PageMeta, type RouteHandle } from './app/page-meta';
import { serializeHydration } from './app/hydration';
import { lazyRouteModules } from './lib/lazy-route';
import { loadPage, Pages, type LoadedPage } from './app/page-state';
import { routeAssets, type BuildManifest } from './app/route-assets';
import { structuredData } from './app/structured-data';
import { createRoutes } from './app/routes';
import type { CatalogueSource } from './lib/catalogue-source';

export type { CatalogueSource } from './lib/catalogue-source';
export type { BuildManifest } from './app/route-assets';

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** Tags for <head> (the hero image's preload, title, description, robots, and the matched page's styles). */
      head: string;
      /** The app's markup, for the root element. */
      html: string;
      /** The loader data block for hydration. */
      data: string;
      /** Same for every visitor: may be cached until the catalogue changes. */
      cacheable: boolean;
    };

const pageMeta = (page: LoadedPage): PageMeta => (page.error ? errorMeta(page.error) : resolveMeta(page.matches));

/** The HTTP status of a page: its error's (a 404 for an unknown page), 500 for any other failure. */
function pageStatus(page: LoadedPage): number {
  if (!page.error) return 200;
  return isRouteErrorResponse(page.error) ? page.error.status : 500;
}

/** The lazily loaded modules of the matched routes (the browser loads them before hydrating). */
function pageModules(page: LoadedPage): string[] {
  return page.matches.flatMap((m) => (m.id ? (lazyRouteModules.get(m.id) ?? []) : []));
}

/**
 * React writes the preloads of the page's high-priority image (the hero, its largest paint: one per
 * source of a <picture>, each with its media query) at the start of the markup, which the browser
 * reads only after the whole <head>. A copy first in <head> starts the image before anything else;
 * the markup is left as React wrote it, so hydration sees the same nodes, and the browser fetches
 * the image once.
 */
export function leadingImagePreloads(html: string): string {
  return /^(?:<link rel="preload"[^>]*? as="image"[^>]*\/>)+/.exec(html)?.[0] ?? '';
}

/**
 * The one address a page is kept under: a page without parameters answers at its route's pattern,
 * one with parameters at its canonical path (the destination page's `/destinations/{id}/{slug}`).
 * Other spellings that reach the same page (`/DEALS`, `/%64eals`) are rendered but never cached,
 * so no caller can add entries to the page cache by inventing paths.
 */
export function ownAddress(page: LoadedPage): string | undefined {
  const leaf = page.matches.at(-1);
  if (!leaf?.path) return undefined;
  if (!/[:*]/.test(leaf.path)) return leaf.path;
  return resolveMeta(page.matches).path;
}

/**
 * Builds the server renderer once, over the server's catalogue. `render` runs the routes' loaders
 * for a URL, then renders the matched page to HTML with the same router the browser hydrates.
 * `manifest` (the client build's) names the matched lazy page's style sheets in <head>.
 */
export function createRenderer(
  source: CatalogueSource,
  options: { publicUrl?: string; manifest?: BuildManifest } = {},
) {
  const publicUrl = options.publicUrl ?? 'http://localhost';
  const routes = createRoutes(source);
  const assetTags = routeAssets(options.manifest);
  return async function render(url: string): Promise<RenderResult> {
    // The path as it is: `new URL('//x', base)` would read `x` as a host and render the home page.
    const address = new URL(`http://localhost${url.startsWith('/') ? '' : '/'}${url}`);
    const result = await loadPage(routes, address);
    if (result.kind === 'redirect') return result;
    const { page } = result;
    const location = { pathname: address.pathname, search: address.search, hash: '', state: null, key: 'default' };
    const html = renderToString(
      <StrictMode>
        <StaticRouter location={location}>
          <Pages routes={routes} state={{ ...page, location, navigation: { state: 'idle' } }} />
        </StaticRouter>
      </StrictMode>,
    );
    const status = pageStatus(page);
    const leaf = page.matches.at(-1)?.handle as RouteHandle | undefined;
    return {
      kind: 'page',
      status,
      head:
        leadingImagePreloads(html) +
        headTags(pageMeta(page), publicUrl, page.error ? [] : structuredData(page.matches, publicUrl)) +
        assetTags(pageModules(page)),
      html,
      data: serializeHydration(page),
      cacheable: status === 200 && leaf?.cacheable === true && ownAddress(page) === address.pathname,
    };
  };
}
