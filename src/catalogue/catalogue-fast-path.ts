import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeCached } from './cached-json';
import { CatalogueCacheService } from './catalogue-cache.service';
import { queryHasControlCharacter } from '../common/http/query-characters';
import { catalogueKeyForUrl } from './catalogue-keys';

type HeaderMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * Answers GETs of cached public catalogue responses from the very first Fastify request hook,
 * before Nest's middleware (the request logger), CORS, guards, pipes and interceptors: a hit costs
 * a map lookup plus the prebuilt security headers. It must be installed on the Fastify instance
 * before anything else, and is handed the cache once the Nest container exists.
 *
 * Cross-origin requests (with an Origin header) take the normal route so CORS stays in one place;
 * same-origin page loads and fetches do not send Origin for a GET. Hits are not access-logged and
 * skip the per-IP throttle: they cost less than a refusal would. Misses, bad and unknown ids take
 * the normal route (CatalogueController), which fills the cache.
 */
export function installCatalogueFastPath(fastify: FastifyInstance, securityHeaders: HeaderMiddleware) {
  let cache: CatalogueCacheService | undefined;
  const noop = () => undefined;
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    if (cache === undefined || request.method !== 'GET' || request.headers.origin !== undefined) return done();
    const key = catalogueKeyForUrl(request.url);
    const entry = key ? cache.get(key) : undefined;
    // A query with a control character is refused on every API route (query-characters.ts), hit or not.
    if (!entry || queryHasControlCharacter(request.url)) return done();
    securityHeaders(request.raw, reply.raw, noop);
    reply.header('vary', 'Origin');
    writeCached(request, reply, entry);
  });
  return {
    attach(catalogueCache: CatalogueCacheService): void {
      cache = catalogueCache;
    },
  };
}
