import { useEffect } from 'react';
import type { PageMeta } from './page-meta';

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
