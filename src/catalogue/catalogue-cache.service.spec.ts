import {
  CATALOGUE_CACHE_MAX_BYTES,
  CATALOGUE_CACHE_MAX_ENTRIES,
  CATALOGUE_CACHE_TTL_MS,
  CatalogueCacheService,
} from './catalogue-cache.service';
import type { AppConfig } from '../config/app-config';
import type { RedisService } from '../redis/redis.service';

const localCache = () =>
  new CatalogueCacheService({ enabled: false } as RedisService, { instanceId: 'test' } as AppConfig);

describe('CatalogueCacheService bounds', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('holds at most its number of entries, dropping the least recently used', () => {
    const cache = localCache();
    const generation = cache.currentGeneration();
    for (let i = 0; i < CATALOGUE_CACHE_MAX_ENTRIES + 1_000; i++) cache.put(`k${i}`, { i }, generation);
    expect(cache.size().entries).toBe(CATALOGUE_CACHE_MAX_ENTRIES);
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get(`k${CATALOGUE_CACHE_MAX_ENTRIES + 999}`)?.body).toBe(`{"i":${CATALOGUE_CACHE_MAX_ENTRIES + 999}}`);
  });

  it('holds at most its bytes, whatever the size of each entry', () => {
    const cache = localCache();
    const generation = cache.currentGeneration();
    const page = 'x'.repeat(200 * 1024);
    for (let i = 0; i < 1_000; i++) cache.put(`page:${i}`, page, generation);
    const { entries, bytes } = cache.size();
    expect(bytes).toBeLessThanOrEqual(CATALOGUE_CACHE_MAX_BYTES);
    expect(bytes).toBeGreaterThan(CATALOGUE_CACHE_MAX_BYTES * 0.9);
    expect(entries).toBeLessThan(1_000);
  });

  it('drops expired entries on its own, without their keys being read again', () => {
    // The cache's timers and its clock (performance.now) move together, 31 s at once.
    jest.useFakeTimers({ doNotFake: ['performance'] });
    let now = performance.now();
    jest.spyOn(performance, 'now').mockImplementation(() => now);
    const cache = localCache();
    for (let i = 0; i < 100; i++) cache.put(`k${i}`, { i }, cache.currentGeneration());
    expect(cache.size().entries).toBe(100);
    now += CATALOGUE_CACHE_TTL_MS + 1_000;
    jest.advanceTimersByTime(CATALOGUE_CACHE_TTL_MS + 1_000);
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 });
  });

  it('stores nothing read before a write (the generation moved on)', () => {
    const cache = localCache();
    const generation = cache.currentGeneration();
    cache.invalidate();
    cache.put('packs', [], generation);
    expect(cache.get('packs')).toBeUndefined();
  });
});
