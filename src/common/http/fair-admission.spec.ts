import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { installFairAdmission } from './fair-admission';

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

  beforeEach(async () => {
    started = [];
    gate = new Promise((resolve) => (open = resolve));
    server = createServer((req, res) => {
      started.push(`${req.method} ${req.url}`);
      if (req.method === 'GET') return res.end(req.url);
      // The writes wait for the gate, as requests do behind a held write queue.
      void gate.then(() => res.end(req.url));
    });
    installFairAdmission(server);
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
      // Each one arrives before the next is sent.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await expect(send(port, 'GET', '/read')).resolves.toBe('/read');
    open();
    await expect(Promise.all(writes)).resolves.toEqual(Array.from({ length: 20 }, (_, i) => `/w${i}`));
    expect(started.filter((s) => s.startsWith('POST'))).toEqual(Array.from({ length: 20 }, (_, i) => `POST /w${i}`));
  });
});
