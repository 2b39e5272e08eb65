import {
  breadcrumbJsonLd,
  destinationJsonLd,
  faqPageJsonLd,
  travelAgencyJsonLd,
  type JsonLd,
} from '@shared/seo/json-ld';
import { BRAND } from '../config/brand';
import { destinationPath, PATHS } from '@shared/paths';
import { FAQ } from '../features/faq/faq-data';
import type { DestinationData } from './routes/destination';
import type { PageMatch } from './page-state';

/**
 * Each page's structured data (JSON-LD), by route id. Only the server renderer writes it: crawlers
 * read the page as served and the browser never changes it, so none of this is in the browser's
 * code (the home page's is on a budget).
 */
type StructuredData = (data: any, publicUrl: string) => JsonLd[];

/** The BreadcrumbList of a page below the home page: Inicio, then `trail` (the page itself last). */
const breadcrumbs = (publicUrl: string, ...trail: Array<{ name: string; path: string }>): JsonLd =>
  breadcrumbJsonLd([{ name: 'Inicio', path: PATHS.home }, ...trail], publicUrl);

/** A page whose only structured data is its place under the home page. */
const trail =
  (name: string, path: string): StructuredData =>
  (_data, publicUrl) => [breadcrumbs(publicUrl, { name, path })];

/** Phone support hours (FAQ facts), in US Eastern time. */
const SUPPORT_HOURS = [
  {
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    opens: '09:00:00-05:00',
    closes: '21:00:00-05:00',
  },
  { days: ['Sunday'], opens: '09:00:00-05:00', closes: '19:00:00-05:00' },
];

const BY_ROUTE: Record<string, StructuredData> = {
  home: (_data, publicUrl) => [
    travelAgencyJsonLd({
      name: BRAND.name,
      publicUrl,
      description: `${BRAND.tagline}: paquetes de viaje con descuento a destinos del Caribe y Estados Unidos.`,
      logo: '/favicon.svg',
      image: '/img/og-default.jpg',
      email: BRAND.infoEmail,
      telephones: BRAND.phones.map((p) => p.tel),
      sameAs: [BRAND.instagram, BRAND.facebook],
      hours: SUPPORT_HOURS,
    }),
  ],
  deals: trail('Deals', PATHS.deals),
  destinations: trail('Destinos', PATHS.destinations),
  destination: (d: DestinationData, publicUrl) => [
    destinationJsonLd(d.destination, d.packs, publicUrl),
    breadcrumbs(
      publicUrl,
      { name: 'Destinos', path: PATHS.destinations },
      { name: d.destination.name, path: destinationPath(d.destination) },
    ),
  ],
  // /contact and /contacto are one page: /contacto is its address.
  contact: trail('Contacto', PATHS.contacto),
  contacto: trail('Contacto', PATHS.contacto),
  faq: (_data, publicUrl) => [
    faqPageJsonLd(FAQ),
    breadcrumbs(publicUrl, { name: 'Preguntas frecuentes', path: PATHS.faq }),
  ],
  terms: trail('Términos y condiciones', PATHS.terms),
  privacy: trail('Política de privacidad', PATHS.privacy),
};

/** The structured data of the deepest matched route that has some (none for account pages and errors). */
export function structuredData(matches: PageMatch[], publicUrl: string): JsonLd[] {
  for (let i = matches.length - 1; i >= 0; i--) {
    const build = matches[i].id ? BY_ROUTE[matches[i].id!] : undefined;
    if (build) return build(matches[i].data, publicUrl);
  }
  return [];
}
