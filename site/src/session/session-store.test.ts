import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { quietFetch } from './quiet-session.test-kit';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const now = () => Math.floor(Date.now() / 1000);
const jwt = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;
const pair = (name: string, expIn = 300, userId = 7) => ({
  access: jwt({ user_id: userId, is_admin: false, exp: now() + expIn, iat: now(), n: name }),
  refresh: `refresh-${name}`,
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const stored = () => JSON.parse(localStorage.getItem('authTokens') ?? 'null');
const profile = { id: 7, first_name: 'Ana' };

/** A fresh copy of the session module (its state is module-wide) with the given fetch. */
let settle = () => Promise.resolve();
async function load(fetchImpl: (url: string, init?: RequestInit) => Promise<Response>) {
  const { fetchMock, settled } = quietFetch(fetchImpl);
  settle = settled;
  vi.stubGlobal('fetch', fetchMock);
  vi.resetModules();
  const store = await import('./session-store');
  const actions = await import('./actions');
  store.subscribeSession(() => undefined);
  return { store, actions, fetchMock };
}
const urls = (m: ReturnType<typeof vi.fn>) => m.mock.calls.map((c) => String(c[0]));

describe('site session', () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    await settle();
    vi.unstubAllGlobals();
  });

  it('refreshes on load and stores the new pair', async () => {
    localStorage.setItem('authTokens', JSON.stringify(pair('a')));
    const { store, fetchMock } = await load(async (url) =>
      url.includes('/token/refresh/') ? json(pair('b')) : json(profile),
    );
    await settle();
    expect(urls(fetchMock)).toContain('/api/users/token/refresh/');
    expect(stored().refresh).toBe('refresh-b');
    expect(store.getSessionState()).toMatchObject({ status: 'authenticated', user: { id: 7, isAdmin: false } });
  });

  it('logs out with "Failed to refresh token" when the server refuses the refresh', async () => {
    localStorage.setItem('authTokens', JSON.stringify(pair('a')));
    const { store } = await load(async (url) =>
      url.includes('/token/refresh/') ? json({ error: 'nope' }, 401) : json(profile),
    );
    await settle();
    expect(stored()).toBeNull();
    expect(store.getSessionState()).toMatchObject({ status: 'anonymous', notice: 'Failed to refresh token' });
  });

  it('takes over the pair another tab stored meanwhile instead of logging out', async () => {
    localStorage.setItem('authTokens', JSON.stringify(pair('a')));
    const { store } = await load(async (url) => {
      if (!url.includes('/token/refresh/')) return json(profile);
      localStorage.setItem('authTokens', JSON.stringify(pair('other-tab')));
      return json({ error: 'used' }, 401);
    });
    await settle();
    expect(stored().refresh).toBe('refresh-other-tab');
    expect(store.getSessionState().status).toBe('authenticated');
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    localStorage.setItem('authTokens', JSON.stringify(pair('a')));
    const { store } = await load(async (url) => {
      if (url.includes('/token/refresh/')) throw new TypeError('Failed to fetch');
      return json(profile);
    });
    await settle();
    expect(stored().refresh).toBe('refresh-a');
    expect(store.getSessionState().status).toBe('authenticated');
  });

  it('refreshes before a call whose access token has expired, then calls with the new one', async () => {
    localStorage.setItem('authTokens', JSON.stringify(pair('a', 300)));
    const { store, fetchMock } = await load(async (url) =>
      url.includes('/token/refresh/') ? json(pair('b')) : json(profile),
    );
    await settle();
    localStorage.setItem('authTokens', JSON.stringify(pair('expired', -5)));
    window.dispatchEvent(new StorageEvent('storage', { key: 'authTokens' }));
    fetchMock.mockClear();
    await store.authRequest('/users/user/7/');
    const calls = fetchMock.mock.calls.map((c) => [
      String(c[0]),
      (c[1]?.headers as Record<string, string>)?.Authorization,
    ]);
    expect(calls[0][0]).toBe('/api/users/token/refresh/');
    expect(calls[1]).toEqual(['/api/users/user/7/', `Bearer ${stored().access}`]);
  });

  it('follows a logout in another tab', async () => {
    localStorage.setItem('authTokens', JSON.stringify(pair('a')));
    const { store } = await load(async (url) => (url.includes('/token/refresh/') ? json(pair('b')) : json(profile)));
    await settle();
    localStorage.removeItem('authTokens');
    window.dispatchEvent(new StorageEvent('storage', { key: 'authTokens' }));
    expect(store.getSessionState()).toMatchObject({ status: 'anonymous', user: null, notice: null });
  });

  it('refuses a login locally while a session is stored, and logs out through the API', async () => {
    localStorage.setItem('authTokens', JSON.stringify(pair('a')));
    const { actions, fetchMock } = await load(async (url) =>
      url.includes('/token/refresh/') ? json(pair('b')) : json(profile),
    );
    await settle();
    fetchMock.mockClear();
    const access = stored().access;
    await expect(actions.login('ana@example.com', 'x')).rejects.toThrow('User is already authenticated');
    expect(fetchMock).not.toHaveBeenCalled();
    await actions.logout();
    expect(stored()).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/users/logout/', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ refresh: 'refresh-b' });
    // The access token goes along, so the server refuses it from now on too.
    expect((fetchMock.mock.calls[0][1]?.headers as Record<string, string>).Authorization).toBe(`Bearer ${access}`);
  });
});
