import type { DestinationDetail, PackSummary } from '../api/catalogue';
import {
  breadcrumbJsonLd,
  destinationJsonLd,
  faqPageJsonLd,
  jsonLdScript,
  JsonLd,
  travelAgencyJsonLd,
} from './json-ld';

const URL_ = 'https://viajes.example.com';
const parse = (script: string): JsonLd =>
  JSON.parse(/^<script type="application\/ld\+json">(.*)<\/script>$/s.exec(script)![1]) as JsonLd;

const destination: DestinationDetail = {
  id: 4,
  name: 'Cancún',
  location: 'Quintana Roo, México',
  description: 'Playas </script><!-- y & más',
  status: 'active',
  main_image: '/uploads/seed/cancun-main.webp',
  gallery_images: [{ id: 1, image: '/uploads/seed/cancun-gallery-1.webp' }],
  hotel_images: [],
  things_to_do: [{ id: 9, title: 'Snorkel', description: 'Arrecife.' }],
  is_priority: true,
  latitude: 21.16,
  longitude: -86.85,
  starting_price: 899,
  starting_discount_price: 599,
  discount_percentage: 33,
};
const pack = (values: Partial<PackSummary>): PackSummary => ({
  id: 1,
  name: 'Todo incluido',
  description: '5 noches',
  price: 899,
  discount_price: 599.5,
  discount_percentage: 33,
  features: [],
  amenities: [],
  destination: { id: 4, name: 'Cancún' },
  destination_name: 'Cancún',
  available_from: '2026-01-01',
  available_to: '2026-12-31',
  is_featured: true,
  image: null,
  images: [],
  ...values,
});

describe('JSON-LD', () => {
  it('keeps data from closing the script element, and still parses to the same value', () => {
    const script = jsonLdScript({ text: destination.description });
    expect(script.slice(0, -'</script>'.length)).not.toMatch(/<\/script|<!--/i);
    expect(parse(script)).toEqual({ text: destination.description });
  });

  it('describes the agency as a TravelAgency with its contact points', () => {
    const data = parse(
      jsonLdScript(
        travelAgencyJsonLd({
          name: 'Ofertas de Viaje',
          publicUrl: URL_,
          description: 'Paquetes con descuento.',
          logo: '/favicon.svg',
          email: 'info@example.com',
          telephones: ['+18005550142', '+13055550187'],
          sameAs: ['https://www.instagram.com/x'],
          hours: [{ days: ['Monday', 'Saturday'], opens: '09:00', closes: '21:00' }],
        }),
      ),
    );
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'TravelAgency',
      '@id': `${URL_}/#agency`,
      url: `${URL_}/`,
      logo: `${URL_}/favicon.svg`,
      telephone: '+18005550142',
    });
    expect(data.contactPoint).toHaveLength(2);
    expect((data.contactPoint as JsonLd[])[0].hoursAvailable).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Monday', 'https://schema.org/Saturday'],
        opens: '09:00',
        closes: '21:00',
      },
    ]);
  });

  it('describes a destination page as a TouristDestination and its packs as trips with USD offers', () => {
    const data = parse(
      jsonLdScript(
        destinationJsonLd(destination, [pack({}), pack({ id: 2, discount_price: null, price: 1200 })], URL_),
      ),
    );
    const [place, discounted, plain] = data['@graph'] as JsonLd[];
    const url = `${URL_}/destinations/4/canc%C3%BAn`;
    expect(place).toMatchObject({
      '@type': 'TouristDestination',
      '@id': `${url}#destination`,
      name: 'Cancún',
      url,
      image: [`${URL_}/uploads/seed/cancun-main.webp`, `${URL_}/uploads/seed/cancun-gallery-1.webp`],
      geo: { '@type': 'GeoCoordinates', latitude: 21.16, longitude: -86.85 },
      includesAttraction: [{ '@type': 'TouristAttraction', name: 'Snorkel', description: 'Arrecife.' }],
    });
    expect(discounted).toMatchObject({ '@type': 'TouristTrip', itinerary: { '@id': `${url}#destination` } });
    expect(discounted.offers).toEqual({
      '@type': 'Offer',
      name: 'Todo incluido',
      description: '5 noches',
      url,
      price: 599.5,
      priceCurrency: 'USD',
      priceSpecification: [
        { '@type': 'UnitPriceSpecification', price: 599.5, priceCurrency: 'USD' },
        {
          '@type': 'UnitPriceSpecification',
          priceType: 'https://schema.org/StrikethroughPrice',
          price: 899,
          priceCurrency: 'USD',
        },
      ],
      availability: 'https://schema.org/InStock',
      availabilityStarts: '2026-01-01',
      availabilityEnds: '2026-12-31',
      validThrough: '2026-12-31',
      seller: { '@id': `${URL_}/#agency` },
    });
    expect(plain.offers).toMatchObject({ price: 1200, priceSpecification: [{ price: 1200 }] });
  });

  it('leaves out what a destination does not have', () => {
    const bare = { ...destination, main_image: null, gallery_images: [], latitude: null, things_to_do: [] };
    const [place] = destinationJsonLd(bare, [], URL_)['@graph'] as JsonLd[];
    expect(place).not.toHaveProperty('image');
    expect(place).not.toHaveProperty('geo');
    expect(place).not.toHaveProperty('includesAttraction');
  });

  it('describes the FAQ as a FAQPage and a trail as a BreadcrumbList', () => {
    expect(faqPageJsonLd([{ question: '¿Vuelos?', answer: 'No incluidos.' }])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        { '@type': 'Question', name: '¿Vuelos?', acceptedAnswer: { '@type': 'Answer', text: 'No incluidos.' } },
      ],
    });
    const trail = breadcrumbJsonLd(
      [
        { name: 'Inicio', path: '/' },
        { name: 'Destinos', path: '/destinations' },
      ],
      URL_,
    );
    expect(trail.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Inicio', item: `${URL_}/` },
      { '@type': 'ListItem', position: 2, name: 'Destinos', item: `${URL_}/destinations` },
    ]);
  });
});
