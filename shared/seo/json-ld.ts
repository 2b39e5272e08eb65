import type { DestinationDetail, PackSummary } from '../api/catalogue';
import { absoluteUrl, destinationPath } from '../paths';

export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/**
 * JSON-LD inside <script>: `<`, `>` and `&` written as \u escapes so no text from the data (a
 * destination description, an answer) can close the script element or open a comment.
 */
export function jsonLdScript(data: JsonLd): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}

export interface AgencyFacts {
  name: string;
  publicUrl: string;
  description: string;
  logo: string;
  image?: string;
  email: string;
  telephones: string[];
  sameAs: string[];
  /** Opening hours of the phone support, schema.org OpeningHoursSpecification-like. */
  hours: Array<{ days: string[]; opens: string; closes: string }>;
}

/** The agency node's id, so offers on other pages can name their seller without repeating it. */
export const agencyId = (publicUrl: string) => absoluteUrl(publicUrl, '/#agency');

export function travelAgencyJsonLd(agency: AgencyFacts): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'TravelAgency',
    '@id': agencyId(agency.publicUrl),
    name: agency.name,
    description: agency.description,
    url: absoluteUrl(agency.publicUrl, '/'),
    logo: absoluteUrl(agency.publicUrl, agency.logo),
    image: absoluteUrl(agency.publicUrl, agency.image ?? agency.logo),
    email: agency.email,
    telephone: agency.telephones[0],
    sameAs: agency.sameAs,
    contactPoint: agency.telephones.map((telephone) => ({
      '@type': 'ContactPoint',
      telephone,
      email: agency.email,
      contactType: 'customer service',
      availableLanguage: ['es', 'en'],
      hoursAvailable: agency.hours.map((h) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: h.days.map((d) => `${CONTEXT}/${d}`),
        opens: h.opens,
        closes: h.closes,
      })),
    })),
  };
}

const money = (amount: number) => Math.round(amount * 100) / 100;

/** One pack as an Offer: what is paid (the discounted price when there is one), the list price beside it, and when it can be travelled. */
export function packOffer(pack: PackSummary, url: string, publicUrl: string): JsonLd {
  const paid = pack.discount_price !== null && pack.discount_price < pack.price ? pack.discount_price : pack.price;
  return {
    '@type': 'Offer',
    name: pack.name,
    description: pack.description,
    url,
    price: money(paid),
    priceCurrency: 'USD',
    priceSpecification: [
      { '@type': 'UnitPriceSpecification', price: money(paid), priceCurrency: 'USD' },
      ...(paid < pack.price
        ? [
            {
              '@type': 'UnitPriceSpecification',
              priceType: `${CONTEXT}/StrikethroughPrice`,
              price: money(pack.price),
              priceCurrency: 'USD',
            },
          ]
        : []),
    ],
    availability: `${CONTEXT}/InStock`,
    availabilityStarts: pack.available_from,
    availabilityEnds: pack.available_to,
    validThrough: pack.available_to,
    seller: { '@id': agencyId(publicUrl) },
  };
}

/**
 * A destination page: the place (TouristDestination) and its packs. schema.org gives a Place no
 * `offers`, so each pack is a TouristTrip to the destination carrying its Offer, in one @graph.
 */
export function destinationJsonLd(destination: DestinationDetail, packs: PackSummary[], publicUrl: string): JsonLd {
  const url = absoluteUrl(publicUrl, destinationPath(destination));
  const placeId = `${url}#destination`;
  const images = [destination.main_image, ...destination.gallery_images.map((i) => i.image)].filter(
    (i): i is string => !!i,
  );
  const place: JsonLd = {
    '@type': 'TouristDestination',
    '@id': placeId,
    name: destination.name,
    description: destination.description,
    url,
    address: destination.location,
    ...(images.length ? { image: images.map((i) => absoluteUrl(publicUrl, i)) } : {}),
    ...(destination.latitude !== null && destination.longitude !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: destination.latitude, longitude: destination.longitude } }
      : {}),
    ...(destination.things_to_do.length
      ? {
          includesAttraction: destination.things_to_do.map((t) => ({
            '@type': 'TouristAttraction',
            name: t.title,
            description: t.description,
          })),
        }
      : {}),
  };
  const trips = packs.map((pack) => ({
    '@type': 'TouristTrip',
    name: pack.name,
    description: pack.description,
    itinerary: { '@id': placeId },
    provider: { '@id': agencyId(publicUrl) },
    offers: packOffer(pack, url, publicUrl),
  }));
  return { '@context': CONTEXT, '@graph': [place, ...trips] };
}

export function faqPageJsonLd(entries: ReadonlyArray<{ question: string; answer: string }>): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: entries.map((e) => ({
      '@type': 'Question',
      name: e.question,
      acceptedAnswer: { '@type': 'Answer', text: e.answer },
    })),
  };
}

/** The trail from the home page to this one; the last crumb is the page itself. */
export function breadcrumbJsonLd(trail: Array<{ name: string; path: string }>, publicUrl: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(publicUrl, crumb.path),
    })),
  };
}
