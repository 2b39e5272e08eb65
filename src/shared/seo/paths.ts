import { destinationSlug } from '../api/catalogue';

/**
 * The indexable public pages (what the sitemap lists and what canonical URLs point at). /contact
 * is an alias of /contacto and canonicalises to it; account and password pages are not listed.
 */
export const PUBLIC_PAGE_PATHS = {
  home: '/',
  deals: '/deals',
  destinations: '/destinations',
  contact: '/contacto',
  faq: '/faqs-page',
  terms: '/terms',
  privacy: '/privacy-policy',
} as const;

/** The destination page's path, `/destinations/{id}/{slug}`, with the slug percent-encoded (names may hold accents). */
export function destinationPath(id: number, name: string): string {
  return `/destinations/${id}/${encodeURIComponent(destinationSlug(name))}`;
}

/** An absolute URL on the public site: PUBLIC_URL (no trailing slash) joined with a path. */
export function absoluteUrl(publicUrl: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${publicUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}
