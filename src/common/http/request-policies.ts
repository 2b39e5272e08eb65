import { BadRequestException } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { INPUT_SHAPE, INPUT_TOO_WIDE, jsonTextShapeProblem, markShapeChecked, queryParamCount } from './input-shape';

/** Answers about accounts, tokens and the back-office (exports included) are never stored by a cache. */
const PRIVATE_PATHS = /^\/api\/(users|admin)(\/|$|\?)/;
/** The only routes that take multipart forms: a destination and its images. */
const MULTIPART_ROUTES = /^\/api\/admin\/destinations\/?(\d+\/?)?(\?|$)/;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * A mail stop link's one-click POST (RFC 8058): mail providers send `List-Unsubscribe=One-Click`
 * form-encoded. The body is read as text and ignored; the signed link is what counts, so another
 * site posting it only does what the link's holder could do with one click.
 */
const ONE_CLICK_ROUTES = /^\/api\/mail\/stop\/[a-p]+\/[a-p]+\/?(\?|$)/;
const FORM = 'application/x-www-form-urlencoded';

export const UNSUPPORTED_MEDIA_TYPE = 'Unsupported media type: send JSON (Content-Type: application/json).';

function mediaType(request: FastifyRequest): string {
  return String(request.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function refuse(reply: FastifyReply, status: number, text: string): void {
  void reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('content-type', 'application/json; charset=utf-8')
    .send({ statusCode: status, error: text, message: text });
}

/**
 * Three request-level rules of the API:
 * - `Cache-Control: no-store` on account, token, profile and back-office answers;
 * - a query string with more parameters than any route takes is a 400 before anything reads it
 *   (see input-shape.ts: validation's cost grows with the square of the key count);
 * - JSON only: a body of any other type is refused with 415 before it is parsed. Form-encoded and
 *   text bodies are what a cross-site HTML form can send without a CORS preflight, so accepting
 *   them would let another site post to the API with the visitor's cookies. Multipart stays for
 *   the destination upload routes.
 */
export function installRequestPolicies(fastify: FastifyInstance): void {
  if (!fastify.hasContentTypeParser(FORM))
    fastify.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
      done(null, {}),
    );
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const url = request.url;
    if (PRIVATE_PATHS.test(url)) void reply.header('Cache-Control', 'no-store');
    const queryStart = url.indexOf('?');
    if (queryStart !== -1 && queryParamCount(url.slice(queryStart + 1)) > INPUT_SHAPE.maxQueryParams) {
      refuse(reply, 400, INPUT_TOO_WIDE);
      return;
    }
    if (url.startsWith('/api/') && BODY_METHODS.has(request.method) && hasBody(request)) {
      const type = mediaType(request);
      const allowed =
        type === 'application/json' ||
        (type === 'multipart/form-data' && MULTIPART_ROUTES.test(url)) ||
        ((type === FORM || type === 'multipart/form-data') && ONE_CLICK_ROUTES.test(url));
      if (!allowed) {
        refuse(reply, 415, UNSUPPORTED_MEDIA_TYPE);
        return;
      }
    }
    done();
  });
}

/**
 * The one JSON body parser (Nest's own is turned off): fastify's safe parser (prototype poisoning
 * refused), after the input-shape check on the raw text, so a body wider or deeper than any route
 * accepts is a 400 before it is even parsed, let alone copied by class-transformer or checked by
 * class-validator. Every JSON route, the lean lane included,
 * gets its body from here.
 */
export function installJsonBodyParser(fastify: FastifyInstance, bodyLimit: number): void {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  if (fastify.hasContentTypeParser('application/json')) fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    const problem = jsonTextShapeProblem(body as string);
    if (problem) return done(new BadRequestException(problem), undefined);
    // Fastify's own parser answers through `done` (its return value is nothing to wait for). The
    // parsed body is marked, so the validation pipe does not walk again what the text scan covered.
    void parse(request, body as string, (err, value) => {
      if (!err) markShapeChecked(value);
      done(err, value);
    });
  });
}

/** Development CORS: local front-end dev servers only (any port), never an arbitrary origin. */
export const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;
