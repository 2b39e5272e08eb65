import { Injectable, NotFoundException } from '@nestjs/common';
import { DestinationDetail, PackSummary, ThingToDoItem } from '../../shared/api/catalogue';
import { CATALOGUE_CACHE_TTL_MS, CatalogueCacheService } from './catalogue-cache.service';
import { toDestinationDetail, toPackSummary } from './catalogue.mapper';
import { CatalogueRepository } from './catalogue.repository';

export const CATALOGUE_MESSAGES = {
  destinationNotFound: 'Destination not found.',
  packNotFound: 'Travel pack not found.',
} as const;

const RELATED_LIMIT = 6;
const FEATURED_DESTINATIONS_FALLBACK = 6;

/** Everything public, read in three queries and shared by every catalogue response. */
interface Snapshot {
  destinations: DestinationDetail[];
  packs: PackSummary[];
  byId: Map<number, DestinationDetail>;
  packById: Map<number, PackSummary>;
}

const country = (location: string) => location.split(',').pop()?.trim().toLowerCase() ?? '';

/**
 * The public catalogue: active destinations (priority first) and their packs (featured first).
 * The catalogue is small and read far more than written, so it is loaded whole, kept until an
 * admin write invalidates it (or for 30 s at most), and each response is built from it.
 */
@Injectable()
export class CatalogueService {
  private snapshot: { value: Promise<Snapshot>; generation: number; at: number } | null = null;

  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly cache: CatalogueCacheService,
  ) {}

  async destinations(): Promise<DestinationDetail[]> {
    return (await this.load()).destinations;
  }

  async destination(id: number): Promise<DestinationDetail> {
    const found = (await this.load()).byId.get(id);
    if (!found) throw new NotFoundException(CATALOGUE_MESSAGES.destinationNotFound);
    return found;
  }

  async featuredDestinations(): Promise<DestinationDetail[]> {
    const all = await this.destinations();
    const priority = all.filter((d) => d.is_priority);
    return priority.length ? priority : all.slice(0, FEATURED_DESTINATIONS_FALLBACK);
  }

  /** Other destinations: same country first, then priority, then the rest. */
  async related(id: number): Promise<DestinationDetail[]> {
    const target = await this.destination(id);
    const others = (await this.destinations()).filter((d) => d.id !== id);
    const rank = (d: DestinationDetail) => (country(d.location) === country(target.location) ? 0 : 1);
    return others
      .map((d, index) => ({ d, index }))
      .sort((a, b) => rank(a.d) - rank(b.d) || a.index - b.index)
      .slice(0, RELATED_LIMIT)
      .map(({ d }) => d);
  }

  async thingsToDo(id: number): Promise<ThingToDoItem[]> {
    return (await this.destination(id)).things_to_do;
  }

  async packs(): Promise<PackSummary[]> {
    return (await this.load()).packs;
  }

  async featuredPacks(): Promise<PackSummary[]> {
    return (await this.packs()).filter((p) => p.is_featured);
  }

  async pack(id: number): Promise<PackSummary> {
    const found = (await this.load()).packById.get(id);
    if (!found) throw new NotFoundException(CATALOGUE_MESSAGES.packNotFound);
    return found;
  }

  async packsOfDestination(id: number): Promise<PackSummary[]> {
    await this.destination(id);
    return (await this.packs()).filter((p) => p.destination.id === id);
  }

  private load(): Promise<Snapshot> {
    const generation = this.cache.currentGeneration();
    const fresh =
      this.snapshot &&
      this.snapshot.generation === generation &&
      Date.now() - this.snapshot.at < CATALOGUE_CACHE_TTL_MS;
    if (!fresh) {
      const value = this.read();
      this.snapshot = { value, generation, at: Date.now() };
      // A failed read must not stay cached.
      value.catch(() => {
        if (this.snapshot?.value === value) this.snapshot = null;
      });
    }
    return this.snapshot!.value;
  }

  private async read(): Promise<Snapshot> {
    const destinations = await this.catalogue.activeDestinations();
    const packs = await this.catalogue.offeredPacks(destinations.map((d) => d.id));
    const byDestination = new Map(destinations.map((d) => [d.id, d]));
    const packSummaries = packs.map((p) => toPackSummary(p, byDestination.get(p.destination_id)!));
    const details = destinations.map((d) =>
      toDestinationDetail(
        d,
        packs.filter((p) => p.destination_id === d.id),
      ),
    );
    return {
      destinations: details,
      packs: packSummaries,
      byId: new Map(details.map((d) => [d.id, d])),
      packById: new Map(packSummaries.map((p) => [p.id, p])),
    };
  }
}
