import { mkdirSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import helmet from 'helmet';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger, PinoLogger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { CatalogueCacheService } from './catalogue/catalogue-cache.service';
import { catalogueReadLane } from './catalogue/catalogue-fast-path';
import { assertInjectable } from './common/di/assert-injectable';
import { protectApiDocs } from './auth/api-docs-access';
import { installFairAdmission } from './common/http/fair-admission';
import { setWritesWaitingProbe } from './database/writes-waiting';
import { installLeanRoutes } from './common/http/lean-route';
import { completeOpenApiDocument } from './common/http/openapi-document';
import { listControllerRoutes, recordRegisteredRoutes } from './common/http/route-table';
import { installQueryCharacterRule } from './common/http/query-characters';
import { collectHeaders, type RawAnswerContext } from './common/http/raw-answer';
import { installRequestTrace } from './common/http/request-trace';
import { installJsonBodyParser, installRequestPolicies, LOCAL_ORIGIN } from './common/http/request-policies';
import { buildValidationPipe } from './common/pipes/validation.pipe';
import { AppConfig } from './config/app-config';
import { PRIVATE_DIR_MODE, restrictFileModes } from './config/file-modes';
import { installRequestMetrics } from './metrics/request-metrics';
import { MetricsService } from './metrics/metrics.service';
import { BOOT_SCRIPT_CSP_SOURCE } from './ssr/boot-script';
import { SsrService } from './ssr/ssr.service';
import { registerSeoRoutes } from './seo/seo-routes';
import { pageReadLane } from './static/page-read-lane';
import { registerStaticFiles } from './static/static-files';
import { DemoSeedService } from './demo/demo-seed.service';
import { LIMITS } from '../shared/limits';

export const JSON_BODY_LIMIT = 1024 * 1024;
/** Controller paths served outside the /api prefix (Prometheus looks for /metrics). */
export const OUTSIDE_API_PREFIX = ['metrics'];
const API_PREFIX = 'api';
/** Response headers a cross-origin caller (the back-office's dev server) may read. */
const CORS_EXPOSED_HEADERS = ['Content-Range', 'X-Total-Count', 'ETag'];

/**
 * Builds the whole application (API, static site, back-office, uploads) without listening.
 * main.ts and the e2e tests both go through here, so tests run exactly what production runs.
 */
export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  // Every file and folder the server creates from here on is its user's only (config/file-modes.ts).
  restrictFileModes();
  mkdirSync(config.uploadDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const adapter = new FastifyAdapter({
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 500 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // A client gets requestTimeoutMs to send a whole request, headers and body (Node's default is
    // no limit): one that trickles its body in, or never finishes it, is answered 408 and closed
    // instead of holding a socket and a parser for ever. Only the receiving is timed: a slow answer
    // (an export) is not cut, and an idle keep-alive connection keeps Fastify's 72 s (beyond a proxy's).
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(config.requestTimeoutMs, 60_000),
      // How often Node looks for expired requests: its 30 s default could double the time-out.
      connectionsCheckingInterval: Math.min(Math.max(Math.floor(config.requestTimeoutMs / 4), 100), 5_000),
    },
  } as ConstructorParameters<typeof FastifyAdapter>[0]);
  // The security headers are built once: @fastify/helmet rebuilt the whole policy from its options on
  // every request (building it once raised cached catalogue reads from ~16k to ~25k req/s here).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The site's start-up script (src/ssr/boot-script.ts) by its hash; no other inline script.
        scriptSrc: ["'self'", BOOT_SCRIPT_CSP_SOURCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Every route registered from here on is listed, for the route table's check (common/http/route-table.ts).
  recordRegisteredRoutes(adapter.getInstance());
  // BENCH_TRACE=1 only: timing points of each request for the benchmark's trace (else nothing).
  installRequestTrace(adapter.getInstance());
  // Writes first come, first served, one started per turn of the event loop; reads at once.
  // The headers every answer carries, built once for the raw lanes: helmet's, and CORS's fixed two.
  // The metrics exist once the app does (below); an answer before that is not counted.
  const late: { metrics?: MetricsService } = {};
  const lanes: RawAnswerContext = {
    headers: collectHeaders(securityHeaders, {
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': CORS_EXPOSED_HEADERS.join(', '),
    }),
    observe: (method, route, status, seconds) => late.metrics?.observeRequest(method, route, status, seconds),
  };
  // Cached catalogue answers and pages leave from there too, before Fastify (read lanes, added below).
  const admission = installFairAdmission(adapter.getInstance().server as import('node:http').Server, lanes);
  // Writes waiting to start: SQLite's group commit waits a few turns for them, the outbox puts its
  // mails off (database/writes-waiting.ts).
  setWritesWaitingProbe(() => admission.queued() > 0);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(config), adapter, {
    bufferLogs: true,
    abortOnError: false,
    // The JSON parser is installed below (installJsonBodyParser), with the input-shape check.
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  // process.exit() (not a re-raised signal) after closing, so pino flushes its last log lines.
  app.enableShutdownHooks([], { useProcessExit: true });
  // /metrics stays outside the API's prefix, where Prometheus looks for it.
  app.setGlobalPrefix(API_PREFIX, { exclude: OUTSIDE_API_PREFIX });
  const validation = buildValidationPipe();
  app.useGlobalPipes(validation);
  // Credentials are granted to the site's own origin, plus local dev servers outside production; a
  // reflected "any origin" would let every site read signed-in answers.
  app.enableCors({
    origin: config.isProduction ? [config.publicUrl] : [config.publicUrl, LOCAL_ORIGIN],
    credentials: true,
    exposedHeaders: CORS_EXPOSED_HEADERS,
  });

  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) =>
      securityHeaders(request.raw, reply.raw, done as (err?: unknown) => void),
    );
  installRequestPolicies(app.getHttpAdapter().getInstance());
  installQueryCharacterRule(app.getHttpAdapter().getInstance());
  const appMetrics = app.get(MetricsService);
  late.metrics = appMetrics;
  installRequestMetrics(app.getHttpAdapter().getInstance(), appMetrics);
  installJsonBodyParser(app.getHttpAdapter().getInstance(), JSON_BODY_LIMIT);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: LIMITS.image.maxBytes, files: 40, fields: 100, fieldSize: 64 * 1024, parts: 150 },
  });

  const openApi = new DocumentBuilder()
    .setTitle('Travel deals API')
    .setDescription('Public catalogue, lead capture, accounts and the admin back-office API.')
    .setVersion('1.0')
    .addBearerAuth()
    .build();
  // Before the docs' routes exist: in production (API_DOCS=admin) they answer signed-in admins only.
  protectApiDocs(app, config);
  // The decorators' document, completed with the error body, the answers every route may give,
  // nullability and the trailing-slash paths (common/http/openapi-document.ts).
  const buildDocument = () =>
    completeOpenApiDocument(
      SwaggerModule.createDocument(app, openApi),
      listControllerRoutes(app.get(ModulesContainer), API_PREFIX, OUTSIDE_API_PREFIX),
    );
  SwaggerModule.setup('api/docs', app, buildDocument, {
    jsonDocumentUrl: 'api/docs/openapi.json',
  });

  registerSeoRoutes(app);
  const seed = app.get(DemoSeedService);
  // The site's pages are served outside Nest's middleware, so the request logger never sees them:
  // they write their access-log lines themselves, through its logger (common/http/access-log.ts),
  // which the logger module makes when the app starts (app.init() below).
  const accessLog = () => PinoLogger.root as PinoLogger['logger'] | undefined;
  await registerStaticFiles(app, config, app.get(SsrService), (file) => seed.pictureReady(file), accessLog);
  // The burst path of the public forms (@LeanRoute()): the same guards, pipe and filters, run from a hook.
  const leanRoutes = installLeanRoutes(app, { prefix: API_PREFIX, validation });
  await app.init();
  assertInjectable(app);
  leanRoutes.verify();
  const cache = app.get(CatalogueCacheService);
  admission.addReadLane(catalogueReadLane(cache, lanes));
  admission.addReadLane(pageReadLane(cache, lanes, accessLog));
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
