import type { RouteObject } from 'react-router';

type RouteShape = { id: string; path: string };

/**
 * A route whose code (page component, loader, meta) is fetched the first time it matches, so the
 * home page does not download every other page. The server renders from one bundle (the dynamic
 * imports are inlined there) and the browser resolves the first page's route before hydrating.
 * `shape` repeats the route's id and path for matching; a mismatch with the module is an error.
 */
export function lazyRoute(shape: RouteShape, load: () => Promise<RouteObject>): RouteObject {
  return {
    ...shape,
    lazy: async () => {
      const route = await load();
      if (route.id !== shape.id || route.path !== shape.path)
        throw new Error(`lazy route ${shape.id} (${shape.path}) loaded ${route.id} (${route.path})`);
      return { Component: route.Component, loader: route.loader, handle: route.handle };
    },
  };
}
