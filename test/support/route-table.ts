import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ADMIN_ONLY_KEY } from '../../src/common/decorators/authenticated.decorator';
import { IS_PUBLIC_KEY } from '../../src/common/decorators/public.decorator';

/** One API route as Nest registered it, with what its decorators say about access. */
export interface RouteInfo {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS' | 'ALL';
  /** Fastify form, e.g. /api/admin/leads/:id */
  path: string;
  isPublic: boolean;
  adminOnly: boolean;
  handler: string;
}

const joinPath = (...parts: string[]) =>
  `/${parts
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;

/**
 * Every controller route of the running app (read from Nest's own metadata, so a route added
 * tomorrow is covered by the tests that use this list without editing them).
 */
export function listRoutes(app: NestFastifyApplication, prefix = 'api'): RouteInfo[] {
  const routes: RouteInfo[] = [];
  const scanner = new MetadataScanner();
  const seen = new Set<unknown>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: unknown[]) => unknown) | undefined;
      if (!controller || seen.has(controller)) continue;
      seen.add(controller);
      const base = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const name of scanner.getAllMethodNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name] as object;
        const sub = Reflect.getMetadata(PATH_METADATA, handler);
        if (sub === undefined) continue;
        const method = RequestMethod[
          Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod
        ] as RouteInfo['method'];
        const flag = (key: string) => !!(Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller));
        for (const b of base) {
          for (const s of ([] as string[]).concat(sub)) {
            routes.push({
              method,
              path: joinPath(prefix, b, s),
              isPublic: flag(IS_PUBLIC_KEY),
              adminOnly: flag(ADMIN_ONLY_KEY),
              handler: `${controller.name}.${name}`,
            });
          }
        }
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
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
