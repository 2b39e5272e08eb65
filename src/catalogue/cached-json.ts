import type { FastifyReply, FastifyRequest } from 'fastify';
import { CatalogueCacheService } from './catalogue-cache.service';

/**
 * Answers from the response cache: the serialized body with a strong ETag, 304 when the client
 * already has it. `produce` runs only on a miss (and may throw, e.g. a 404).
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
  reply.header('ETag', entry.etag).header('Cache-Control', 'public, max-age=60');
  if (request.headers['if-none-match'] === entry.etag) {
    reply.status(304).send();
    return;
  }
  reply.type('application/json; charset=utf-8').send(entry.body);
}
