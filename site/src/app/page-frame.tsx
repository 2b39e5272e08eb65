import { Component, useEffect, type ReactNode } from 'react';
import { Outlet, type Location } from 'react-router';
import { resolveMeta, type PageMeta } from './page-meta';
import { usePageState, type PageMatch } from './page-state';
import { RouteError } from './route-error';

/** Keeps the document's title and meta tags in step with the page after client navigations. */
export function useDocumentMeta(meta: PageMeta): void {
  useEffect(() => {
    document.title = meta.title;
    setMeta('description', meta.description);
    setMeta('robots', meta.robots);
  }, [meta.title, meta.description, meta.robots]);
}

function setMeta(name: string, content: string | undefined): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!content) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}

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
