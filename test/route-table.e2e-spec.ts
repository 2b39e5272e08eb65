import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ModulesContainer } from '@nestjs/core';
import { FAST_LANES, listControllerRoutes, listRegisteredRoutes } from '../src/common/http/route-table';
import { AppConfig } from '../src/config/app-config';
import { OUTSIDE_API_PREFIX } from '../src/configure-app';
import { bootTestApp, TestApp } from './support/test-app';

/** Every file under `dir`, as the URL path @fastify/static serves it under `prefix`. */
function builtFiles(dir: string, prefix: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(prefix + relative(dir, full).split('\\').join('/'));
    }
  };
  walk(dir);
  return out;
}

describe('the route table: every route is a controller or a listed fast lane', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(() => t.close());

  it('finds no registered route outside the controllers and FAST_LANES', () => {
    const fastify = t.app.getHttpAdapter().getInstance();
    const config = t.app.get(AppConfig);
    const known = new Set<string>();
    const add = (method: string, path: string) => known.add(`${method} ${path.replace(/(.)\/+$/, '$1')}`);
    for (const r of listControllerRoutes(t.app.get(ModulesContainer), 'api', OUTSIDE_API_PREFIX)) add(r.method, r.path);
    for (const lane of FAST_LANES) for (const r of lane.routes) add(r.method, r.path);
    for (const file of [...builtFiles(config.siteDist, '/'), ...builtFiles(config.adminDist, '/admin/')])
      add('GET', file);
    const registered = listRegisteredRoutes(fastify);
    expect(registered.length).toBeGreaterThan(50);
    const unknown = registered
      .filter((r) => r.method !== 'HEAD' || !known.has(`GET ${r.path.replace(/(.)\/+$/, '$1')}`))
      .map((r) => `${r.method} ${r.path.replace(/(.)\/+$/, '$1')}`)
      .filter((key) => !known.has(key));
    expect([...new Set(unknown)]).toEqual([]);
  });
});

describe('the fast lanes keep the global steps they claim', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(() => t.close());

  it('sends the security headers on every probe of every lane, and errors as the one JSON error body', async () => {
    const probes = FAST_LANES.flatMap((lane) => lane.probes.map((path) => ({ owner: lane.owner, path })));
    expect(probes.length).toBeGreaterThan(5);
    for (const { owner, path } of probes) {
      // Twice: the catalogue's cache answers the second read of a list from its own hook.
      for (let i = 0; i < 2; i++) {
        const res = await t.http().get(path);
        const seen = {
          owner,
          path,
          csp: typeof res.headers['content-security-policy'],
          nosniff: res.headers['x-content-type-options'],
          frame: res.headers['x-frame-options'],
        };
        expect(seen).toEqual({ owner, path, csp: 'string', nosniff: 'nosniff', frame: 'SAMEORIGIN' });
        if (res.status >= 400) {
          expect({ path, type: res.headers['content-type'] }).toEqual({
            path,
            type: expect.stringMatching(/^application\/json/),
          });
          expect(res.body).toMatchObject({
            statusCode: res.status,
            error: expect.any(String),
            message: expect.any(String),
          });
        }
      }
    }
  });
});
