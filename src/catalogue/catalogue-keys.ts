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

/** The cache key for a GET of `url` (with or without trailing slash or query), or null if none. */
export function catalogueKeyForUrl(url: string): string | null {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (!path.startsWith('/api/')) return null;
  const s = path.slice(5).split('/').filter(Boolean);
  switch (s.length) {
    case 1:
      if (s[0] === 'travel-packs') return CATALOGUE_KEYS.packs;
      if (s[0] === 'travel-packs-featured') return CATALOGUE_KEYS.featuredPacks;
      if (s[0] === 'destinations') return CATALOGUE_KEYS.destinations;
      if (s[0] === 'destinations-featured') return CATALOGUE_KEYS.featuredDestinations;
      return null;
    case 2: {
      const n = id(s[1]);
      if (n === null) return null;
      if (s[0] === 'travel-packs') return CATALOGUE_KEYS.pack(n);
      if (s[0] === 'destinations') return CATALOGUE_KEYS.destination(n);
      return null;
    }
    case 3: {
      if (s[0] === 'travel-pack' && s[1] === 'destination') {
        const n = id(s[2]);
        return n === null ? null : CATALOGUE_KEYS.packsOfDestination(n);
      }
      const n = id(s[1]);
      if (n === null || s[0] !== 'destinations') return null;
      if (s[2] === 'related') return CATALOGUE_KEYS.related(n);
      if (s[2] === 'things-to-do') return CATALOGUE_KEYS.thingsToDo(n);
      return null;
    }
    default:
      return null;
  }
}
