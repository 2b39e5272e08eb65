import { isRouteErrorResponse, redirect, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { hydratedPage, loadPage, notFound } from './page-state';

const url = (path: string) => new URL(path, 'http://localhost');

function routes(leaf: Partial<RouteObject> & { path: string }): RouteObject[] {
  return [
    {
      id: 'root',
      loader: () => 'root data',
      children: [
        {
          id: 'frame',
          children: [leaf as RouteObject, { id: 'not-found', path: '*', loader: () => Promise.reject(notFound()) }],
        },
      ],
    },
  ];
}

describe('loadPage', () => {
  it("runs every matched route's loader, with the address's params, and keeps their data in match order", async () => {
    const result = await loadPage(
      routes({ id: 'destination', path: 'destinations/:id/:slug?', loader: ({ params }) => ({ id: params.id }) }),
      url('/destinations/7/punta-cana'),
    );
    expect(result.kind).toBe('page');
    if (result.kind !== 'page') return;
    expect(result.page.error).toBeNull();
    expect(result.page.matches.map((m) => [m.id, m.data])).toEqual([
      ['root', 'root data'],
      ['frame', undefined],
      ['destination', { id: '7' }],
    ]);
    expect(result.page.matches[2].params).toEqual({ id: '7', slug: 'punta-cana' });
  });

  it("fetches a lazy route's code once, then uses its loader and component", async () => {
    let fetched = 0;
    const Page = () => null;
    const table = routes({
      id: 'deals',
      path: 'deals',
      lazy: async () => {
        fetched += 1;
        return { loader: () => 'deals data', Component: Page };
      },
    });
    for (let i = 0; i < 2; i++) {
      const result = await loadPage(table, url('/deals'));
      expect(result.kind === 'page' && result.page.matches.at(-1)?.data).toBe('deals data');
    }
    expect(fetched).toBe(1);
    expect(table[0].children![0].children![0].Component).toBe(Page);
  });

  it("answers a loader's redirect as a redirect", async () => {
    const result = await loadPage(
      routes({
        id: 'destination',
        path: 'destinations/:id/:slug?',
        loader: () => Promise.reject(redirect('/destinations/7/punta-cana', 301)),
      }),
      url('/destinations/7/otra'),
    );
    expect(result).toEqual({ kind: 'redirect', status: 301, location: '/destinations/7/punta-cana' });
  });

  it('makes an unknown page a 404 route error, and a thrown Response its status', async () => {
    const unknown = await loadPage(routes({ id: 'deals', path: 'deals' }), url('/no-such-page'));
    const error = unknown.kind === 'page' ? unknown.page.error : null;
    expect(isRouteErrorResponse(error) && error.status).toBe(404);

    const gone = await loadPage(
      routes({
        id: 'deals',
        path: 'deals',
        loader: () => Promise.reject(new Response(null, { status: 410, statusText: 'Gone' })),
      }),
      url('/deals'),
    );
    const goneError = gone.kind === 'page' ? gone.page.error : null;
    expect(isRouteErrorResponse(goneError) && [goneError.status, goneError.statusText]).toEqual([410, 'Gone']);
  });

  it("keeps any other failure as the page's error (a page's code that did not arrive included)", async () => {
    const failure = new Error('Loading chunk deals failed');
    const result = await loadPage(
      routes({ id: 'deals', path: 'deals', lazy: () => Promise.reject(failure) }),
      url('/deals'),
    );
    expect(result.kind === 'page' && result.page.error).toBe(failure);
  });
});

describe('hydratedPage', () => {
  it("takes the server's data instead of running loaders, after fetching the page's code", async () => {
    let ran = 0;
    const Page = () => null;
    const table = routes({
      id: 'deals',
      path: 'deals',
      lazy: async () => ({
        loader: () => {
          ran += 1;
          return 'fresh';
        },
        Component: Page,
      }),
    });
    const page = await hydratedPage(table, url('/deals'), ['root from server', null, 'deals from server'], null);
    expect(page.matches.map((m) => m.data)).toEqual(['root from server', null, 'deals from server']);
    expect(ran).toBe(0);
    expect(table[0].children![0].children![0].Component).toBe(Page);
  });
});
