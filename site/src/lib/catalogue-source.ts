import type { DestinationDetail, PackSummary } from '@shared/api/catalogue';

/**
 * Where route loaders get the catalogue. The same loaders run on both sides: the server renders
 * with the catalogue it holds in memory, the browser reads the public API.
 */
export interface CatalogueSource {
  packs(): Promise<PackSummary[]>;
  destinations(): Promise<DestinationDetail[]>;
  /** null when there is no such public destination. */
  destination(id: number): Promise<DestinationDetail | null>;
  packsOfDestination(id: number): Promise<PackSummary[]>;
  related(id: number): Promise<DestinationDetail[]>;
}

/** SPEC's text for any non-OK catalogue answer. */
export const NETWORK_ERROR = 'Network response was not ok';

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`/api${path}`, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(NETWORK_ERROR);
  return (await res.json()) as T;
}

export const httpCatalogueSource: CatalogueSource = {
  packs: () => getJson('/travel-packs/'),
  destinations: () => getJson('/destinations/'),
  async destination(id) {
    const res = await fetch(`/api/destinations/${id}/`, { headers: { Accept: 'application/json' } });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(NETWORK_ERROR);
    return (await res.json()) as DestinationDetail;
  },
  packsOfDestination: (id) => getJson(`/travel-pack/destination/${id}/`),
  related: (id) => getJson(`/destinations/${id}/related/`),
};
