import { NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { matchesEtag } from '../catalogue/cached-json';
import { CachedBody } from '../catalogue/catalogue-cache.service';
import { toErrorBody } from '../common/filters/error-body';
import { DERIVED_IMAGES, DerivedImageService } from '../media/derived-image.service';
import { DERIVED_IMAGE_SUFFIXES, DerivedImageName } from '../../shared/images';
import { PATHS } from '../../shared/paths';
import { SitemapService } from './sitemap.service';

/** Crawlers re-read these often; an hour of caching is enough, and the ETag makes re-reads cheap. */
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * /sitemap.xml and /robots.txt at the site root, as plain Fastify routes beside the static site
 * (outside the /api prefix, its guards and its per-IP budget: both are cached and cheap).
 */
export function registerSeoRoutes(app: NestFastifyApplication): void {
  const sitemap = app.get(SitemapService);
  const fastify = app.getHttpAdapter().getInstance();
  const route = (path: string, type: string, load: () => Promise<CachedBody>) =>
    fastify.get(path, async (request: FastifyRequest, reply: FastifyReply) => {
      let entry: CachedBody;
      try {
        entry = await load();
      } catch (err) {
        request.log.error({ err }, `${path} could not be built`);
        const body = toErrorBody(new ServiceUnavailableException('Service temporarily unavailable.'));
        return reply.code(503).header('retry-after', '30').type('application/json; charset=utf-8').send(body);
      }
      reply.header('etag', entry.etag).header('cache-control', CACHE_CONTROL);
      if (matchesEtag(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
      return reply.type(type).send(entry.bytes ?? entry.body);
    });
  route(PATHS.sitemap, 'application/xml; charset=utf-8', () => sitemap.sitemap());
  route(PATHS.robots, 'text/plain; charset=utf-8', () => sitemap.robots());
  registerDerivedImages(app);
}

/**
 * /uploads/{folder}/{name}-og.jpg and -portrait.webp: the derived images of a stored image, made on
 * first request (these routes are more specific than the /uploads/* static files, which serve
 * everything else).
 */
function registerDerivedImages(app: NestFastifyApplication): void {
  const images = app.get(DerivedImageService);
  const fastify = app.getHttpAdapter().getInstance();
  for (const derived of Object.keys(DERIVED_IMAGES) as DerivedImageName[]) {
    fastify.get(
      `/uploads/:folder/:name(^[a-z0-9-]{1,100})${DERIVED_IMAGE_SUFFIXES[derived]}`,
      async (request: FastifyRequest, reply: FastifyReply) => {
        const { folder, name } = request.params as { folder: string; name: string };
        const file = await images.file(derived, `${folder}/${name}`);
        if (!file) {
          const body = toErrorBody(new NotFoundException(`No route for GET ${request.url.split('?')[0]}`));
          return reply.code(404).type('application/json; charset=utf-8').send(body);
        }
        const info = await stat(file);
        return reply
          .type(DERIVED_IMAGES[derived].contentType)
          .header('content-length', info.size)
          .header('last-modified', info.mtime.toUTCString())
          .header('cache-control', 'public, max-age=604800')
          .send(createReadStream(file));
      },
    );
  }
}
