import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';

type HeaderMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** What every answer of a read lane (fair-admission.ts) carries and reports. */
export interface RawAnswerContext {
  /** Headers every answer of the app carries (security headers, CORS's fixed ones), built once. */
  readonly headers: Readonly<Record<string, string>>;
  /** Records the answer in the request metrics, under the route the app would have matched. */
  observe(method: string, route: string, status: number, seconds: number): void;
}

/**
 * The headers a header-setting middleware (helmet) writes, collected once from a stand-in response,
 * so a read lane sends exactly what the app's own answers carry without running it per request.
 */
export function collectHeaders(
  middleware: HeaderMiddleware,
  fixed: Record<string, string> = {},
): Record<string, string> {
  const headers: Record<string, string> = { ...fixed };
  const stand = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
    getHeader: (name: string) => headers[name],
  } as unknown as ServerResponse;
  let failed: unknown;
  middleware({ headers: {} } as IncomingMessage, stand, (err) => (failed = err));
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}

/**
 * An answer's whole header list, flat ([name, value, name, value…]): the shared headers, then the
 * answer's own. Built once per cached answer, so a hit hands node:http a ready list.
 */
export function rawHead(ctx: RawAnswerContext, own: Record<string, string>, body?: Buffer): string[] {
  const all: Record<string, string> = { ...ctx.headers, ...own };
  if (body) all['content-length'] = String(body.length);
  return Object.entries(all).flat();
}

/**
 * Writes one whole answer on the raw response (`head` from rawHead; no body for a 304) and records
 * it in the metrics. `started` is performance.now() at arrival.
 */
export function writeRawAnswer(
  ctx: RawAnswerContext,
  req: IncomingMessage,
  res: ServerResponse,
  answer: { route: string; status: number; head: string[]; body?: Buffer; started: number },
): void {
  res.writeHead(answer.status, answer.head);
  res.end(answer.body);
  ctx.observe(req.method ?? 'GET', answer.route, answer.status, (performance.now() - answer.started) / 1000);
}
