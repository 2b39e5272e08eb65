import { escapeHtml } from '../rules/primitives';
import { absoluteUrl } from '../paths';
import { jsonLdScript, JsonLd } from './json-ld';

/** Who the site is: used by every page's head and by the agency's structured data. */
export interface SiteIdentity {
  name: string;
  /** PUBLIC_URL: every canonical and preview URL is absolute on it. */
  publicUrl: string;
  /** Open Graph locale of the pages' language. */
  locale: string;
  /** The preview image of pages that have none of their own (absolute or root-relative). */
  defaultImage?: HeadImage;
}

export interface HeadImage {
  url: string;
  width: number;
  height: number;
  alt: string;
  /** MIME type; link-preview clients skip images they cannot decode, so say it. */
  type?: string;
}

/** What one page says about itself; everything else in its head is derived from this. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's own path (canonical); left out for pages that must not be indexed, such as errors. */
  path?: string;
  /** e.g. 'noindex' for account pages and errors. */
  robots?: string;
  /** Open Graph type: 'website' unless the page is one thing of a kind. */
  type?: 'website' | 'article';
  image?: HeadImage | null;
  jsonLd?: JsonLd[];
}

/** The canonical URL of a path: absolute on PUBLIC_URL, no query or fragment, no trailing slash but the root's. */
export function canonicalUrl(publicUrl: string, path: string): string {
  const bare = path.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
  return absoluteUrl(publicUrl, bare);
}

const meta = (attr: 'name' | 'property', key: string, value: string | number) =>
  `<meta ${attr}="${key}" content="${escapeHtml(String(value))}" />`;

/**
 * Every tag of a page's head that is about the page (not the app's scripts and styles): title,
 * description, robots, canonical, Open Graph and Twitter card, and JSON-LD, as HTML.
 */
export function headTags(page: PageHead, site: SiteIdentity): string[] {
  const url = page.path !== undefined ? canonicalUrl(site.publicUrl, page.path) : null;
  const image = page.image === undefined ? site.defaultImage : page.image;
  const tags = [`<title>${escapeHtml(page.title)}</title>`, meta('name', 'description', page.description)];
  if (page.robots) tags.push(meta('name', 'robots', page.robots));
  if (url) tags.push(`<link rel="canonical" href="${escapeHtml(url)}" />`);
  tags.push(
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:locale', site.locale),
    meta('property', 'og:type', page.type ?? 'website'),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
  );
  if (url) tags.push(meta('property', 'og:url', url));
  if (image) {
    const src = absoluteUrl(site.publicUrl, image.url);
    tags.push(meta('property', 'og:image', src));
    if (src.startsWith('https://')) tags.push(meta('property', 'og:image:secure_url', src));
    if (image.type) tags.push(meta('property', 'og:image:type', image.type));
    tags.push(
      meta('property', 'og:image:width', image.width),
      meta('property', 'og:image:height', image.height),
      meta('property', 'og:image:alt', image.alt),
    );
  }
  tags.push(
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
  );
  if (image)
    tags.push(
      meta('name', 'twitter:image', absoluteUrl(site.publicUrl, image.url)),
      meta('name', 'twitter:image:alt', image.alt),
    );
  for (const data of page.jsonLd ?? []) tags.push(jsonLdScript(data));
  return tags;
}

/** A meta description of at most `max` characters, cut at a word with an ellipsis. */
export function summarize(text: string, max = 155): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), max * 0.6)).trimEnd();
  return `${atWord.replace(/[,.;:]$/, '')}…`;
}
