import { createContext, useContext, type ReactNode } from 'react';
import {
  matchRoutes,
  UNSAFE_ErrorResponseImpl as ErrorResponseImpl,
  useRoutes,
  type Location,
  type LoaderFunction,
  type Params,
  type RouteObject,
} from 'react-router';

/**
 * The site's page loading, on top of react-router's declarative routing (BrowserRouter on the
 * browser, StaticRouter on the server). The router's data mode would do the same, but it costs
 * ~17 KB of compressed JavaScript on every first visit, a sixth of the home page's budget; the site
 * uses little of it: a loader per page, a lazily fetched page module, a 404 or redirect thrown by
 * a loader, the page shown until the next one's data is in, and the matched routes' `handle`.
 * One function (`loadPage`) does that for both the server renderer and the browser.
 */

/** A matched route with what its loader returned. */
export interface PageMatch {
  id: string | undefined;
  /** The route's own pattern (`/deals`, `/destinations/:id/:slug?`); `/` for the home page (an index route). */
  path?: string;
  params: Params;
  handle: unknown;
  data: unknown;
}

export interface LoadedPage {
  matches: PageMatch[];
  /** What a loader (or a page module that failed to arrive) threw; the frame shows it instead of the page. null when none. */
  error: unknown;
}

export type PageResult = { kind: 'page'; page: LoadedPage } | { kind: 'redirect'; status: number; location: string };

export type Navigation = { state: 'idle' } | { state: 'loading'; location: Location };

/** The page on screen, and the one being loaded. */
export interface PageState extends LoadedPage {
  location: Location;
  navigation: Navigation;
}

/** The 404 a loader throws for an unknown page or destination (the frame shows the not-found page). */
export const notFound = (): Error => new ErrorResponseImpl(404, 'Not Found', null) as unknown as Error;

const isRedirect = (r: Response): boolean => r.status >= 300 && r.status < 400 && r.headers.has('Location');

type Found = NonNullable<ReturnType<typeof matchRoutes>>;

/** Fetches the code of the matched lazy routes once; the route objects keep it afterwards. */
async function resolveLazy(found: Found): Promise<void> {
  await Promise.all(
    found.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/**
 * Matches `url` against the routes, fetches the code of the lazy ones and runs every matched
 * route's loader (side by side). A thrown redirect (react-router's `redirect()`) comes back as
 * such; any other throw is the page's error, a thrown Response as a route error response.
 */
export async function loadPage(routes: RouteObject[], url: URL, signal?: AbortSignal): Promise<PageResult> {
  const found = matchRoutes(routes, url.pathname) ?? [];
  const data: unknown[] = [];
  let error: unknown = null;
  try {
    await resolveLazy(found);
    const request = new Request(url, { signal });
    const loaded = await Promise.all(
      found.map(({ route, params }) =>
        typeof route.loader === 'function'
          ? (route.loader as LoaderFunction)({ request, params, context: undefined } as Parameters<LoaderFunction>[0])
          : undefined,
      ),
    );
    data.push(...loaded);
  } catch (thrown) {
    if (thrown instanceof Response && isRedirect(thrown))
      return { kind: 'redirect', status: thrown.status, location: thrown.headers.get('Location')! };
    error = thrown instanceof Response ? new ErrorResponseImpl(thrown.status, thrown.statusText, null) : thrown;
  }
  return { kind: 'page', page: { matches: withData(found, data), error } };
}

/** The matches of `url` with the given loader data (the server's, when the browser hydrates its page). */
export async function hydratedPage(
  routes: RouteObject[],
  url: URL,
  data: unknown[],
  error: unknown,
): Promise<LoadedPage> {
  const found = matchRoutes(routes, url.pathname) ?? [];
  // The page's own code is fetched before hydration, so the first render matches the server's markup.
  await resolveLazy(found);
  return { matches: withData(found, data), error };
}

function withData(found: Found, data: unknown[]): PageMatch[] {
  return found.map((m, i) => ({
    id: m.route.id,
    path: m.route.index ? '/' : m.route.path,
    params: m.params,
    handle: m.route.handle,
    data: data[i],
  }));
}

const PageStateContext = createContext<PageState | null>(null);

export function usePageState(): PageState {
  const state = useContext(PageStateContext);
  if (!state) throw new Error('usePageState outside <Pages>');
  return state;
}

/** What the deepest matched route's loader returned (the page's data). */
export function usePageData<T>(): T {
  return usePageState().matches.at(-1)?.data as T;
}

/**
 * Renders the page `state` holds. Everything below (the shell included) sees the page's location,
 * so a link, the navigation and the scroll follow the page on screen, not the one still loading.
 */
export function Pages({ routes, state }: { routes: RouteObject[]; state: PageState }): ReactNode {
  const element = useRoutes(routes, state.location);
  return <PageStateContext.Provider value={state}>{element}</PageStateContext.Provider>;
}
