import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { readHydration } from './app/hydration';
import { createRoutes } from './app/routes';
import { httpCatalogueSource } from './lib/catalogue-source';
import './styles/base.css';

/**
 * Resolves the lazy routes that match the page before the router is made, as on the server, so the
 * router starts from the server's state (loader data and errors) without running loaders again:
 * the first render then matches the server's markup, the not-found page under a lazy route included.
 */
async function resolveLazyMatches(routes: RouteObject[]): Promise<void> {
  const lazy = (matchRoutes(routes, window.location) ?? []).filter((m) => typeof m.route.lazy === 'function');
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

async function start(): Promise<void> {
  const hydrationData = readHydration(document);
  const routes = createRoutes(httpCatalogueSource);
  await resolveLazyMatches(routes);
  const router = createBrowserRouter(routes, { hydrationData });
  // Without server data (the Vite dev server) the first loaders run before the first render.
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (state.initialized) {
          stop();
          resolve();
        }
      });
    });
  }
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  const container = document.getElementById('root')!;
  // Hydration in a transition is time-sliced: it yields to the browser between small units of work
  // instead of one long task, so a tap or a scroll during start-up is not held up.
  if (hydrationData) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app); // the Vite dev server serves no server-rendered markup
}

void start();
