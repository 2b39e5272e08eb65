import { ogImagePath, OG_IMAGE_SIZE } from '@shared/images';
import type { HeadImage } from '@shared/seo/head';
import { breadcrumbJsonLd, travelAgencyJsonLd, type JsonLd } from '@shared/seo/json-ld';
import { BRAND } from '../config/brand';
import { PATHS } from '../config/paths';

/** A stored picture's link-preview JPEG (made by the server); undefined (the site's default) when there is none. */
export function previewImage(image: string | null | undefined, alt: string): HeadImage | undefined {
  const url = ogImagePath(image);
  return url ? { url, ...OG_IMAGE_SIZE, alt, type: 'image/jpeg' } : undefined;
}

/** The BreadcrumbList of a page below the home page: Inicio, then `trail` (the page itself last). */
export const breadcrumbs =
  (...trail: Array<{ name: string; path: string }>) =>
  (publicUrl: string): JsonLd =>
    breadcrumbJsonLd([{ name: 'Inicio', path: PATHS.home }, ...trail], publicUrl);

/** Phone support hours (FAQ facts), in US Eastern time. */
const SUPPORT_HOURS = [
  {
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    opens: '09:00:00-05:00',
    closes: '21:00:00-05:00',
  },
  { days: ['Sunday'], opens: '09:00:00-05:00', closes: '19:00:00-05:00' },
];

export const agencyJsonLd = (publicUrl: string): JsonLd =>
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
  });
