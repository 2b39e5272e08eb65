import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesEtag } from '../catalogue/cached-json';
import { CachedBody } from '../catalogue/catalogue-cache.service';

type Encoding = 'br' | 'gzip';

/** Pages shorter than this are sent as they are: compressing them saves less than it costs. */
const MIN_BYTES = 1024;
const encoded = new WeakMap<CachedBody, Partial<Record<Encoding, Buffer>>>();

/** The encoding to answer with: brotli, else gzip, when the client accepts it (a q=0 refuses). */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const offered = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '')
    .toLowerCase()
    .split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) offered.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** The page's bytes in `encoding`, compressed once per rendered page (cached pages keep theirs). */
function encode(page: CachedBody, encoding: Encoding): Buffer {
  const cache = encoded.get(page) ?? {};
  encoded.set(page, cache);
  const raw = page.bytes ?? Buffer.from(page.body, 'utf8');
  return (cache[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        })
      : gzipSync(raw, { level: 9 }));
}

/**
 * Sends a server-rendered page compressed for the client (the static files are compressed at build
 * time; pages are compressed here, once, since rendered pages are cached). Each encoding has its
 * own ETag, as a strong ETag names one exact byte sequence. `status` other than 200 skips ETags.
 */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, page: CachedBody, status: number): FastifyReply {
  const raw = page.bytes ?? Buffer.from(page.body, 'utf8');
  const encoding = raw.length >= MIN_BYTES ? pickEncoding(request.headers['accept-encoding']) : null;
  reply.status(status).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
  if (status === 200) {
    const etag = encoding ? page.etag.replace(/"$/, `-${encoding}"`) : page.etag;
    reply.header('ETag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
  }
  reply.type('text/html; charset=utf-8');
  if (!encoding) return reply.send(raw);
  return reply.header('Content-Encoding', encoding).send(encode(page, encoding));
}
