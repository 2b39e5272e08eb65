import { PATHS, ROUTE_PATTERNS } from '@shared/paths';
import type { RouteObject } from 'react-router';
import { accountRoutes } from '../account/routes';
import type { CatalogueSource } from '../lib/catalogue-source';
import { PageFrame } from './page-frame';
import type { RouteHandle } from './page-meta';
import { lazyRoute } from '../lib/lazy-route';
import { notFound } from './page-state';
import { homeRoute } from './routes/home';
import { Shell } from './shell';

const accountHandle: RouteHandle = {
  meta: () => ({
    title: 'Mi cuenta | Ofertas de Viaje',
    description: 'Accede a tu cuenta de Ofertas de Viaje.',
    robots: 'noindex',
  }),
  solidNav: true,
};

/**
 * The public site's routes, for both the server renderer and the browser. Loaders read the
 * catalogue through `source`, so they run the same on both sides.
 */
export function createRoutes(source: CatalogueSource): RouteObject[] {
  return [
    {
      id: 'root',
      Component: Shell,
      children: [
        {
          // Errors (unknown pages included) render inside the shell, in place of the page.
          id: 'frame',
          Component: PageFrame,
          children: [
            homeRoute(source),
            // Every other page's code is fetched when it is first visited (route-level splitting).
            lazyRoute({ id: 'deals', path: PATHS.deals, module: 'src/app/routes/deals.tsx' }, () =>
              import('./routes/deals').then((m) => m.dealsRoute(source)),
            ),
            lazyRoute({ id: 'destinations', path: PATHS.destinations, module: 'src/app/routes/destinations.tsx' }, () =>
              import('./routes/destinations').then((m) => m.destinationsRoute(source)),
            ),
            lazyRoute(
              { id: 'destination', path: ROUTE_PATTERNS.destination, module: 'src/app/routes/destination.tsx' },
              () => import('./routes/destination').then((m) => m.destinationRoute(source)),
            ),
            lazyRoute({ id: 'contact', path: PATHS.contact, module: 'src/app/routes/contact.tsx' }, () =>
              import('./routes/contact').then((m) => m.contactRoutes[0]),
            ),
            lazyRoute({ id: 'contacto', path: PATHS.contacto, module: 'src/app/routes/contact.tsx' }, () =>
              import('./routes/contact').then((m) => m.contactRoutes[1]),
            ),
            lazyRoute({ id: 'faq', path: PATHS.faq, module: 'src/app/routes/faq.tsx' }, () =>
              import('./routes/faq').then((m) => m.faqRoute),
            ),
            lazyRoute({ id: 'terms', path: PATHS.terms, module: 'src/app/routes/legal.tsx' }, () =>
              import('./routes/legal').then((m) => m.termsRoute),
            ),
            lazyRoute({ id: 'privacy', path: PATHS.privacy, module: 'src/app/routes/legal.tsx' }, () =>
              import('./routes/legal').then((m) => m.privacyRoute),
            ),
            // The account pages are rendered in the browser and kept out of search results.
            { id: 'account', handle: accountHandle, children: accountRoutes },
            {
              id: 'not-found',
              path: '*',
              Component: () => null,
              loader: () => {
                throw notFound();
              },
            },
          ],
        },
      ],
    },
  ];
}
