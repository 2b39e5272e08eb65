import { request as httpRequest } from 'node:http';
import { bootTestApp, TestApp } from './support/test-app';

/** A login attempt sent from a given loopback address, claiming a client address in X-Forwarded-For. */
function loginFrom(t: TestApp, localAddress: string, forwardedFor: string, n: number): Promise<number> {
  const { port } = new URL(t.baseUrl);
  const body = JSON.stringify({ username: `nobody.${n}.${Date.now()}@example.com`, password: 'wrong-password' });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: Number(port),
        localAddress,
        method: 'POST',
        path: '/api/users/token/',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * TRUST_PROXY names the proxies: X-Forwarded-For counts only when the request came from one of them,
 * so a caller that reaches the app directly cannot choose its own address (and escape per-IP limits).
 */
describe('TRUST_PROXY: proxy addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 127.0.0.2 stands for the proxy; the login route allows 10 requests a minute per client.
    t = await bootTestApp({ TRUST_PROXY: '127.0.0.2', RATE_LIMIT_MULTIPLIER: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('judges a caller that is not a trusted proxy by its socket address, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push(await loginFrom(t, '127.0.0.1', `203.0.113.${i + 1}`, i));
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('takes the client address that the trusted proxy added', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push(await loginFrom(t, '127.0.0.2', `198.51.100.${i + 1}`, 100 + i));
    expect(statuses).toEqual(Array(12).fill(401));
    // One client behind the proxy is still limited, even when it prepends addresses of its own choosing.
    const one: number[] = [];
    for (let i = 0; i < 11; i += 1) one.push(await loginFrom(t, '127.0.0.2', `10.9.9.${i}, 198.51.100.200`, 200 + i));
    expect(one[10]).toBe(429);
  });
});
