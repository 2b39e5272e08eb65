import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, lazyRoute, loadChunk } from './lazy-route';

describe('loadChunk', () => {
  afterEach(() => vi.useRealTimers());

  it('passes the module through when it arrives', async () => {
    await expect(loadChunk('deals', () => Promise.resolve({ ok: 1 }))).resolves.toEqual({ ok: 1 });
  });

  it("turns a failed import into 'Loading chunk N failed'", async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const error = await loadChunk('deals', () => Promise.reject(failure)).catch((e: unknown) => e as Error);
    expect(error.message).toBe('Loading chunk deals failed');
    expect(error.cause).toBe(failure);
  });

  it('gives up after 120 s and not before', async () => {
    vi.useFakeTimers();
    let settled: string | null = null;
    loadChunk('faq', () => new Promise(() => undefined)).then(
      () => (settled = 'resolved'),
      (e: Error) => (settled = e.message),
    );
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe('Loading chunk faq failed');
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });
});

describe('lazyRoute', () => {
  it('refuses a module whose route does not match the declared shape', async () => {
    const route = lazyRoute({ id: 'faq', path: 'faqs-page', module: 'src/app/routes/faq.tsx' }, () =>
      Promise.resolve({ id: 'terms', path: 'terms' }),
    );
    await expect((route.lazy as () => Promise<unknown>)()).rejects.toThrow('lazy route faq (faqs-page) loaded terms');
  });
});
