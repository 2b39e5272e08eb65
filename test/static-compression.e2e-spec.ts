import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDir } from '../vite-precompress';
import { bootTestApp, TestApp } from './support/test-app';

/** The bytes exactly as sent (supertest would decompress them). */
function fetchRaw(
  url: string,
  acceptEncoding: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((done, fail) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', fail);
  });
}

describe('static assets: pre-compressed at build time, cached immutably when hashed', () => {
  let t: TestApp;
  const dist = mkdtempSync(join(tmpdir(), 'site-dist-'));
  const script = `export const greeting = ${JSON.stringify('¡Hola! '.repeat(400))};\n`;

  beforeAll(async () => {
    mkdirSync(join(dist, 'static/js'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="es"><title>Site</title></html>');
    writeFileSync(join(dist, 'static/js/app-AbCdEf12.js'), script);
    writeFileSync(join(dist, 'static/js/tiny-AbCdEf12.js'), 'export {};\n');
    writeFileSync(join(dist, 'logo.png'), Buffer.alloc(4096, 7));
    expect(await precompressDir(dist)).toBe(1);
    t = await bootTestApp({ SITE_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('writes brotli and gzip copies of text files only, and only where it pays', () => {
    expect(existsSync(join(dist, 'static/js/app-AbCdEf12.js.br'))).toBe(true);
    expect(existsSync(join(dist, 'static/js/app-AbCdEf12.js.gz'))).toBe(true);
    expect(existsSync(join(dist, 'static/js/tiny-AbCdEf12.js.br'))).toBe(false);
    expect(existsSync(join(dist, 'logo.png.br'))).toBe(false);
  });

  it.each([
    ['br, gzip, deflate', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ])(
    'answers Accept-Encoding "%s" with the %s copy, typed and cached like the original',
    async (accept, encoding, decode) => {
      const res = await fetchRaw(`${t.baseUrl}/static/js/app-AbCdEf12.js`, accept);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(res.body).toString('utf8')).toBe(script);
      expect(res.body.length).toBeLessThan(Buffer.byteLength(script) / 10);
    },
  );

  it('sends the plain file to a client that accepts no compression', async () => {
    const res = await fetchRaw(`${t.baseUrl}/static/js/app-AbCdEf12.js`, 'identity');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.toString('utf8')).toBe(script);
  });

  it('serves a file without a compressed copy as it is', async () => {
    const res = await fetchRaw(`${t.baseUrl}/static/js/tiny-AbCdEf12.js`, 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toContain('immutable');
  });
});
