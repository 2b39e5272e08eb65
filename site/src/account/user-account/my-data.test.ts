import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { quietFetch } from '../../session/quiet-session.test-kit';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const now = () => Math.floor(Date.now() / 1000);
const jwt = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;
const pair = { access: jwt({ user_id: 7, is_admin: false, exp: now() + 300, iat: now() }), refresh: 'refresh-a' };
const json = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
const stored = () => JSON.parse(localStorage.getItem('authTokens') ?? 'null');

/** Fresh copies of the session and account modules (their state is module-wide) with the given fetch. */
let settle = () => Promise.resolve();
async function load(fetchImpl: (url: string, init?: RequestInit) => Promise<Response>) {
  const { fetchMock, settled } = quietFetch(fetchImpl);
  settle = settled;
  vi.stubGlobal('fetch', fetchMock);
  vi.resetModules();
  const store = await import('../../session/session-store');
  const actions = await import('../../session/actions');
  const modal = await import('./delete-account-modal');
  const section = await import('./my-data-section');
  store.subscribeSession(() => undefined);
  return { store, actions, modal, section, fetchMock };
}
const calls = (m: ReturnType<typeof vi.fn>) =>
  m.mock.calls.map(([url, init]) => ({
    url: String(url),
    method: (init as RequestInit | undefined)?.method ?? 'GET',
    auth: new Headers((init as RequestInit | undefined)?.headers).get('Authorization'),
    body: (init as RequestInit | undefined)?.body,
  }));

describe('the account page: my data', () => {
  beforeEach(() => {
    localStorage.clear();
    // A session stored by a login; the refresh on load hands back the same pair.
    localStorage.setItem('authTokens', JSON.stringify(pair));
  });
  afterEach(async () => {
    // The refresh the session starts on load finishes inside its test.
    await settle();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('deletes the account with the password, then forgets the session here without calling logout', async () => {
    const { store, actions, fetchMock } = await load(async (url, init) => {
      if (url.includes('/token/refresh/')) return json(pair);
      if (init?.method === 'DELETE') return new Response(null, { status: 204 });
      return json({ id: 7, first_name: 'Ana' });
    });
    await actions.deleteAccount(7, 'Mar-Caribe-2031!');
    const del = calls(fetchMock).find((c) => c.method === 'DELETE');
    expect(del).toEqual({
      url: '/api/users/user/7/',
      method: 'DELETE',
      auth: `Bearer ${pair.access}`,
      body: JSON.stringify({ password: 'Mar-Caribe-2031!' }),
    });
    expect(stored()).toBeNull();
    expect(store.getSessionState()).toMatchObject({ status: 'anonymous', user: null });
    expect(calls(fetchMock).some((c) => c.url.includes('/logout/'))).toBe(false);
  });

  it("keeps the session after a wrong password and shows the server's words", async () => {
    const { store, actions, modal } = await load(async (url, init) => {
      if (url.includes('/token/refresh/')) return json(pair);
      if (init?.method === 'DELETE')
        return json({ statusCode: 400, error: 'Contraseña incorrecta.', message: 'Contraseña incorrecta.' }, 400);
      return json({ id: 7, first_name: 'Ana' });
    });
    const error = await actions.deleteAccount(7, 'wrong').catch((e: unknown) => e);
    expect(modal.deleteErrorText(error)).toBe('Contraseña incorrecta.');
    expect(stored()).toEqual(pair);
    expect(store.getSessionState().status).toBe('authenticated');
  });

  it('says something of its own when the failure is not a refused password', async () => {
    const { modal } = await load(async () => json({}));
    expect(modal.deleteErrorText(new TypeError('Failed to fetch'))).toBe(
      'No pudimos eliminar tu cuenta. Inténtalo de nuevo.',
    );
  });

  it('downloads the export as mis-datos.json, with the session', async () => {
    const exported = { profile: { id: 7, email: 'ana@example.com' }, leads: [], contact_messages: [], consents: [] };
    const { section, fetchMock } = await load(async (url) => {
      if (url.includes('/token/refresh/')) return json(pair);
      if (url.includes('/export/')) return json(exported);
      return json({ id: 7, first_name: 'Ana' });
    });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:mis-datos';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });

    await section.downloadMyData(7);

    const call = calls(fetchMock).find((c) => c.url.includes('/export/'));
    expect(call).toMatchObject({ url: '/api/users/user/7/export/', method: 'GET', auth: `Bearer ${pair.access}` });
    expect(clicked).toEqual([{ href: 'blob:mis-datos', download: 'mis-datos.json' }]);
    expect(JSON.parse(await blobs[0].text())).toEqual(exported);
    expect(blobs[0].type).toBe('application/json');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
