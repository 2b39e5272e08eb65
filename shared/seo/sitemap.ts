import { absoluteUrl, ADMIN_BASE, API_BASE, PATHS } from '../paths';

export interface SitemapEntry {
  path: string;
  /** When the page's content last changed; left out when the data does not say. */
  lastmod?: Date | null;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

/** W3C datetime to the second, in UTC, as the sitemap protocol asks. */
export function sitemapDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A sitemaps.org urlset; every URL absolute on PUBLIC_URL. */
export function buildSitemapXml(publicUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const loc = `<loc>${escapeXml(absoluteUrl(publicUrl, entry.path))}</loc>`;
    const valid = entry.lastmod && !Number.isNaN(entry.lastmod.getTime());
    return `  <url>${loc}${valid ? `<lastmod>${sitemapDate(entry.lastmod!)}</lastmod>` : ''}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Paths crawlers are asked to leave alone: the back-office, the JSON API and the signed-in account page. */
export const ROBOTS_DISALLOWED = [ADMIN_BASE, API_BASE, PATHS.account] as const;

export function buildRobotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(publicUrl, PATHS.sitemap)}`,
    '',
  ].join('\n');
}
