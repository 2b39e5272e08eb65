import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasControlCharacter, QUERY_CONTROL_CHARACTERS } from '../../../shared/rules/query';

/** A control character written percent-encoded into a query string: %00–%1F or %7F. */
const ENCODED_CONTROL_CHARACTER = /%(?:[01][0-9a-f]|7f)/i;

/** True when the query string of `url` holds a control character, raw or percent-encoded (not decoded here). */
export function queryHasControlCharacter(url: string): boolean {
  const start = url.indexOf('?');
  if (start === -1) return false;
  const query = url.slice(start + 1);
  return ENCODED_CONTROL_CHARACTER.test(query) || hasControlCharacter(query);
}

/**
 * The query rule of shared/rules/query.ts on every API route, public ones included, before any
 * route reads its query: a control character in it is a 400 with a clear JSON message (the
 * catalogue's cache hits step aside for it too, see catalogue-fast-path.ts). The JSON values of
 * the back-office lists (`filter`, `sort`, `range`) can also hold one as a JSON escape
 * (`\u0000`): simple-rest.ts refuses those.
 */
export function installQueryCharacterRule(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (request.url.startsWith('/api/') && queryHasControlCharacter(request.url)) {
      void reply
        .code(400)
        .header('Cache-Control', 'no-store')
        .header('content-type', 'application/json; charset=utf-8')
        .send({ statusCode: 400, error: QUERY_CONTROL_CHARACTERS, message: QUERY_CONTROL_CHARACTERS });
      return;
    }
    done();
  });
}
