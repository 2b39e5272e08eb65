import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { ReadLane } from '../common/http/fair-admission';
import { queryHasControlCharacter } from '../common/http/query-characters';
import { type RawAnswerContext, rawHead, writeRawAnswer } from '../common/http/raw-answer';
import { CATALOGUE_CACHE_CONTROL, matchesEtag } from './cached-json';
import { CachedBody, CatalogueCacheService } from './catalogue-cache.service';
import { catalogueKeyForUrl } from './catalogue-keys';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers GETs of cached public catalogue responses from the raw request, before Fastify (a read
 * lane of fair-admission.ts): a hit costs the URL's key, a map lookup and one write of headers
 * built once (the same security and CORS headers every answer carries). Routing, hooks, Nest's
 * middleware, guards, pipes and interceptors are for misses. Why (BENCHMARKS.md): a cached answer
 * still cost Fastify's request and reply objects, routing and send hooks, 25–50% of the rate a bare
 * node:http server reaches with the same bytes; for small bodies that fixed cost was most of it.
 *
 * Cross-origin requests (with an Origin header) take the normal route so CORS stays in one place;
 * same-origin page loads and fetches do not send Origin for a GET. Hits are not access-logged and
 * skip the per-IP throttle (they cost less than a refusal would), but are counted in the request
 * metrics under their route. Misses, bad and unknown ids, and a query with a control character
 * (refused on every API route, query-characters.ts) take the normal route (CatalogueController),
 * which fills the cache.
 */
export function catalogueReadLane(cache: CatalogueCacheService, ctx: RawAnswerContext): ReadLane {
  // Each cached answer's two header lists (200 and 304), built on its first hit.
  const heads = new WeakMap<CachedBody, { ok: string[]; notModified: string[]; body: Buffer }>();
  const headsOf = (entry: CachedBody) => {
    let built = heads.get(entry);
    if (!built) {
      const own = { vary: 'Origin', etag: entry.etag, 'cache-control': CATALOGUE_CACHE_CONTROL };
      const body = entry.bytes ?? Buffer.from(entry.body, 'utf8');
      built = {
        ok: rawHead(ctx, { ...own, 'content-type': JSON_TYPE }, body),
        notModified: rawHead(ctx, own),
        body,
      };
      heads.set(entry, built);
    }
    return built;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    if (req.method !== 'GET' || !url.startsWith('/api/') || req.headers.origin !== undefined) return false;
    const started = performance.now();
    const hit = catalogueKeyForUrl(url);
    const entry = hit ? cache.get(hit.key) : undefined;
    if (!hit || !entry || queryHasControlCharacter(url)) return false;
    const { ok, notModified, body } = headsOf(entry);
    if (matchesEtag(req.headers['if-none-match'], entry.etag)) {
      writeRawAnswer(ctx, req, res, { route: hit.route, status: 304, head: notModified, started });
    } else {
      writeRawAnswer(ctx, req, res, { route: hit.route, status: 200, head: ok, body, started });
    }
    return true;
  };
}
