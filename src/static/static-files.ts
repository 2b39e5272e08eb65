import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';
import { toErrorBody } from '../common/filters/error-body';
import { NotFoundException } from '@nestjs/common';

const HASHED = /[-.][A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|jpe?g|webp|svg|avif)$/;

function cacheHeaders(reply: FastifyReply, path: string): void {
  if (path.endsWith('.html')) reply.header('Cache-Control', 'no-cache');
  else if (HASHED.test(path)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  else reply.header('Cache-Control', 'public, max-age=3600');
}

class SpaIndex {
  private cached: Buffer | null = null;
  constructor(private readonly dir: string) {}
  get(): Buffer | null {
    if (!this.cached && existsSync(join(this.dir, 'index.html'))) this.cached = readFileSync(join(this.dir, 'index.html'));
    return this.cached;
  }
}

/** A GET that a browser makes for a page (not an asset, not a JSON fetch). */
export function wantsHtml(request: FastifyRequest): boolean {
  const accept = String(request.headers.accept ?? '');
  return accept.includes('text/html');
}

/**
 * Serves the built site at /, the back-office at /admin and uploads at /uploads, with SPA fallbacks:
 * any other GET outside /api and /uploads without a file extension answers the SPA's index.html.
 */
export async function registerStaticFiles(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const site = new SpaIndex(config.siteDist);
  const admin = new SpaIndex(config.adminDist);

  await app.register(fastifyStatic, {
    root: config.uploadDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    setHeaders: (reply: FastifyReply) => reply.header('Cache-Control', 'public, max-age=604800'),
  });
  for (const [root, prefix] of [
    [config.adminDist, '/admin/'],
    [config.siteDist, '/'],
  ] as const) {
    if (!existsSync(root)) continue;
    await app.register(fastifyStatic, {
      root,
      prefix,
      wildcard: false,
      index: false,
      decorateReply: prefix === '/',
      setHeaders: cacheHeaders,
    });
  }

  const sendIndex = (reply: FastifyReply, index: Buffer | null, request: FastifyRequest) => {
    if (!index) return sendNotFound(reply, request);
    return reply.status(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(index);
  };
  const sendNotFound = (reply: FastifyReply, request: FastifyRequest) => {
    const body = toErrorBody(new NotFoundException(`No route for ${request.method} ${request.url.split('?')[0]}`));
    return reply.status(404).type('application/json; charset=utf-8').send(body);
  };

  const fastify = app.getHttpAdapter().getInstance();
  const fallback = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    if (/^\/(api|uploads)(\/|$)/.test(path)) {
      return sendNotFound(reply, request);
    }
    if (/\.[a-z0-9]{1,8}$/i.test(path) && !path.startsWith('/admin/api/')) return sendNotFound(reply, request);
    if (path === '/admin' || path.startsWith('/admin/')) return sendIndex(reply, admin.get(), request);
    return sendIndex(reply, site.get(), request);
  };
  // The e-mailed reset link is also an API path: a browser navigation gets the site's page.
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' && request.url.startsWith('/api/users/reset/') && wantsHtml(request)) {
      await sendIndex(reply, site.get(), request);
      return reply;
    }
  });
  fastify.get('/', fallback);
  fastify.get('/*', fallback);
}
