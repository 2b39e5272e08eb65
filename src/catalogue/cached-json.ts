import type { FastifyReply, FastifyRequest } from 'fastify';
import { CachedBody, CatalogueCacheService } from './catalogue-cache.service';

export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60';

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): a list, W/ prefixes and * all count. */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value === etag) return true;
  return value.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** Sends a cached answer: 304 when the client already has it, else the stored bytes. */
export function writeCached(request: FastifyRequest, reply: FastifyReply, entry: CachedBody): FastifyReply {
  reply.header('etag', entry.etag).header('cache-control', CATALOGUE_CACHE_CONTROL);
  if (matchesEtag(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(entry.bytes ?? entry.body);
}

/**
 * Answers from the response cache, computing and storing the answer on a miss.
 * `produce` runs only on a miss (and may throw, e.g. a 404, which is not cached).
 */
export async function sendCachedJson(
  cache: CatalogueCacheService,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  produce: () => Promise<unknown>,
): Promise<void> {
  let entry = cache.get(key);
  if (!entry) {
    const generation = cache.currentGeneration();
    entry = cache.put(key, await produce(), generation);
  }
  writeCached(request, reply, entry);
}
