import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessToken, authProvider } from './authProvider';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
/** An access token as the server signs it: every one names its user. */
const jwt = (claims: object) => `${b64({ alg: 'HS256' })}.${b64({ user_id: 1, ...claims })}.sig`;
const inFive = () => Math.floor(Date.now() / 1000) + 300;
/** The admin login answers this body (200). */
const stubLogin = (body: object) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body))),
  );

describe('admin authProvider', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a non-admin account at login, shows the server message and stores nothing', async () => {
    const message = 'This account does not have administrator access.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: false, is_admin: false, message }), { status: 403 })),
    );
    await expect(authProvider.login({ username: 'a@b.co', password: 'x' })).rejects.toThrow(message);
    expect(localStorage.getItem('authTokens')).toBeNull();
  });

  it('never keeps tokens whose claims are not an admin', async () => {
    stubLogin({ success: true, access: jwt({ is_admin: false, exp: inFive() }), refresh: 'r' });
    await expect(authProvider.login({ username: 'a@b.co', password: 'x' })).rejects.toThrow(
      /does not have administrator access/,
    );
    expect(localStorage.getItem('authTokens')).toBeNull();
  });

  it('stores the tokens of an admin and passes checkAuth', async () => {
    stubLogin({ success: true, is_admin: true, access: jwt({ is_admin: true, exp: inFive() }), refresh: 'r' });
    await authProvider.login({ username: 'a@b.co', password: 'x' });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it("signs an agent in to the lead desk: role 'agent', and a 403 leaves the agent signed in", async () => {
    stubLogin({
      success: true,
      is_admin: false,
      is_agent: true,
      access: jwt({ is_admin: false, is_agent: true, exp: inFive() }),
      refresh: 'r',
    });
    await authProvider.login({ username: 'agent@b.co', password: 'x' });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(await authProvider.getPermissions!({})).toBe('agent');
    // An admin-only action refused: the agent keeps the session (react-admin logs out when checkError throws).
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 401 })).rejects.toThrow();
    expect(localStorage.getItem('authTokens')).toBeNull();
  });

  it("gives an admin the role 'admin', and signs out an admin who meets a 403 (rights taken away)", async () => {
    localStorage.setItem(
      'authTokens',
      JSON.stringify({ access: jwt({ is_admin: true, exp: inFive() }), refresh: 'r' }),
    );
    expect(await authProvider.getPermissions!({})).toBe('admin');
    await expect(authProvider.checkError({ status: 403 })).rejects.toThrow(/administrator access/);
  });

  it('refreshes an access token that is about to expire, and drops the session when refresh fails', async () => {
    localStorage.setItem('authTokens', JSON.stringify({ access: jwt({ is_admin: true, exp: 1 }), refresh: 'old' }));
    const fresh = jwt({ is_admin: true, exp: inFive() });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ access: fresh, refresh: 'new' })));
    vi.stubGlobal('fetch', fetchMock);
    expect(await accessToken()).toBe(fresh);
    expect(JSON.parse(localStorage.getItem('authTokens')!).refresh).toBe('new');

    localStorage.setItem('authTokens', JSON.stringify({ access: jwt({ is_admin: true, exp: 1 }), refresh: 'used' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    );
    expect(await accessToken()).toBeNull();
    expect(localStorage.getItem('authTokens')).toBeNull();
  });
});
