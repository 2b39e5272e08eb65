import { Component, type ReactNode } from 'react';
import { Outlet, type Location } from 'react-router';
import { useDocumentMeta } from './document-meta';
import { resolveMeta } from './page-meta';
import { usePageState, type PageMatch } from './page-state';
import { RouteError } from './route-error';

/** The page and its head tags. */
function Page({ matches }: { matches: PageMatch[] }) {
  useDocumentMeta(resolveMeta(matches));
  return <Outlet />;
}

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

/** A page that fails while rendering shows the error page; the next page starts afresh. */
class PageBoundary extends Component<BoundaryProps, { error: unknown; location: Location }> {
  state = { error: null as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; location: Location }) {
    return props.location === state.location ? null : { error: null, location: props.location };
  }

  render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** The page area: the matched page, or the error (a loader's 404 included) in its place. */
export function PageFrame() {
  const { matches, error, location } = usePageState();
  return (
    <PageBoundary location={location}>{error ? <RouteError error={error} /> : <Page matches={matches} />}</PageBoundary>
  );
}
