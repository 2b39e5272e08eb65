import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ClientPages } from './app/client-pages';
import { readHydration } from './app/hydration';
import { hydratedPage, loadPage, type LoadedPage } from './app/page-state';
import { createRoutes } from './app/routes';
import { httpCatalogueSource } from './lib/catalogue-source';
import './styles/base.css';

/**
 * The first page starts from the server's state (its loader data or error, read from the page)
 * with its lazily loaded code fetched first, so the first render matches the server's markup
 * without running loaders again. Without server data (the Vite dev server) the page loads first.
 */
async function firstPage(
  routes: ReturnType<typeof createRoutes>,
  url: URL,
  hydration: ReturnType<typeof readHydration>,
): Promise<LoadedPage | null> {
  if (hydration) return hydratedPage(routes, url, hydration.data, hydration.error);
  const result = await loadPage(routes, url);
  if (result.kind === 'page') return result.page;
  window.location.replace(result.location);
  return null;
}

async function start(): Promise<void> {
  const routes = createRoutes(httpCatalogueSource);
  const hydration = readHydration(document);
  const initial = await firstPage(routes, new URL(window.location.href), hydration);
  if (!initial) return;
  const app = (
    <StrictMode>
      <BrowserRouter>
        <ClientPages routes={routes} initial={initial} />
      </BrowserRouter>
    </StrictMode>
  );
  const container = document.getElementById('root')!;
  // Hydration in a transition is time-sliced: it yields to the browser between small units of work
  // instead of one long task, so a tap or a scroll during start-up is not held up.
  if (hydration) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app); // the Vite dev server serves no server-rendered markup
}

// When the page's own code cannot be fetched, the server's page stays as it is: readable, its links
// plain links that load the next page from the server.
start().catch((error: unknown) => console.error('The page could not start:', error));
