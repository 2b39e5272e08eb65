/**
 * Cache keys of the public catalogue responses, and the request paths they answer. The controller
 * stores under these keys; the fast path finds a cached answer from the raw URL with the same map.
 */
export const CATALOGUE_KEYS = {
  packs: 'packs',
  featuredPacks: 'packs:featured',
  pack: (id: number) => `pack:${id}`,
  packsOfDestination: (id: number) => `packs:destination:${id}`,
  destinations: 'destinations',
  featuredDestinations: 'destinations:featured',
  destination: (id: number) => `destination:${id}`,
  related: (id: number) => `destination:${id}:related`,
  thingsToDo: (id: number) => `destination:${id}:things`,
} as const;

const MAX_ID = 2_147_483_647;

function id(segment: string | undefined): number | null {
  if (!segment || !/^[1-9]\d{0,9}$/.test(segment)) return null;
  const n = Number(segment);
  return n >= 1 && n <= MAX_ID ? n : null;
}

/** A cached catalogue answer's key, and the route pattern its request matches (the metrics' label). */
export interface CatalogueHit {
  key: string;
  route: string;
}

const hit = (key: string, route: string): CatalogueHit => ({ key, route: `/api/${route}` });

/** The cache key for a GET of `url` (with or without trailing slash or query), or null if none. */
export function catalogueKeyForUrl(url: string): CatalogueHit | null {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (!path.startsWith('/api/')) return null;
  const s = path.slice(5).split('/').filter(Boolean);
  switch (s.length) {
    case 1:
      if (s[0] === 'travel-packs') return hit(CATALOGUE_KEYS.packs, 'travel-packs');
      if (s[0] === 'travel-packs-featured') return hit(CATALOGUE_KEYS.featuredPacks, 'travel-packs-featured');
      if (s[0] === 'destinations') return hit(CATALOGUE_KEYS.destinations, 'destinations');
      if (s[0] === 'destinations-featured') return hit(CATALOGUE_KEYS.featuredDestinations, 'destinations-featured');
      return null;
    case 2: {
      const n = id(s[1]);
      if (n === null) return null;
      if (s[0] === 'travel-packs') return hit(CATALOGUE_KEYS.pack(n), 'travel-packs/:id');
      if (s[0] === 'destinations') return hit(CATALOGUE_KEYS.destination(n), 'destinations/:id');
      return null;
    }
    case 3: {
      if (s[0] === 'travel-pack' && s[1] === 'destination') {
        const n = id(s[2]);
        return n === null ? null : hit(CATALOGUE_KEYS.packsOfDestination(n), 'travel-pack/destination/:id');
      }
      const n = id(s[1]);
      if (n === null || s[0] !== 'destinations') return null;
      if (s[2] === 'related') return hit(CATALOGUE_KEYS.related(n), 'destinations/:id/related');
      if (s[2] === 'things-to-do') return hit(CATALOGUE_KEYS.thingsToDo(n), 'destinations/:id/things-to-do');
      return null;
    }
    default:
      return null;
  }
}
