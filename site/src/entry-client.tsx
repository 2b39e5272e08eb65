import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { readHydration } from './app/hydration';
import { createRoutes } from './app/routes';
import { httpCatalogueSource } from './lib/catalogue-source';
import './styles/base.css';

async function start(): Promise<void> {
  const hydrationData = readHydration(document);
  const router = createBrowserRouter(createRoutes(httpCatalogueSource), { hydrationData });
  // Lazily loaded routes (the account pages) must be in place before hydrating, or the first
  // render would differ from the server's markup.
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
  if (hydrationData) hydrateRoot(container, app);
  else createRoot(container).render(app); // the Vite dev server serves no server-rendered markup
}

void start();
