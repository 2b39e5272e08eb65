import { connect, Socket } from 'node:net';
import { bootTestApp, TestApp } from './support/test-app';

/**
 * Slow clients: a request whose headers or body trickle in (or never finish) is answered 408 and
 * closed once REQUEST_TIMEOUT_MS has passed, so it cannot hold a socket for ever. Idle keep-alive
 * connections are not cut by that time-out. The test runs with a 1 s time-out.
 */

const TIMEOUT_MS = 1000;
/** The time-out, plus Node's check interval (a quarter of it) and room for a loaded machine. */
const DEADLINE_MS = TIMEOUT_MS * 3;

interface Outcome {
  /** What the server wrote before it closed the connection. */
  answer: string;
  /** Milliseconds from the first byte sent to the close. */
  closedAfterMs: number;
}

/** Sends `parts` over a raw connection (the last one is followed by silence) and waits for the server to close it. */
function sendAndStall(port: number, ...parts: string[]): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    let started = 0;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept a stalled request open for ${DEADLINE_MS * 3} ms; it answered: ${answer}`));
    }, DEADLINE_MS * 3);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
    socket.on('connect', () => {
      started = Date.now();
      for (const part of parts) socket.write(part);
    });
  });
}

describe('request time-outs', () => {
  jest.setTimeout(60_000);
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await bootTestApp({ REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) });
    port = Number(new URL(t.baseUrl).port);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 408 and closes a POST whose body stalls after a few bytes', async () => {
    const { answer, closedAfterMs } = await sendAndStall(
      port,
      'POST /api/contact/submit/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
      '{"firstName":"Ana"',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(closedAfterMs).toBeLessThan(DEADLINE_MS);
  });

  it('closes a request whose headers never end', async () => {
    const { answer, closedAfterMs } = await sendAndStall(
      port,
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ',
    );
    expect(answer).toMatch(/^(HTTP\/1\.1 408 |$)/);
    expect(closedAfterMs).toBeLessThan(DEADLINE_MS);
  });

  it('keeps an idle keep-alive connection open past the request time-out, beyond a proxy’s idle time', async () => {
    expect(t.app.getHttpServer().keepAliveTimeout).toBeGreaterThanOrEqual(65_000);
    const socket = connect(port, '127.0.0.1');
    socket.setEncoding('utf8');
    let received = '';
    socket.on('data', (chunk: string) => (received += chunk));
    const answers = (n: number) =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const poll = setInterval(() => {
          if ((received.match(/HTTP\/1\.1 200 /g) ?? []).length >= n) {
            clearInterval(poll);
            resolve();
          } else if (Date.now() - started > 5000 || socket.destroyed) {
            clearInterval(poll);
            reject(new Error(`expected ${n} answers, got: ${received}`));
          }
        }, 20);
      });
    await new Promise<void>((resolve) => socket.on('connect', resolve));
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await answers(1);
    await new Promise((r) => setTimeout(r, DEADLINE_MS));
    expect(socket.destroyed).toBe(false);
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    await answers(2);
    socket.destroy();
  });

  it('still takes an ordinary request with a body', async () => {
    const res = await t.http().post('/api/contact/submit/').send({});
    expect(res.status).toBe(400);
  });
});
