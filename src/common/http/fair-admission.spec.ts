import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FairAdmission, installFairAdmission } from './fair-admission';
import type { RawAnswerContext } from './raw-answer';

const observed: Array<[string, string, number]> = [];
const ctx: RawAnswerContext = {
  headers: { 'x-content-type-options': 'nosniff' },
  observe: (method, route, status) => void observed.push([method, route, status]),
};

/** One request on a connection of its own; resolves to the answer's body. */
function send(port: number, method: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ port, method, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

describe('fair admission of writes', () => {
  let server: Server;
  let port: number;
  /** The order in which the app's handler saw the requests. */
  let started: string[];
  let gate: Promise<void>;
  let open: () => void;
  let admission: FairAdmission;

  beforeEach(async () => {
    started = [];
    gate = new Promise((resolve) => (open = resolve));
    server = createServer((req, res) => {
      started.push(`${req.method} ${req.url}`);
      if (req.method === 'GET') return res.end(req.url);
      // The writes wait for the gate, as requests do behind a held write queue.
      void gate.then(() => res.end(req.url));
    });
    admission = installFairAdmission(server, ctx);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('starts queued writes in the order they arrived and answers reads at once', async () => {
    const writes: Array<Promise<string>> = [];
    for (let i = 0; i < 20; i += 1) {
      writes.push(send(port, 'POST', `/w${i}`));
      // Each one reaches the server (waiting in its queue, or started) before the next is sent: on
      // connections of their own, requests sent a few milliseconds apart may arrive in either order.
      const arrived = () => admission.queued() + started.filter((s) => s.startsWith('POST')).length;
      while (arrived() < i + 1) await new Promise((resolve) => setImmediate(resolve));
    }
    await expect(send(port, 'GET', '/read')).resolves.toBe('/read');
    open();
    await expect(Promise.all(writes)).resolves.toEqual(Array.from({ length: 20 }, (_, i) => `/w${i}`));
    expect(started.filter((s) => s.startsWith('POST'))).toEqual(Array.from({ length: 20 }, (_, i) => `POST /w${i}`));
  });

  it('refuses a write past the bound at once with a 503 JSON answer, and serves the ones queued', async () => {
    const bounded = createServer((req, res) => {
      started.push(`${req.method} ${req.url}`);
      res.end();
    });
    const boundedAdmission = installFairAdmission(bounded, ctx, 3);
    observed.length = 0;
    const answers: Array<{ status?: number; head?: string[]; body?: Buffer; keepAlive: boolean; ended: boolean }> = [];
    // Five writes arrive in one turn of the event loop: three are queued, two are over the bound.
    for (let i = 0; i < 5; i += 1) {
      const answer = { keepAlive: true, ended: false } as (typeof answers)[number];
      answers.push(answer);
      const res = {
        set shouldKeepAlive(value: boolean) {
          answer.keepAlive = value;
        },
        writeHead(status: number, head: string[]) {
          answer.status = status;
          answer.head = head;
        },
        end(body?: Buffer) {
          answer.body = body;
          answer.ended = true;
        },
      } as unknown as ServerResponse;
      bounded.emit('request', { method: 'POST', url: `/w${i}`, headers: {} } as IncomingMessage, res);
    }
    expect(answers.map((a) => a.ended)).toEqual([false, false, false, true, true]);
    for (const refused of answers.slice(3)) {
      expect(refused.status).toBe(503);
      expect(refused.keepAlive).toBe(false);
      const head = Object.fromEntries(
        refused.head!.flatMap((v, i, all) => (i % 2 === 0 ? [[v.toLowerCase(), all[i + 1]]] : [])),
      );
      expect(head).toMatchObject({
        'retry-after': '5',
        'content-type': 'application/json; charset=utf-8',
        'x-content-type-options': 'nosniff',
      });
      expect(JSON.parse(refused.body!.toString())).toMatchObject({ statusCode: 503, message: expect.any(String) });
    }
    expect(observed).toEqual([
      ['POST', 'queue-full', 503],
      ['POST', 'queue-full', 503],
    ]);
    // The queued ones start one per turn of the event loop: wait for the queue to drain (a fixed
    // delay was too short on a loaded machine), then check all three started, in order.
    while (boundedAdmission.queued() > 0) await new Promise((resolve) => setImmediate(resolve));
    expect(started.filter((s) => s.startsWith('POST'))).toEqual(['POST /w0', 'POST /w1', 'POST /w2']);
  });
});
