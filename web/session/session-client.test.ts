import 'fake-indexeddb/auto'; // IndexedDB as a browser has it: one store for every tab of the origin
import { CSRF_HEADER } from '@shared/api/account';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isExpired, readClaims } from './claims';
import { csrfHeaders } from './csrf';
import { forgetRenewal, renewalOf } from './handoff';
import { REFRESH_LOCK_NAME, withRefreshLock } from './lock';
import { refreshTokens } from './refresh';
import { clearTokens, readTokens, TOKENS_KEY, writeTokens } from './tokens';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const now = () => Math.floor(Date.now() / 1000);
const jwt = (claims: object) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.sig`;
const pair = (name: string, expIn = 300) => ({
  access: jwt({ user_id: 7, is_admin: true, exp: now() + expIn, iat: now(), n: name }),
  refresh: `refresh-${name}`,
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * navigator.locks as the browser has it, for one origin: requests with the same name run one after
 * the other, in order. The names asked for are recorded.
 */
function fakeLocks() {
  const names: string[] = [];
  const queues = new Map<string, Promise<unknown>>();
  const locks = {
    request<T>(name: string, task: () => Promise<T>): Promise<T> {
      names.push(name);
      const previous = queues.get(name) ?? Promise.resolve();
      const run = previous.then(task, task);
      queues.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  vi.stubGlobal('navigator', { ...navigator, locks });
  return names;
}

describe('session client', () => {
  beforeEach(async () => {
    await forgetRenewal();
    localStorage.clear();
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the pair under the one key the site and the back-office share', () => {
    writeTokens(pair('a'));
    expect(TOKENS_KEY).toBe('authTokens');
    expect(JSON.parse(localStorage.getItem('authTokens')!)).toEqual(pair('a'));
    expect(readTokens()).toEqual(pair('a'));
    localStorage.setItem('authTokens', JSON.stringify({ access: 'not-a-jwt', refresh: 'r' }));
    expect(readTokens()).toBeNull();
  });

  it('decodes the claims of an access token (base64url, no signature check)', () => {
    // "?" and ">" encode to "_" and "-" in base64url: the decoder must map them back.
    const access = jwt({ user_id: 42, is_admin: true, exp: 2_000_000_000, iat: 1_999_999_700, note: '??>>' });
    expect(access).toMatch(/[-_]/);
    expect(readClaims(access)).toEqual({
      userId: 42,
      isAdmin: true,
      isAgent: false,
      exp: 2_000_000_000,
      iat: 1_999_999_700,
    });
    // An agent of the lead desk: is_agent in the token.
    expect(readClaims(jwt({ user_id: 7, is_admin: false, is_agent: true, exp: 2_000_000_000 }))).toMatchObject({
      isAdmin: false,
      isAgent: true,
    });
    expect(readClaims(jwt({ user_id: 3, exp: 2_000_000_000 }))).toEqual({
      userId: 3,
      isAdmin: false,
      isAgent: false,
      exp: 2_000_000_000,
      iat: 2_000_000_000 - 300,
    });
    expect(readClaims(jwt({ is_admin: true, exp: 2_000_000_000 }))).toBeNull();
    expect(readClaims('garbage')).toBeNull();
    expect(readClaims(undefined)).toBeNull();
    expect(isExpired(pair('a', 300).access)).toBe(false);
    expect(isExpired(pair('a', 5).access)).toBe(true);
    expect(isExpired(pair('a', 60).access, 90_000)).toBe(true);
  });

  it('refreshes under the one lock name, for the site and the back-office alike', async () => {
    const names = fakeLocks();
    writeTokens(pair('a', -5));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(pair('b'))),
    );
    expect(await refreshTokens('refresh-a')).toEqual({ kind: 'renewed', pair: pair('b') });
    expect(REFRESH_LOCK_NAME).toBe('authTokens-refresh');
    expect(names).toEqual([REFRESH_LOCK_NAME]);
    expect(readTokens()).toEqual(pair('b'));
  });

  it('lets a caller that waited for the lock take over the pair just stored, without refreshing again', async () => {
    fakeLocks();
    writeTokens(pair('a', -5));
    let answer: (r: Response) => void = () => undefined;
    // The first call waits for the test to answer; a second one (which must not happen) gets another pair.
    const fetchMock = vi.fn(() =>
      fetchMock.mock.calls.length > 1
        ? Promise.resolve(json(pair('c')))
        : new Promise<Response>((resolve) => (answer = resolve)),
    );
    vi.stubGlobal('fetch', fetchMock);

    // Another tab (here: another module instance sharing storage and locks) refreshes first...
    const first = refreshTokens('refresh-a');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    // ...while this one, which knew the same pair, queues on the lock.
    vi.resetModules();
    const other = await import('./refresh');
    const second = other.refreshTokens('refresh-a');
    answer(json(pair('b')));

    expect(await first).toEqual({ kind: 'renewed', pair: pair('b') });
    expect(await second).toEqual({ kind: 'current', pair: pair('b') });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('hands the renewal to the next tab to hold the lock, even when that tab still reads the spent pair', async () => {
    fakeLocks();
    writeTokens(pair('a', -5));
    const fetchMock = vi.fn(async () => json(pair(`n${fetchMock.mock.calls.length}`)));
    vi.stubGlobal('fetch', fetchMock);
    // One tab spends refresh-a for the pair n1 and, before letting go of the lock, records it.
    expect(await refreshTokens('refresh-a')).toEqual({ kind: 'renewed', pair: pair('n1') });
    expect(await renewalOf('refresh-a')).toEqual(pair('n1'));
    expect(await renewalOf('refresh-n1')).toBeNull();

    // Another tab gets the lock next, but its copy of the storage has not heard of n1 yet.
    localStorage.setItem(TOKENS_KEY, JSON.stringify(pair('a', -5)));
    vi.resetModules();
    const other = await import('./refresh');
    expect(await other.refreshTokens('refresh-a')).toEqual({ kind: 'current', pair: pair('n1') });
    expect(fetchMock).toHaveBeenCalledTimes(1); // refresh-a was not sent again

    // A token the last renewal did not spend is exchanged as usual, and becomes the one handed over.
    writeTokens(pair('n1', -5));
    expect(await other.refreshTokens('refresh-n1')).toEqual({ kind: 'renewed', pair: pair('n2') });
    expect(await renewalOf('refresh-a')).toBeNull();
    expect(await renewalOf('refresh-n1')).toEqual(pair('n2'));

    // Signing out forgets it.
    clearTokens();
    await vi.waitFor(async () => expect(await renewalOf('refresh-n1')).toBeNull());
  });

  it('sends the stored refresh token, clears a refused session and keeps it when the server is unreachable', async () => {
    fakeLocks();
    writeTokens(pair('a', -5));
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json({ error: 'invalid' }, 401));
    vi.stubGlobal('fetch', fetchMock);
    expect(await refreshTokens('refresh-a')).toEqual({ kind: 'refused', pair: null });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/users/token/refresh/');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ refresh: 'refresh-a' });
    expect(readTokens()).toBeNull();

    writeTokens(pair('c', -5));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await refreshTokens('refresh-c')).toEqual({ kind: 'unavailable', pair: null });
    expect(readTokens()).toEqual(pair('c', -5));
  });

  it('sends the csrftoken cookie back in the X-CSRFToken header, asking for one first when missing', async () => {
    const fetchMock = vi.fn(async () => {
      document.cookie = 'csrftoken=abc%2B123; path=/';
      return json({ csrfToken: 'abc+123' });
    });
    vi.stubGlobal('fetch', fetchMock);
    expect(CSRF_HEADER).toBe('X-CSRFToken');
    expect(await csrfHeaders()).toEqual({ 'X-CSRFToken': 'abc+123' });
    expect(fetchMock).toHaveBeenCalledWith('/api/users/csrf/', expect.objectContaining({ credentials: 'same-origin' }));
    expect(await csrfHeaders()).toEqual({ 'X-CSRFToken': 'abc+123' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('refresh lock', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs one task at a time under REFRESH_LOCK_NAME', async () => {
    const names = fakeLocks();
    const order: string[] = [];
    let release: () => void = () => undefined;
    const a = withRefreshLock(async () => {
      order.push('a start');
      await new Promise<void>((r) => (release = r));
      order.push('a end');
    });
    const b = withRefreshLock(async () => void order.push('b'));
    await Promise.resolve();
    release();
    await Promise.all([a, b]);
    expect(order).toEqual(['a start', 'a end', 'b']);
    expect(names).toEqual([REFRESH_LOCK_NAME, REFRESH_LOCK_NAME]);
  });
});
