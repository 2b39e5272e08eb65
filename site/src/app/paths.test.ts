import {
  ADMIN_BASE,
  ADMIN_ROUTES,
  adminPath,
  API_BASE,
  confirmEarlierRequestsPath,
  destinationPath,
  PATHS,
  resetPasswordApiPath,
  resetPasswordPath,
  ROUTE_PATTERNS,
  signInLinkPath,
  verifyEmailPath,
} from '@shared/paths';
import { matchPath, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CatalogueSource } from '../lib/catalogue-source';
import { createRoutes } from './routes';

const none = () => Promise.reject(new Error('not used'));
const source: CatalogueSource = {
  packs: none,
  destinations: none,
  destination: none,
  packsOfDestination: none,
  related: none,
};
const routes = createRoutes(source);

/** The deepest route of the site's router that answers `path`: its pattern and the values it reads. */
function siteMatch(path: string) {
  const match = matchRoutes(routes, path)?.at(-1);
  return { pattern: match?.route.path, params: match?.params };
}

const uidb64 = 'MTIz';
const token = 'aB3_-xYz09';

describe('the shared paths and the routers', () => {
  it('gives every page without parameters a route of the site under that same path', () => {
    const serverOnly = new Set<string>([PATHS.sitemap, PATHS.robots]);
    const accountTabs = new Set<string>([PATHS.account, PATHS.accountLeads, PATHS.accountSettings]);
    for (const path of Object.values(PATHS)) {
      if (serverOnly.has(path)) continue;
      const expected = path === PATHS.home ? undefined : accountTabs.has(path) ? ROUTE_PATTERNS.accountTabs : path;
      const found = matchRoutes(routes, path)?.at(-1)?.route;
      expect(found?.id, path).not.toBe('not-found');
      expect(found?.path, path).toBe(expected);
    }
    expect(matchRoutes(routes, PATHS.home)?.at(-1)?.route.id).toBe('home');
  });

  it("fills each pattern so that the site's router finds the page and reads the values back", () => {
    const built: Array<[string, string, Record<string, string>]> = [
      [
        destinationPath({ id: 8, name: 'Cancún & Tulum' }),
        ROUTE_PATTERNS.destination,
        { id: '8', slug: 'cancún-&-tulum' },
      ],
      [verifyEmailPath(uidb64, token), ROUTE_PATTERNS.verifyEmail, { uidb64, token }],
      [resetPasswordPath(uidb64, token), ROUTE_PATTERNS.resetPassword, { uidb64, token }],
      [signInLinkPath(uidb64, token), ROUTE_PATTERNS.signInLink, { uidb64, token }],
      [confirmEarlierRequestsPath(uidb64, token), ROUTE_PATTERNS.confirmEarlierRequests, { uidb64, token }],
    ];
    for (const [path, pattern, params] of built) {
      expect(matchPath(pattern, path), path).not.toBeNull();
      expect(siteMatch(path), path).toEqual({ pattern, params });
    }
    // A new pattern needs its builder here (the account tabs are checked with the pages above).
    const unchecked = Object.values(ROUTE_PATTERNS).filter(
      (pattern) => pattern !== ROUTE_PATTERNS.accountTabs && !built.some(([, p]) => p === pattern),
    );
    expect(unchecked).toEqual([]);
  });

  it('builds the e-mailed links in the formats of the run contract', () => {
    expect(verifyEmailPath(uidb64, token)).toBe(`/email-verification/${uidb64}/${token}`);
    expect(resetPasswordPath(uidb64, token)).toBe(`/api/users/reset/${uidb64}/${token}`);
    expect(resetPasswordPath(uidb64, token, { admin: true })).toBe(`/admin/api/users/reset/${uidb64}/${token}`);
    expect(signInLinkPath(uidb64, token)).toBe(`/sign-in-link/${uidb64}/${token}`);
    expect(confirmEarlierRequestsPath(uidb64, token)).toBe(`/confirm-earlier-requests/${uidb64}/${token}`);
    expect(`${API_BASE}${resetPasswordApiPath(uidb64, token)}`).toBe(`${resetPasswordPath(uidb64, token)}/`);
  });

  it("opens the admins' reset link on the back-office's reset page, under its basename", () => {
    const link = resetPasswordPath(uidb64, token, { admin: true });
    expect(link.startsWith(`${ADMIN_BASE}/`)).toBe(true);
    expect(matchPath(ADMIN_ROUTES.resetPassword, link.slice(ADMIN_BASE.length))?.params).toEqual({ uidb64, token });
    expect(adminPath(ADMIN_ROUTES.login)).toBe('/admin/login');
    // The site's router leaves /admin to the back-office.
    expect(matchRoutes(routes, link)?.at(-1)?.route.id).toBe('not-found');
  });

  it('leaves out an empty optional slug and keeps percent-encoding reversible', () => {
    expect(destinationPath({ id: 7, name: 'Punta  Cana' })).toBe('/destinations/7/punta-cana');
    expect(siteMatch('/destinations/7').pattern).toBe(ROUTE_PATTERNS.destination);
    expect(verifyEmailPath('a/b', 'c d')).toBe('/email-verification/a%2Fb/c%20d');
    expect(siteMatch(verifyEmailPath('a/b', 'c d')).params).toEqual({ uidb64: 'a/b', token: 'c d' });
  });
});
