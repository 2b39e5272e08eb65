import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';

export interface CachedBody {
  body: string;
  etag: string;
  /** The body as UTF-8 bytes, encoded once rather than on every answer. */
  bytes?: Buffer;
}

/** Entries also expire, so several app instances sharing one database converge within this time. */
export const CATALOGUE_CACHE_TTL_MS = 30_000;

/**
 * In-memory cache of public catalogue responses (serialized body + strong ETag), keyed by path.
 * Every admin write to destinations, packs, images or things to do must call invalidate().
 */
@Injectable()
export class CatalogueCacheService {
  private readonly entries = new Map<string, CachedBody & { at: number }>();
  private generation = 0;

  get(key: string, now = Date.now()): CachedBody | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.at > CATALOGUE_CACHE_TTL_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Serializes once; stores only if no write happened since `generation` was read. */
  put(key: string, data: unknown, generation: number): CachedBody {
    const body = JSON.stringify(data);
    const bytes = Buffer.from(body, 'utf8');
    const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
    const entry = { body, etag, bytes };
    if (generation === this.generation) this.entries.set(key, { ...entry, at: Date.now() });
    return entry;
  }

  /** Stores an already serialized entry, unless a write happened since `generation` was read. */
  set(key: string, value: CachedBody, generation: number): void {
    if (generation === this.generation) this.entries.set(key, { ...value, at: Date.now() });
  }

  currentGeneration(): number {
    return this.generation;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
