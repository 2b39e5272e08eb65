import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { STAFF_ACCESS_KEY, type StaffAccess } from '../decorators/authenticated.decorator';
import { IS_PUBLIC_KEY } from '../decorators/public.decorator';

/**
 * Where every route of the server is found. There are two places, and only two:
 *
 * 1. **Controllers** (Nest's own metadata, read by `listControllerRoutes`): every `/api` route and
 *    `/metrics`. Some of them are served by a faster lane with the same steps — `@LeanRoute()`
 *    handlers (src/common/http/lean-route.ts) and the catalogue's cache (below) — but they are still
 *    declared, guarded and documented by their controller.
 * 2. **`FAST_LANES`**, the table below: the few plain Fastify routes and request hooks that are not
 *    controllers (static files, the site's pages, sitemap/robots, derived images), each with the file
 *    that registers it and the global steps it keeps.
 *
 * `test/route-table.e2e-spec.ts` compares the routes Fastify actually registered with these two and
 * fails on any route found in neither, and checks the fast lanes against the global steps (security
 * headers, the JSON error body) they claim.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS' | 'ALL';

/** One controller route as Nest registers it, with what its decorators say about access. */
export interface ControllerRoute {
  method: HttpMethod;
  /** Fastify form, e.g. /api/admin/leads/:id */
  path: string;
  isPublic: boolean;
  /** Admins only (the back-office's admin pages). */
  adminOnly: boolean;
  /** Admins and agents (the lead desk): a staff route an agent may call. */
  deskOpen: boolean;
  /** `Controller.method`, for messages. */
  handler: string;
  controller: Type<unknown>;
  /** The controller instance (undefined for a controller Nest did not instantiate). */
  instance: object | undefined;
  handlerName: string;
  handlerFn: (...args: unknown[]) => unknown;
}

/** A route or hook outside the controllers, with the steps of the global pipeline it keeps. */
export interface FastLane {
  /** Routes it registers, in Fastify form; a hook in front of controller routes registers none. */
  routes: ReadonlyArray<{ method: HttpMethod; path: string }>;
  /** The file that registers it. */
  owner: string;
  what: string;
  /** Paths to request in the table's test: each answer must carry the security headers. */
  probes: readonly string[];
}

export const FAST_LANES: readonly FastLane[] = [
  {
    routes: [{ method: 'OPTIONS', path: '*' }],
    owner: 'src/configure-app.ts (enableCors)',
    what: "CORS preflight of every path: the site's own origin (and local dev servers outside production) only.",
    probes: [],
  },
  {
    routes: [
      { method: 'GET', path: '/api/docs' },
      { method: 'GET', path: '/api/docs/*' },
      { method: 'GET', path: '/api/docs/index.html' },
      { method: 'GET', path: '/api/docs/LICENSE' },
      { method: 'GET', path: '/api/docs/swagger-ui-init.js' },
      { method: 'GET', path: '/api/docs/docs/*' },
      { method: 'GET', path: '/api/docs/docs/swagger-ui-init.js' },
      { method: 'GET', path: '/api/docs/openapi.json' },
      { method: 'GET', path: '/api/docs-yaml' },
    ],
    owner: 'src/configure-app.ts (SwaggerModule.setup), gated by src/common/http/api-docs-access.ts',
    what: 'the OpenAPI document and its viewer; with API_DOCS=admin (production) signed-in admins only.',
    probes: ['/api/docs/openapi.json'],
  },
  {
    routes: [],
    owner: 'src/catalogue/catalogue-fast-path.ts (a read lane of src/common/http/fair-admission.ts)',
    what:
      'before Fastify: a same-origin GET whose answer is in the catalogue cache is sent from the cache ' +
      '(security headers kept, counted in the metrics); every miss goes on to CatalogueController, which fills the cache.',
    probes: ['/api/travel-packs', '/api/destinations/'],
  },
  {
    routes: [],
    owner: 'src/static/page-read-lane.ts (a read lane of src/common/http/fair-admission.ts)',
    what:
      'before Fastify: a same-origin GET of a site page already rendered and cached is sent from the cache ' +
      '(same encoding, ETag and headers as the page route below); every other page goes on to that route.',
    probes: ['/'],
  },
  {
    routes: [
      { method: 'GET', path: '/sitemap.xml' },
      { method: 'GET', path: '/robots.txt' },
    ],
    owner: 'src/seo/seo-routes.ts',
    what: 'sitemap and robots at the site root, cached with an ETag; a build failure is a JSON 503.',
    probes: ['/sitemap.xml', '/robots.txt'],
  },
  {
    routes: [
      { method: 'GET', path: '/uploads/:folder/:name(^[a-z0-9-]{1,100})-og.jpg' },
      { method: 'GET', path: '/uploads/:folder/:name(^[a-z0-9-]{1,100})-portrait.webp' },
    ],
    owner: 'src/seo/seo-routes.ts',
    what: 'link-preview and portrait images derived from a stored image on first request; unknown is a JSON 404.',
    probes: ['/uploads/nothing/none-og.jpg'],
  },
  {
    routes: [
      { method: 'GET', path: '/uploads/*' },
      { method: 'GET', path: '/assets/*' },
      { method: 'GET', path: '/admin/assets/*' },
      { method: 'GET', path: '/' },
      { method: 'GET', path: '/*' },
    ],
    owner: 'src/static/static-files.ts',
    what:
      'uploaded images and the built site and back-office (@fastify/static); every other GET is a site ' +
      'page (server-rendered), the back-office shell under /admin, or a JSON 404 under /api and /uploads. ' +
      'An onRequest hook sends the site page to a browser that navigates to the e-mailed /api/users/reset/ link.',
    probes: ['/', '/admin', '/no-such-page', '/uploads/missing.jpg', '/api/no-such-route'],
  },
];

/** Nest's path metadata and the global prefix joined the way Nest does. */
export function joinRoutePath(...parts: Array<string | undefined>): string {
  return (
    '/' +
    parts
      .flatMap((p) => (p ?? '').split('/'))
      .filter(Boolean)
      .join('/')
  );
}

/**
 * Every controller route of the app, read from Nest's metadata (a route added tomorrow is listed
 * without editing anything). `outsidePrefix` lists controller paths served without the prefix.
 */
export function listControllerRoutes(
  modules: ModulesContainer,
  prefix: string,
  outsidePrefix: readonly string[] = [],
): ControllerRoute[] {
  const routes: ControllerRoute[] = [];
  const seen = new Set<unknown>();
  const scanner = new MetadataScanner();
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type<unknown> | undefined;
      if (!controller || seen.has(controller)) continue;
      seen.add(controller);
      const bases = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      // Nest's own scanner: methods of the whole prototype chain, accessors left out (never run).
      for (const name of scanner.getAllMethodNames(controller.prototype)) {
        const handlerFn = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handlerFn !== 'function') continue;
        const sub = Reflect.getMetadata(PATH_METADATA, handlerFn) as string | string[] | undefined;
        if (sub === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handlerFn) as RequestMethod] as HttpMethod;
        const meta = (key: string): unknown =>
          Reflect.getMetadata(key, handlerFn) ?? Reflect.getMetadata(key, controller);
        const flag = (key: string) => !!meta(key);
        // The route's own access wins over its controller's, as in StaffGuard.
        const staff = meta(STAFF_ACCESS_KEY) as StaffAccess | undefined;
        for (const base of bases) {
          for (const s of ([] as string[]).concat(sub)) {
            const own = joinRoutePath(base, s);
            routes.push({
              method,
              path: outsidePrefix.includes(own.slice(1)) ? own : joinRoutePath(prefix, base, s),
              isPublic: flag(IS_PUBLIC_KEY),
              adminOnly: staff === 'admin',
              deskOpen: staff === 'desk',
              handler: `${controller.name}.${name}`,
              controller,
              instance: wrapper.instance as object | undefined,
              handlerName: name,
              handlerFn: handlerFn as ControllerRoute['handlerFn'],
            });
          }
        }
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

const registeredRoutes = new WeakMap<FastifyInstance, Array<{ method: string; path: string }>>();

/** Records every route Fastify registers from now on (call before any route exists). */
export function recordRegisteredRoutes(fastify: FastifyInstance): void {
  const registered: Array<{ method: string; path: string }> = [];
  registeredRoutes.set(fastify, registered);
  fastify.addHook('onRoute', (route) => {
    for (const method of ([] as string[]).concat(route.method)) registered.push({ method, path: route.url });
  });
}

/** The routes Fastify registered since `recordRegisteredRoutes`, as they were registered. */
export function listRegisteredRoutes(fastify: FastifyInstance): ReadonlyArray<{ method: string; path: string }> {
  return registeredRoutes.get(fastify) ?? [];
}
