import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { CatalogueCacheService } from './catalogue-cache.service';
import { catalogueKeyForUrl } from './catalogue-keys';
import { writeCached } from './cached-json';

/**
 * Answers GETs of cached public catalogue responses straight from a Fastify request hook, before
 * Nest's guards, pipes and interceptors: a hit costs a map lookup. Misses, bad ids and unknown ids
 * take the normal route (CatalogueController), which fills the cache.
 *
 * The hook is added during module init, so it runs after the security headers (helmet), CORS and
 * the request logger, and answers carry exactly what the controller's answers carry. Hits skip the
 * per-IP throttle: they cost less than a refusal would.
 */
@Injectable()
export class CatalogueFastPath implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly cache: CatalogueCacheService,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance?.() as FastifyInstance | undefined;
    if (typeof fastify?.addHook !== 'function') return;
    fastify.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET') return done();
      const key = catalogueKeyForUrl(request.url);
      const entry = key ? this.cache.get(key) : undefined;
      if (!entry) return done();
      writeCached(request, reply, entry);
    });
  }
}
