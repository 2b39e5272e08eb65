import { headTags as buildHeadTags, type HeadImage } from '@shared/seo/head';
import type { JsonLd } from '@shared/seo/json-ld';
import { isRouteErrorResponse, type Params } from 'react-router';

/**
 * What a page says about itself in <head>. A route declares it in `handle.meta`; the server turns
 * the deepest match's into tags (entry-server) and the browser keeps document.title and the
 * description in step on client navigations (use-page-meta).
 */
export interface PageMeta {
  title: string;
  description: string;
  /** e.g. 'noindex' for account pages and errors. */
  robots?: string;
  /** The page's canonical path; pages kept out of search results leave it out. */
  path?: string;
  /** The link-preview image; the site's default when left out. */
  image?: HeadImage | null;
}

export interface MetaArgs<Data = unknown> {
  data: Data;
  params: Params;
}

export interface RouteHandle {
  meta?: (args: MetaArgs<any>) => PageMeta;
  /** The rendered HTML is the same for everyone and may be cached with the catalogue. */
  cacheable?: boolean;
  /** The page has its own top bar instead of the main navigation. */
  hideNav?: boolean;
  /** No dark hero under the navigation: its bar is solid (dark text on white) from the start. */
  solidNav?: boolean;
}

export const SITE_NAME = 'Ofertas de Viaje';

export const DEFAULT_META: PageMeta = {
  title: `${SITE_NAME} | Resorts y hoteles con descuento`,
  description: 'Paquetes de viaje con descuento a destinos del Caribe y Estados Unidos.',
};

export const NOT_FOUND_META: PageMeta = {
  title: `Página no encontrada | ${SITE_NAME}`,
  description: 'La página que buscas no existe o ya no está disponible.',
  robots: 'noindex',
};

const ERROR_META: PageMeta = {
  title: `Error | ${SITE_NAME}`,
  description: 'Ocurrió un error inesperado.',
  robots: 'noindex',
};

/** The meta of a failed page: the not-found page's for a 404, a generic error's otherwise. */
export const errorMeta = (error: unknown): PageMeta =>
  isRouteErrorResponse(error) && error.status === 404 ? NOT_FOUND_META : ERROR_META;

interface MatchLike {
  params: Params;
  handle?: unknown;
  data?: unknown;
}

/** The meta of the deepest route that declares one. */
export function resolveMeta(matches: MatchLike[]): PageMeta {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.meta) return handle.meta({ data: matches[i].data, params: matches[i].params });
  }
  return DEFAULT_META;
}

/** The preview of pages without a picture of their own (1200×630 JPEG, as link previews expect). */
export const DEFAULT_PREVIEW_IMAGE: HeadImage = {
  url: '/img/og-default.jpg',
  width: 1200,
  height: 630,
  alt: `${SITE_NAME}: resorts y hoteles en el Caribe y Estados Unidos con hasta 40% OFF`,
  type: 'image/jpeg',
};

/** The <head> tags of a page, as HTML: title, description, canonical, link-preview tags and its structured data. */
export function headTags(meta: PageMeta, publicUrl: string, jsonLd: JsonLd[] = []): string {
  const site = { name: SITE_NAME, publicUrl, locale: 'es_LA', defaultImage: DEFAULT_PREVIEW_IMAGE };
  return buildHeadTags({ ...meta, jsonLd }, site).join('\n    ');
}
