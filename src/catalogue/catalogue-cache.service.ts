import { createHash } from 'node:crypto';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { RedisService } from '../redis/redis.service';

export interface CachedBody {
  body: string;
  etag: string;
  /** The body as UTF-8 bytes, encoded once rather than on every answer. */
  bytes?: Buffer;
}

/** Entries also expire: a safety net should an invalidation ever be missed. */
export const CATALOGUE_CACHE_TTL_MS = 30_000;
const INVALIDATE_CHANNEL = 'catalogue:invalidate';

/**
 * In-memory cache of public catalogue responses (serialized body + strong ETag), keyed by path.
 * Every admin write to destinations, packs, images or things to do must call invalidate(). With
 * REDIS_URL the invalidation is published to every instance (each serves the edit within
 * milliseconds); while that channel is down nothing is cached, since a missed message would leave
 * an instance serving the old catalogue.
 */
@Injectable()
export class CatalogueCacheService implements OnModuleInit {
  private readonly entries = new Map<string, CachedBody & { at: number }>();
  private generation = 0;

  constructor(
    private readonly redis: RedisService,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (!this.redis.enabled) return;
    this.redis.subscribe(INVALIDATE_CHANNEL, (from) => {
      if (from !== this.config.instanceId) this.clear();
    });
    this.redis.onResync(() => this.clear());
  }

  get(key: string, now = Date.now()): CachedBody | undefined {
    if (!this.usable()) return undefined;
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
    if (generation === this.generation && this.usable()) this.entries.set(key, { ...entry, at: Date.now() });
    return entry;
  }

  /** Stores an already serialized entry, unless a write happened since `generation` was read. */
  set(key: string, value: CachedBody, generation: number): void {
    if (generation === this.generation && this.usable()) this.entries.set(key, { ...value, at: Date.now() });
  }

  currentGeneration(): number {
    return this.generation;
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
