import { ModulesContainer } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { listControllerRoutes, type ControllerRoute } from '../../src/common/http/route-table';
import { OUTSIDE_API_PREFIX } from '../../src/configure-app';

/** One API route as Nest registered it, with what its decorators say about access. */
export type RouteInfo = Pick<ControllerRoute, 'method' | 'path' | 'isPublic' | 'adminOnly' | 'deskOpen' | 'handler'>;

/**
 * Every controller route of the running app, from the server's one route table (a route added
 * tomorrow is covered by the tests that use this list without editing them).
 */
export function listRoutes(app: NestFastifyApplication, prefix = 'api'): RouteInfo[] {
  return listControllerRoutes(app.get(ModulesContainer), prefix, OUTSIDE_API_PREFIX).map(
    ({ method, path, isPublic, adminOnly, deskOpen, handler }) => ({
      method,
      path,
      isPublic,
      adminOnly,
      deskOpen,
      handler,
    }),
  );
}

/** Percent-encodes any string, lone surrogates included (as their UTF-8 replacement bytes). */
const encodeSegment = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
};

/** Replaces each :param with the value `fill` gives for it. */
export function fillPath(path: string, fill: (param: string) => string | number): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeSegment(String(fill(name))));
}
