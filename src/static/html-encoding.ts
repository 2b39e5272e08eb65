import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesEtag } from '../catalogue/cached-json';
import { CachedBody } from '../catalogue/catalogue-cache.service';

type Encoding = 'br' | 'gzip';

/** Pages shorter than this are sent as they are: compressing them saves less than it costs. */
const MIN_BYTES = 1024;
const encoded = new WeakMap<CachedBody, Partial<Record<Encoding, Buffer>>>();

/**
 * Accept-Encoding values already read, and the encoding each chose: browsers send a handful of
 * distinct values, so a cached page's answer skips parsing the header. At most PICKED_MAX values of
 * at most PICKED_KEY_MAX characters are kept (the first ones seen); any other is parsed each time.
 */
const picked = new Map<string, Encoding | null>();
const PICKED_MAX = 64;
const PICKED_KEY_MAX = 256;

/** The encoding to answer with: brotli, else gzip, when the client accepts it (a q=0 refuses). */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const known = picked.get(header);
  if (known !== undefined) return known;
  const chosen = parseAcceptEncoding(header);
  if (picked.size < PICKED_MAX && header.length <= PICKED_KEY_MAX) picked.set(header, chosen);
  return chosen;
}

function parseAcceptEncoding(header: string): Encoding | null {
  const offered = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
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

/** A server-rendered page's answer to one request, whoever sends it (Fastify or the page read lane). */
export interface PageAnswer {
  status: number;
  headers: Record<string, string>;
  /** Absent for a 304. */
  body?: Buffer;
}

/**
 * A server-rendered page compressed for the client (the static files are compressed at build time;
 * pages are compressed here, once, since rendered pages are cached). Each encoding has its own ETag,
 * as a strong ETag names one exact byte sequence. `status` other than 200 skips ETags.
 */
export function pageAnswer(
  page: CachedBody,
  status: number,
  acceptEncoding: string | string[] | undefined,
  ifNoneMatch: string | string[] | undefined,
): PageAnswer {
  const raw = page.bytes ?? Buffer.from(page.body, 'utf8');
  const encoding = raw.length >= MIN_BYTES ? pickEncoding(acceptEncoding) : null;
  const headers: Record<string, string> = { 'cache-control': 'no-cache', vary: 'Accept-Encoding' };
  if (status === 200) {
    const etag = encoding ? page.etag.replace(/"$/, `-${encoding}"`) : page.etag;
    headers.etag = etag;
    if (matchesEtag(ifNoneMatch, etag)) return { status: 304, headers };
  }
  headers['content-type'] = 'text/html; charset=utf-8';
  if (!encoding) return { status, headers, body: raw };
  headers['content-encoding'] = encoding;
  return { status, headers, body: encode(page, encoding) };
}

/** Sends a server-rendered page through Fastify (see pageAnswer). */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, page: CachedBody, status: number): FastifyReply {
  const answer = pageAnswer(page, status, request.headers['accept-encoding'], request.headers['if-none-match']);
  return reply.status(answer.status).headers(answer.headers).send(answer.body);
}
