import { createHash } from 'node:crypto';
import { Injectable, OnModuleInit, Optional } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { RedisService } from '../redis/redis.service';

export interface CachedBody {
  body: string;
  etag: string;
  /** The body as UTF-8 bytes, encoded once rather than on every answer. */
  bytes?: Buffer;
}

/** Entries also expire: a safety net should an invalidation ever be missed. */
export const CATALOGUE_CACHE_TTL_MS = 30_000;
/**
 * The cache's bounds, whatever callers send: entries, and bytes (each entry counted as its text and
 * its UTF-8 bytes). A catalogue of 500 destinations and 1,000 packs needs about 3,600 entries, most
 * of a few KB; a rendered page is 40–120 KB.
 */
export const CATALOGUE_CACHE_MAX_ENTRIES = 5_000;
export const CATALOGUE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
const INVALIDATE_CHANNEL = 'catalogue:invalidate';

/** An entry's weight against CATALOGUE_CACHE_MAX_BYTES: its text (up to 2 bytes a character) and its bytes. */
const entrySize = (value: CachedBody): number =>
  value.body.length * 2 + (value.bytes?.length ?? Buffer.byteLength(value.body)) + 256;

/** What the cache holds now, for the metrics. */
export interface CatalogueCacheSize {
  entries: number;
  bytes: number;
}

/**
 * In-memory cache of public catalogue responses and server-rendered pages (serialized body +
 * strong ETag). Keys are made by the server from what it matched (catalogue-keys.ts; the page's own
 * address, ssr.service.ts), never from a caller's raw path, and the cache is an LRU bounded in
 * entries and bytes whose entries expire after 30 s whether or not they are read again. Every admin
 * write to destinations, packs, images or things to do must call invalidate(). With REDIS_URL the
 * invalidation is published to every instance (each serves the edit within milliseconds); while
 * that channel is down nothing is cached, since a missed message would leave an instance serving
 * the old catalogue.
 */
@Injectable()
export class CatalogueCacheService implements OnModuleInit {
  private readonly entries = new LRUCache<string, CachedBody>({
    max: CATALOGUE_CACHE_MAX_ENTRIES,
    maxSize: CATALOGUE_CACHE_MAX_BYTES,
    sizeCalculation: entrySize,
    ttl: CATALOGUE_CACHE_TTL_MS,
    // Expired entries are dropped by a timer, not only when their key is read again.
    ttlAutopurge: true,
  });
  private generation = 0;

  constructor(
    private readonly redis: RedisService,
    private readonly config: AppConfig,
    @Optional() metrics?: MetricsService,
  ) {
    metrics?.watchCatalogueCache(() => this.size());
  }

  onModuleInit(): void {
    if (!this.redis.enabled) return;
    this.redis.subscribe(INVALIDATE_CHANNEL, (from) => {
      if (from !== this.config.instanceId) this.clear();
    });
    this.redis.onResync(() => this.clear());
  }

  get(key: string): CachedBody | undefined {
    if (!this.usable()) return undefined;
    return this.entries.get(key);
  }

  /** Serializes once; stores only if no write happened since `generation` was read. */
  put(key: string, data: unknown, generation: number): CachedBody {
    const body = JSON.stringify(data);
    const bytes = Buffer.from(body, 'utf8');
    const entry = { body, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`, bytes };
    this.set(key, entry, generation);
    return entry;
  }

  /** Stores an already serialized entry, unless a write happened since `generation` was read. */
  set(key: string, value: CachedBody, generation: number): void {
    if (generation === this.generation && this.usable()) this.entries.set(key, value);
  }

  currentGeneration(): number {
    return this.generation;
  }

  /** How many entries, and how many bytes of the bound, the cache holds. */
  size(): CatalogueCacheSize {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize };
  }

  /** Drops every entry here and, with REDIS_URL, on every other instance. */
  invalidate(): void {
    this.clear();
    if (this.redis.enabled) void this.redis.publish(INVALIDATE_CHANNEL, this.config.instanceId);
  }

  private clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private usable(): boolean {
    return !this.redis.enabled || this.redis.isSubscribed();
  }
}
