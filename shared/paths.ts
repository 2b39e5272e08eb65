import { destinationSlug } from './api/catalogue';

/**
 * Every path of the public site, the e-mailed links and the back-office's own pages, once: route
 * patterns in react-router syntax and the builders that fill them. The server builds the e-mailed
 * links, the sitemap and the canonical URLs from here, the site its routes and links, the
 * back-office its reset page. The e-mailed formats are fixed by the run contract.
 */

/** The public site's pages that take no parameter: links and route patterns at once. */
export const PATHS = {
  home: '/',
  deals: '/deals',
  destinations: '/destinations',
  /** An alias of /contacto, which canonical URLs and the sitemap use. */
  contact: '/contact',
  contacto: '/contacto',
  faq: '/faqs-page',
  terms: '/terms',
  privacy: '/privacy-policy',
  login: '/login',
  signUp: '/sign-up',
  forgotPassword: '/forgot-password',
  account: '/user-account',
  accountLeads: '/user-account/leads',
  accountSettings: '/user-account/settings',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
} as const;

/** The JSON API's prefix; the e-mailed reset link is an API path too (a browser gets the site's page). */
export const API_BASE = '/api';
/** The back-office's prefix: its router's basename. */
export const ADMIN_BASE = '/admin';

/** The site's pages that take parameters (react-router patterns); the `:uidb64/:token` ones are e-mailed. */
export const ROUTE_PATTERNS = {
  destination: '/destinations/:id/:slug?',
  accountTabs: `${PATHS.account}/*`,
  verifyEmail: '/email-verification/:uidb64/:token',
  resetPassword: `${API_BASE}/users/reset/:uidb64/:token`,
  signInLink: '/sign-in-link/:uidb64/:token',
  confirmEarlierRequests: '/confirm-earlier-requests/:uidb64/:token',
} as const;

/** The back-office's own pages, relative to ADMIN_BASE (its router's basename). */
export const ADMIN_ROUTES = {
  login: '/login',
  signUp: '/sign-up',
  forgotPassword: '/forgot-password',
  resetPassword: ROUTE_PATTERNS.resetPassword,
} as const;

/** A back-office path as the browser sees it: `/admin/login`. */
export function adminPath(path: string): string {
  return path === '/' ? ADMIN_BASE : `${ADMIN_BASE}${path}`;
}

/** Fills a pattern's `:name` and `:name?` segments with percent-encoded values; an empty optional one is left out. */
export function fillPattern(pattern: string, params: Record<string, string | number | undefined>): string {
  return pattern.replace(/\/:(\w+)(\?)?/g, (_segment, name: string, optional?: string) => {
    const value = params[name] ?? '';
    return optional && value === '' ? '' : `/${encodeURIComponent(String(value))}`;
  });
}

/** The destination page, `/destinations/{id}/{slug}`, with the slug percent-encoded (names may hold accents). */
export function destinationPath(destination: { id: number; name: string }): string {
  return fillPattern(ROUTE_PATTERNS.destination, { id: destination.id, slug: destinationSlug(destination.name) });
}

/** The e-mailed account verification page: `/email-verification/{uidb64}/{token}`. */
export function verifyEmailPath(uidb64: string, token: string): string {
  return fillPattern(ROUTE_PATTERNS.verifyEmail, { uidb64, token });
}

/** The e-mailed password reset page: `/api/users/reset/{uidb64}/{token}`, under /admin for admins. */
export function resetPasswordPath(uidb64: string, token: string, options: { admin?: boolean } = {}): string {
  const path = fillPattern(ROUTE_PATTERNS.resetPassword, { uidb64, token });
  return options.admin ? adminPath(path) : path;
}

/** The reset link's JSON API (check the link, set the password), relative to API_BASE, with the API's slash. */
export function resetPasswordApiPath(uidb64: string, token: string): string {
  return `${resetPasswordPath(uidb64, token).slice(API_BASE.length)}/`;
}

/** The e-mailed page that makes a new device known to the account: `/sign-in-link/{uidb64}/{token}`. */
export function signInLinkPath(uidb64: string, token: string): string {
  return fillPattern(ROUTE_PATTERNS.signInLink, { uidb64, token });
}

/** The e-mailed page that confirms the account's earlier leads: `/confirm-earlier-requests/{uidb64}/{token}`. */
export function confirmEarlierRequestsPath(uidb64: string, token: string): string {
  return fillPattern(ROUTE_PATTERNS.confirmEarlierRequests, { uidb64, token });
}

/** The start of a pattern before its first parameter (`/api/users/reset/`), for prefix checks. */
export function patternPrefix(pattern: string): string {
  const param = pattern.indexOf('/:');
  return param < 0 ? pattern : pattern.slice(0, param + 1);
}

/** An absolute URL on the public site: PUBLIC_URL (no trailing slash) joined with a path. */
export function absoluteUrl(publicUrl: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${publicUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}
