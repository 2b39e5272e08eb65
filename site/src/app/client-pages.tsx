import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, type Location, type RouteObject } from 'react-router';
import { loadPage, Pages, type LoadedPage } from './page-state';

/**
 * The browser's pages: on each navigation the next page's code and data are fetched while the
 * current page stays on screen (its `navigation` says what is loading); the new page replaces it
 * once everything is in. A loader's redirect replaces the history entry. A navigation that only
 * moves to another part of the same page (hash) loads nothing.
 */
export function ClientPages({ routes, initial }: { routes: RouteObject[]; initial: LoadedPage }): ReactNode {
  const location = useLocation();
  const navigate = useNavigate();
  const [page, setPage] = useState(() => ({ location, ...initial }));
  const [loading, setLoading] = useState<Location | null>(null);
  const current = page.location;

  useEffect(() => {
    if (location === current) return;
    if (location.pathname === current.pathname && location.search === current.search) {
      setPage((p) => ({ ...p, location }));
      setLoading(null);
      return;
    }
    const controller = new AbortController();
    setLoading(location);
    const url = new URL(location.pathname + location.search, window.location.origin);
    void loadPage(routes, url, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      if (result.kind === 'redirect') {
        void navigate(result.location, { replace: true });
        return;
      }
      setPage({ location, ...result.page });
      setLoading(null);
    });
    return () => controller.abort();
  }, [location, current, navigate, routes]);

  const navigation = loading ? ({ state: 'loading', location: loading } as const) : ({ state: 'idle' } as const);
  return <Pages routes={routes} state={{ ...page, navigation }} />;
}
