import { Injectable } from '@nestjs/common';

/**
 * In-memory cache of public catalogue responses (body + ETag), keyed by path.
 * Every admin write to destinations, packs, images or things to do must call invalidate().
 */
@Injectable()
export class CatalogueCacheService {
  private readonly entries = new Map<string, { body: string; etag: string }>();
  private generation = 0;

  get(key: string): { body: string; etag: string } | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: { body: string; etag: string }, generation: number): void {
    // A write that happened while this value was computed makes it stale: drop it.
    if (generation === this.generation) this.entries.set(key, value);
  }

  currentGeneration(): number {
    return this.generation;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
