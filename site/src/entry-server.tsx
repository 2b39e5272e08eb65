import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { headTags, NOT_FOUND_META, resolveMeta, SITE_NAME, type PageMeta, type RouteHandle } from './app/page-meta';
import { serializeHydration } from './app/hydration';
import { lazyRouteModules } from './app/lazy-route';
import { routeAssets, type BuildManifest } from './app/route-assets';
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

const ERROR_META: PageMeta = {
  title: `Error | ${SITE_NAME}`,
  description: 'Ocurrió un error inesperado.',
  robots: 'noindex',
};

function pageMeta(context: StaticHandlerContext): PageMeta {
  if (context.errors) {
    const error = Object.values(context.errors)[0] as unknown;
    return isRouteErrorResponse(error) && error.status === 404 ? NOT_FOUND_META : ERROR_META;
  }
  return resolveMeta(
    context.matches.map((m) => ({ ...m, handle: m.route.handle, data: context.loaderData[m.route.id] })),
  );
}

/** The lazily loaded modules of the matched routes (the browser loads them before hydrating). */
function pageModules(context: StaticHandlerContext): string[] {
  return context.matches.flatMap((m) => lazyRouteModules.get(m.route.id) ?? []);
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
 * Builds the server renderer once, over the server's catalogue. `render` runs the routes' loaders
 * for a URL, then renders the matched page to HTML with the same router the browser hydrates.
 * `manifest` (the client build's) names the matched lazy page's style sheets in <head>.
 */
export function createRenderer(
  source: CatalogueSource,
  options: { publicUrl?: string; manifest?: BuildManifest } = {},
) {
  const publicUrl = options.publicUrl ?? 'http://localhost';
  const handler = createStaticHandler(createRoutes(source));
  const assetTags = routeAssets(options.manifest);
  return async function render(url: string, headers: Record<string, string> = {}): Promise<RenderResult> {
    const request = new Request(new URL(url, 'http://localhost'), { headers });
    const context = await handler.query(request);
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      <StrictMode>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StrictMode>,
    );
    const leaf = context.matches.at(-1)?.route.handle as RouteHandle | undefined;
    const cacheable = context.statusCode === 200 && leaf?.cacheable === true;
    return {
      kind: 'page',
      status: context.statusCode,
      head: leadingImagePreloads(html) + headTags(pageMeta(context), publicUrl) + assetTags(pageModules(context)),
      html,
      data: serializeHydration(context),
      cacheable,
    };
  };
}
