import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers about accounts, tokens and the back-office (exports included) are never stored by a cache. */
const PRIVATE_PATHS = /^\/api\/(users|admin)(\/|$|\?)/;
/** The only routes that take multipart forms: a destination and its images. */
const MULTIPART_ROUTES = /^\/api\/admin\/destinations\/?(\d+\/?)?(\?|$)/;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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

/**
 * Two request-level rules of the API:
 * - `Cache-Control: no-store` on account, token, profile and back-office answers;
 * - JSON only: a body of any other type is refused with 415 before it is parsed. Form-encoded and
 *   text bodies are what a cross-site HTML form can send without a CORS preflight, so accepting
 *   them would let another site post to the API with the visitor's cookies. Multipart stays for
 *   the destination upload routes.
 */
export function installRequestPolicies(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const url = request.url;
    if (PRIVATE_PATHS.test(url)) void reply.header('Cache-Control', 'no-store');
    if (url.startsWith('/api/') && BODY_METHODS.has(request.method) && hasBody(request)) {
      const type = mediaType(request);
      const allowed = type === 'application/json' || (type === 'multipart/form-data' && MULTIPART_ROUTES.test(url));
      if (!allowed) {
        void reply
          .code(415)
          .header('Cache-Control', 'no-store')
          .send({ statusCode: 415, error: UNSUPPORTED_MEDIA_TYPE, message: UNSUPPORTED_MEDIA_TYPE });
        return;
      }
    }
    done();
  });
}

/** Development CORS: local front-end dev servers only (any port), never an arbitrary origin. */
export const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;
