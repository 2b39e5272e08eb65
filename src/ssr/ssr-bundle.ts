import type { DestinationDetail, PackSummary } from '../../shared/api/catalogue';

/** What the site's server bundle (site/dist-ssr/entry-server.cjs) exports; see site/src/entry-server.tsx. */
export interface CatalogueSource {
  packs(): Promise<PackSummary[]>;
  destinations(): Promise<DestinationDetail[]>;
  destination(id: number): Promise<DestinationDetail | null>;
  packsOfDestination(id: number): Promise<PackSummary[]>;
  related(id: number): Promise<DestinationDetail[]>;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; head: string; html: string; data: string; cacheable: boolean };

export type RenderFn = (url: string) => Promise<RenderResult>;

/** Vite's build manifest of the client bundle (site/dist/.vite/manifest.json), as the renderer reads it. */
export type BuildManifest = Record<
  string,
  { file: string; src?: string; isEntry?: boolean; css?: string[]; imports?: string[] }
>;

export interface SsrBundle {
  /**
   * `publicUrl` (PUBLIC_URL) makes canonical, preview and structured-data URLs absolute;
   * `manifest` lets a page name its own style sheets and chunks in <head>.
   */
  createRenderer(source: CatalogueSource, options: { publicUrl: string; manifest?: BuildManifest }): RenderFn;
}

/** The page template's placeholders (site/index.html). */
export const SLOTS = { head: '<!--app-head-->', html: '<!--app-html-->', data: '<!--app-data-->' } as const;

/** Fills the built index.html with a rendered page. */
export function fillTemplate(template: string, page: { head: string; html: string; data: string }): string {
  // Function replacers: the rendered text may contain `$&`-like sequences that must stay literal.
  return template
    .replace(SLOTS.head, () => page.head)
    .replace(SLOTS.html, () => page.html)
    .replace(SLOTS.data, () => page.data);
}

/** A style sheet of the site's build, as the page template and the route assets link it. */
const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="\/(static\/css\/[\w.-]+\.css)"[^>]*>/g;

/**
 * Replaces the build's style-sheet links with the style sheets themselves, so the first paint
 * waits for the page alone instead of the page and then each sheet (one round trip less on a slow
 * phone network; the sheets are a few KB compressed). `read` returns a sheet's text, or null to
 * keep the link.
 */
export function inlineStyleSheets(html: string, read: (file: string) => string | null): string {
  return html.replace(STYLESHEET_LINK, (tag, file: string) => {
    const css = read(file);
    return css === null ? tag : `<style data-href="/${file}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}
