import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { CachedBody, CatalogueCacheService } from '../catalogue/catalogue-cache.service';
import type { ReadLane } from '../common/http/fair-admission';
import { type RawAnswerContext, rawHead, writeRawAnswer } from '../common/http/raw-answer';
import { type AccessLog, logAnswer } from '../common/http/access-log';
import { SSR_PAGE_KEY_PREFIX } from '../ssr/ssr.service';
import { PageAnswer, pageAnswer } from './html-encoding';

/**
 * Answers GETs of site pages already rendered and cached (SsrService keeps the pages that are the
 * same for every visitor in the catalogue cache) from the raw request, before Fastify: the same
 * bytes, encoding, ETag and headers as the page route (static-files.ts), without its routing and
 * hooks (each answer still written to the access log). Anything else — a page not rendered yet, the back-office, the API (the e-mailed reset link
 * is rendered by a hook there), uploads, a cross-origin GET — takes the normal route.
 */
export function pageReadLane(
  cache: CatalogueCacheService,
  ctx: RawAnswerContext,
  accessLog: AccessLog = () => undefined,
): ReadLane {
  // Header lists per page and answer (encoding and status), built on first use.
  const heads = new WeakMap<CachedBody, Map<string, string[]>>();
  const headOf = (page: CachedBody, answer: PageAnswer) => {
    const key = `${answer.status} ${answer.headers['content-encoding'] ?? ''}`;
    let byAnswer = heads.get(page);
    if (!byAnswer) heads.set(page, (byAnswer = new Map()));
    let head = byAnswer.get(key);
    if (!head) byAnswer.set(key, (head = rawHead(ctx, answer.headers, answer.body)));
    return head;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '/';
    if (req.method !== 'GET' || req.headers.origin !== undefined) return false;
    if (url.startsWith('/api/') || url.startsWith('/uploads/') || url.startsWith('/admin')) return false;
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const page = cache.get(SSR_PAGE_KEY_PREFIX + path);
    if (!page) return false;
    const started = performance.now();
    const answer = pageAnswer(page, 200, req.headers['accept-encoding'], req.headers['if-none-match']);
    const route = path === '/' ? '/' : '/*';
    writeRawAnswer(ctx, req, res, {
      route,
      status: answer.status,
      head: headOf(page, answer),
      body: answer.body,
      started,
    });
    logAnswer(accessLog, req, res, performance.now() - started);
    return true;
  };
}
