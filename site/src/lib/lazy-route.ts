import type { RouteObject } from 'react-router';

/** A lazy route's id and path, and its module as the build manifest names it (relative to site/). */
type RouteShape = { id: string; path: string; module: string };

/**
 * Route id -> module of every lazy route made by lazyRoute, so the server can name the matched
 * page's chunk, its styles first, in the page's <head> (see route-assets.ts).
 */
export const lazyRouteModules = new Map<string, string>();

/** How long a lazily loaded page's code may take to arrive before the page gives up. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * Runs a dynamic import with the site's chunk time-out. A chunk that fails to arrive (network
 * down, or an old page asking for a file a new deployment replaced) or takes longer than the
 * time-out fails with 'Loading chunk N failed', N naming the chunk, which the route's error page
 * shows with a way to reload.
 */
export function loadChunk<T>(name: string, load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
  });
  return Promise.race([load(), timeout])
    .catch((cause: unknown) => {
      throw new Error(`Loading chunk ${name} failed`, { cause });
    })
    .finally(() => clearTimeout(timer));
}

/**
 * A route whose code (page component, loader, meta) is fetched the first time it matches, so the
 * home page does not download every other page. The server renders from one bundle (the dynamic
 * imports are inlined there) and the browser resolves the first page's route before hydrating.
 * `shape` repeats the route's id and path for matching; a mismatch with the module is an error.
 */
export function lazyRoute({ module, ...shape }: RouteShape, load: () => Promise<RouteObject>): RouteObject {
  lazyRouteModules.set(shape.id, module);
  return {
    ...shape,
    lazy: async () => {
      const route = await loadChunk(shape.id, load);
      if (route.id !== shape.id || route.path !== shape.path)
        throw new Error(`lazy route ${shape.id} (${shape.path}) loaded ${route.id} (${route.path})`);
      return { Component: route.Component, loader: route.loader, handle: route.handle };
    },
  };
}
