import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { isWarmUpRequest } from './warm-up';

/**
 * A request's access-log fields: method and path, never a header or the query string (it may carry
 * tokens), with the token of the e-mailed one-time links masked (the API's reset, verify-email,
 * sign-in-link and earlier-leads confirm paths, and the site's pages for those links).
 */
export function accessLogRequest(req: { id?: unknown; method?: string; url?: string }) {
  return {
    id: req.id,
    method: req.method,
    url: String(req.url)
      .split('?')[0]
      .replace(
        /\/(reset|verify-email|email-verification|sign-in-link|confirm|confirm-earlier-requests)\/([^/]+)\/[^/]+/,
        '/$1/$2/[redacted]',
      ),
  };
}

/** The request logger's own pino logger, once the app has made it (undefined before, and in unit tests). */
export type AccessLog = () => Logger | undefined;

/**
 * Writes the access-log line of an answer the request logger does not see: the site's pages, which
 * Fastify serves outside Nest's middleware, and cached pages sent by the read lane before Fastify.
 * Same fields and message as the request logger's lines; the start-up warm-up is not logged.
 */
export function logAnswer(accessLog: AccessLog, req: IncomingMessage, res: ServerResponse, elapsedMs: number): void {
  const logger = accessLog();
  if (!logger || isWarmUpRequest(req.headers)) return;
  const line = { req, res, responseTime: Math.round(elapsedMs) };
  if (res.statusCode >= 500) logger.error(line, 'request errored');
  else logger.info(line, 'request completed');
}
