import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AccessLog, logAnswer } from '../common/http/access-log';
import { AppConfig } from '../config/app-config';
import { toErrorBody } from '../common/filters/error-body';
import { sendHtml } from './html-encoding';
import { NotFoundException } from '@nestjs/common';
import { SsrService } from '../ssr/ssr.service';
import { patternPrefix, ROUTE_PATTERNS } from '../../shared/paths';
import { SEED_FOLDER } from '../demo/demo-images';

const SEED_UPLOADS = `/uploads/${SEED_FOLDER}/`;
/** The e-mailed reset link's path before its parameters: `/api/users/reset/`. */
const RESET_PAGE_PREFIX = patternPrefix(ROUTE_PATTERNS.resetPassword);
const HASHED = /[-.][A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|jpe?g|webp|svg|avif)$/;

function cacheHeaders(reply: FastifyReply, file: string): void {
  // A pre-compressed copy (x.js.br) is cached like the file it stands for.
  const path = file.replace(/\.(br|gz)$/, '');
  if (path.endsWith('.html')) reply.header('Cache-Control', 'no-cache');
  else if (HASHED.test(path)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  else reply.header('Cache-Control', 'public, max-age=3600');
}

class SpaIndex {
  private cached: Buffer | null = null;
  constructor(private readonly dir: string) {}
  get(): Buffer | null {
    if (!this.cached && existsSync(join(this.dir, 'index.html')))
      this.cached = readFileSync(join(this.dir, 'index.html'));
    return this.cached;
  }
}

/** A GET that a browser makes for a page (not an asset, not a JSON fetch). */
export function wantsHtml(request: FastifyRequest): boolean {
  const accept = String(request.headers.accept ?? '');
  return accept.includes('text/html');
}

/**
 * Serves the built site at /, the back-office at /admin and uploads at /uploads. Any other GET
 * outside /api and /uploads without a file extension is a page: the site's pages are rendered on
 * the server (SsrService; the plain index.html when no server bundle is built), the back-office's
 * answer its SPA index.html.
 */
export async function registerStaticFiles(
  app: NestFastifyApplication,
  config: AppConfig,
  ssr: SsrService,
  pictureReady: (file: string) => Promise<void> | null = () => null,
  accessLog: AccessLog = () => undefined,
): Promise<void> {
  const site = new SpaIndex(config.siteDist);
  const admin = new SpaIndex(config.adminDist);

  await app.register(fastifyStatic, {
    root: config.uploadDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    setHeaders: (reply: FastifyReply) => {
      void reply.header('Cache-Control', 'public, max-age=604800');
    },
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
      // The build writes x.br and x.gz beside each text file; the client's Accept-Encoding picks one.
      preCompressed: true,
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

  const sendSitePage = async (reply: FastifyReply, request: FastifyRequest) => {
    let answer: Awaited<ReturnType<SsrService['render']>>;
    try {
      answer = await ssr.render(request.url.split('?')[0]);
    } catch (err) {
      // The browser can still render the page itself from the plain index.html.
      request.log.error({ err }, `Server rendering of ${request.url.split('?')[0]} failed`);
      answer = null;
    }
    if (!answer) return sendIndex(reply, site.get(), request);
    if (answer.kind === 'redirect') return reply.redirect(answer.location, answer.status);
    return sendHtml(request, reply, answer.page, answer.status);
  };

  const fastify = app.getHttpAdapter().getInstance();
  const fallback = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    if (/^\/(api|uploads)(\/|$)/.test(path)) {
      return sendNotFound(reply, request);
    }
    if (/\.[a-z0-9]{1,8}$/i.test(path) && !path.startsWith('/admin/api/')) return sendNotFound(reply, request);
    if (path === '/admin' || path.startsWith('/admin/')) return sendIndex(reply, admin.get(), request);
    return sendSitePage(reply, request);
  };
  // A demo picture still being rendered after start-up (DemoSeedService): its request waits until it
  // is on disk, then is served (or refused) like any other upload.
  // A callback hook, not an async one: every other request passes it without a promise of its own.
  fastify.addHook('onRequest', (request, _reply, done) => {
    const pending =
      request.url.startsWith(SEED_UPLOADS) && (request.method === 'GET' || request.method === 'HEAD')
        ? pictureReady(request.url.slice('/uploads/'.length).split('?')[0])
        : null;
    if (!pending) return done();
    pending.then(
      () => done(),
      () => done(),
    );
  });
  // The e-mailed reset link is also an API path: a browser navigation gets the site's page.
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' && request.url.startsWith(RESET_PAGE_PREFIX) && wantsHtml(request)) {
      await sendSitePage(reply, request);
      return reply;
    }
  });
  // Pages, the back-office's index and unknown paths alike reach the access log (Nest's request
  // logger runs only for its own routes).
  const onResponse = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    logAnswer(accessLog, request.raw, reply.raw, reply.elapsedTime);
    done();
  };
  fastify.get('/', { onResponse }, fallback);
  fastify.get('/*', { onResponse }, fallback);
}
