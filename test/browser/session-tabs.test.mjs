// One session for the public site and the back-office: a site tab and a back-office tab of the same
// browser share the stored pair and refresh it under one lock, so when their access tokens run out
// together only one of them spends the single-use refresh token and the other takes over the new pair.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, WELCOME } from './admin-support.mjs';
import { field, storedTokens } from './account-support.mjs';
import { launchBrowser, startServer } from './support.mjs';

const METRICS_TOKEN = 'session-tabs-metrics-token';

let server;
let browser;
before(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, METRICS_TOKEN });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** auth_refresh_token_reuse_total by outcome: used refresh tokens the server saw again. */
async function refreshReuses() {
  const res = await fetch(`${server.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  assert.equal(res.status, 200);
  const text = await res.text();
  const count = (outcome) => {
    const hit = new RegExp(`^auth_refresh_token_reuse_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text);
    assert.ok(hit, `auth_refresh_token_reuse_total{outcome="${outcome}"} is exposed`);
    return Number(hit[1]);
  };
  return { grace: count('grace'), revoked: count('revoked') };
}

const claims = (jwt) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());
/** The same access token with its expiry moved into the past (the browser reads claims, never the signature). */
const expired = (jwt) => {
  const [header, , signature] = jwt.split('.');
  const payload = { ...claims(jwt), exp: Math.floor(Date.now() / 1000) - 60 };
  return `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
};

test('a site tab and a back-office tab whose access tokens expire together both refresh, stay signed in, and replay nothing', async () => {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  const errors = [];
  // A slow network: every refresh's answer reaches the page 400 ms after the server sent it, so
  // the two tabs' refreshes overlap (the page's own fetch is slowed; the requests are untouched).
  await context.addInitScript(() => {
    const fetch = globalThis.fetch.bind(globalThis);
    globalThis.fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (String(input instanceof Request ? input.url : input).includes('/api/users/token/refresh/'))
        await new Promise((r) => setTimeout(r, 400));
      return res;
    };
  });
  const refreshes = [];
  context.on('request', (r) => {
    if (r.url().endsWith('/api/users/token/refresh/')) refreshes.push(r.postDataJSON().refresh);
  });

  // The admin signs in on the public site...
  const site = await context.newPage();
  site.on('pageerror', (e) => errors.push(`site: ${e.message}`));
  await site.goto(`${server.baseUrl}/login`);
  await site.getByLabel(field('Correo electrónico')).fill(ADMIN.email);
  await site.getByLabel(field('Contraseña')).fill(ADMIN.password);
  await site.getByRole('button', { name: 'Iniciar sesión' }).click();
  await site.waitForURL(/\/admin(\/|$)/); // the site's account page sends admins to the back-office
  // A site page refreshes the pair when it loads: that refresh is over before the scene is set.
  const loadRefresh = site.waitForResponse((r) => r.url().endsWith('/api/users/token/refresh/'));
  await site.goto(`${server.baseUrl}/`);
  assert.equal((await loadRefresh).status(), 200);
  await site.getByRole('button', { name: 'Cerrar sesión', exact: true }).waitFor();

  // ...and the back-office, in another tab, finds the same session.
  const office = await context.newPage();
  office.on('pageerror', (e) => errors.push(`back-office: ${e.message}`));
  await office.goto(`${server.baseUrl}/admin/`);
  await office.getByText(WELCOME['en-US']).waitFor();
  const before = await refreshReuses();
  const signedIn = await storedTokens(site);

  // Both tabs' access tokens run out at once: a third tab of the browser writes an expired copy,
  // which the other two see through the storage event.
  const writer = await context.newPage();
  await writer.goto(`${server.baseUrl}/robots.txt`);
  await writer.evaluate((pair) => localStorage.setItem('authTokens', JSON.stringify(pair)), {
    access: expired(signedIn.access),
    refresh: signedIn.refresh,
  });
  await writer.close();

  refreshes.length = 0;

  // Both act at the same moment: the site page loads again, the back-office opens its leads.
  // (the list's call, made with the renewed access token, not a dashboard call still on its way)
  const leadsAnswered = office.waitForResponse(
    (r) =>
      r.url().includes('/api/admin/leads') &&
      r.request().method() === 'GET' &&
      /^Bearer /.test(r.request().headers().authorization ?? '') &&
      r.request().headers().authorization !== `Bearer ${signedIn.access}`,
  );
  await Promise.all([site.reload(), office.locator('a[href$="/admin/leads"]').first().click()]);
  const leads = await leadsAnswered;

  // Both stay signed in.
  assert.equal(leads.status(), 200, 'the back-office list is answered as the admin');
  await office.waitForURL(/\/admin\/leads/);
  await site.getByRole('button', { name: 'Cerrar sesión', exact: true }).waitFor();
  assert.doesNotMatch(office.url(), /\/login/);
  assert.doesNotMatch(site.url(), /\/login/);

  const now = await storedTokens(office);
  assert.ok(now, 'a pair is still stored');
  assert.deepEqual(await storedTokens(site), now);
  assert.notEqual(now.refresh, signedIn.refresh, 'the pair was renewed');
  assert.ok(claims(now.access).exp * 1000 > Date.now() + 200_000, 'with a fresh access token');
  const me = await fetch(`${server.baseUrl}/api/users/user/${claims(now.access).user_id}/`, {
    headers: { Authorization: `Bearer ${now.access}` },
  });
  assert.equal(me.status, 200, 'the server accepts the stored access token');

  // The single-use refresh token was spent once: no request carried a token already spent, and
  // the server saw no replay (not even one forgiven by its 10 s grace).
  assert.deepEqual(await refreshReuses(), before, 'the server saw no refresh-token replay');
  assert.ok(refreshes.length >= 1, 'the tokens were refreshed');
  assert.equal(new Set(refreshes).size, refreshes.length, `each refresh token was sent once: ${refreshes.length}`);

  // Both tabs keep working on the renewed session.
  await office.reload();
  await office.waitForURL(/\/admin\/leads/);
  await office.locator('a[href$="/admin/leads"]').first().waitFor();
  await site.reload();
  await site.getByRole('button', { name: 'Cerrar sesión', exact: true }).waitFor();
  assert.ok(await storedTokens(site));
  assert.deepEqual(await refreshReuses(), before);
  assert.deepEqual(errors, []);
  await context.close();
});
