import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  ADMIN,
  createCustomer,
  createLead,
  field,
  firstDestination,
  loginApi,
  loginThroughPage,
  refreshApi,
  startAccountServer,
  storedTokens,
  uniqueEmail,
} from './account-support.mjs';
import { launchBrowser } from './support.mjs';

let server;
let browser;
before(async () => {
  server = await startAccountServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits until `check()` holds (it may be async; polled every 50 ms, 10 s at most). */
async function waitUntil(check) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail('condition not met in 10 s');
}

const claims = (jwt) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());

test('guards: a visitor is sent to the login, a customer away from login/sign-up/forgot, an admin to /admin', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/user-account`);
  await page.waitForURL(/\/login$/);

  const person = await createCustomer(server);
  await loginThroughPage(page, server, person.email, person.password);
  for (const path of ['/login', '/sign-up', '/forgot-password']) {
    await page.goto(server.baseUrl + path);
    await page.waitForURL(/\/user-account$/);
  }
  await context.close();

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const tokens = (await loginApi(server, ADMIN.email, ADMIN.password)).body;
  await adminPage.goto(`${server.baseUrl}/`);
  await adminPage.evaluate((t) => localStorage.setItem('authTokens', JSON.stringify(t)), tokens);
  await adminPage.goto(`${server.baseUrl}/user-account`);
  await adminPage.waitForURL(/\/admin(\/|$)/);
  await adminContext.close();
});

test('a page left while its refresh was under way does not end the session', async () => {
  const person = await createCustomer(server);
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginThroughPage(page, server, person.email, person.password);
  await page.locator('[data-field="name"]').waitFor();
  const before = await storedTokens(page);

  // The next load's refresh reaches the server, but its answer never reaches the page: the
  // person moves on first, so the stored pair holds a refresh token the server has just used.
  let spent;
  await page.route('**/api/users/token/refresh/', async (route) => {
    const res = await route.fetch();
    spent = res.status();
    await route.abort('failed');
  });
  await page.reload();
  await waitUntil(() => spent === 200);
  await page.unroute('**/api/users/token/refresh/');
  assert.equal((await storedTokens(page)).refresh, before.refresh);

  // The next page refreshes with that token: still signed in, with a new pair.
  await page.goto(`${server.baseUrl}/login`);
  await page.waitForURL(/\/user-account$/);
  await page.locator('[data-field="name"]').waitFor();
  // The profile may show before the load's refresh is answered (the old access token is still good).
  await waitUntil(async () => (await storedTokens(page))?.refresh !== before.refresh);
  const now = await storedTokens(page);
  assert.ok(now, 'still signed in');
  assert.notEqual(now.refresh, before.refresh, 'with a new pair');
  await context.close();
});

test('an access token that expires while the page is open is renewed without the person noticing', async () => {
  const person = await createCustomer(server);
  const context = await browser.newContext();
  await context.clock.install();
  const page = await context.newPage();
  await loginThroughPage(page, server, person.email, person.password);
  await page.locator('[data-field="name"]').waitFor();
  const first = await storedTokens(page);

  // The periodic refresh (every 240 s) replaces the pair...
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/users/token/refresh/') && r.status() === 200);
  await page.clock.fastForward(240_000);
  await refreshed;
  // The answer has arrived; the page stores the new pair a moment later.
  await waitUntil(async () => (await storedTokens(page)).refresh !== first.refresh);
  const second = await storedTokens(page);
  assert.notEqual(second.access, first.access);

  // ...and a call made once the access token has run out is preceded by a refresh.
  await page.clock.setSystemTime(claims(second.access).exp * 1000 - 2_000);
  const calls = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/users/'))
      calls.push({ url: r.url(), method: r.method(), auth: r.headers().authorization });
  });
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User Data' });
  await edit.getByLabel(field('Last name')).fill('Renovada');
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.waitFor({ state: 'detached' });
  await page.locator('[data-field="name"]').filter({ hasText: 'Renovada' }).waitFor();
  const put = calls.findIndex((c) => c.method === 'PUT');
  const refresh = calls.findIndex((c) => c.url.endsWith('/token/refresh/'));
  assert.ok(refresh >= 0 && refresh < put, `a refresh precedes the save: ${JSON.stringify(calls.map((c) => c.url))}`);
  assert.notEqual(calls[put].auth, `Bearer ${second.access}`, 'the save carries the new access token');
  assert.match(page.url(), /\/user-account$/);
  await context.close();
});

test('a refused refresh ends the session with a notice', async () => {
  const person = await createCustomer(server);
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginThroughPage(page, server, person.email, person.password);
  // The account page has loaded the profile: no call of this page is still on its way when the
  // sessions end (one answered 401 after that would end the session before the reload, and the
  // reload would then drop the notice with the page that showed it).
  await page.getByText(person.email).first().waitFor();
  // Another device ends every session of the account.
  const other = (await loginApi(server, person.email, person.password)).body;
  await fetch(`${server.baseUrl}/api/users/logout-all/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${other.access}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  await page.reload();
  await page.waitForURL(/\/login$/);
  await page.getByText('Failed to refresh token').waitFor();
  assert.equal(await storedTokens(page), null);
  await context.close();
});

test('tabs share the session: a logout in one is seen by the other, and refreshing together logs nobody out', async () => {
  const person = await createCustomer(server);
  const context = await browser.newContext();
  await context.clock.install();
  const one = await context.newPage();
  await loginThroughPage(one, server, person.email, person.password);
  const two = await context.newPage();
  await two.goto(`${server.baseUrl}/user-account`);
  await two.locator('[data-field="email"]').waitFor();

  // Both tabs' refresh timers fire at the same moment.
  await Promise.all([one.clock.fastForward(240_000), two.clock.fastForward(240_000)]);
  await one.waitForTimeout(1500);
  const shared = await storedTokens(one);
  assert.ok(shared, 'still signed in after both tabs refreshed');
  assert.deepEqual(await storedTokens(two), shared);
  await two.reload();
  await two.locator('[data-field="email"]').waitFor();
  assert.match(two.url(), /\/user-account$/);

  await one.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
  await one.waitForURL(/\/login$/);
  await two.waitForURL(/\/login$/);
  const last = await storedTokens(two);
  assert.equal(last, null);
  await context.close();
});

test('settings: a password change ends the other sessions; logging out everywhere ends all of them', async () => {
  const person = await createCustomer(server);
  const elsewhere = (await loginApi(server, person.email, person.password)).body;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await loginThroughPage(page, server, person.email, person.password);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel(field('Contraseña actual')).fill('Wrong-Current-1');
  await page.getByLabel(field('Nueva contraseña')).fill('Otra-Playa-2033!');
  await page.getByLabel(field('Confirmar nueva contraseña')).fill('Otra-Playa-2033!');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await page.getByText('Current password is incorrect.').waitFor();
  await page.getByLabel(field('Contraseña actual')).fill(person.password);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await page.getByText('Your password has been changed. Other sessions have been signed out.').waitFor();
  assert.equal((await refreshApi(server, elsewhere.refresh)).status, 401, 'the other session ended');
  await page.reload();
  await page.getByRole('heading', { name: 'Settings' }).waitFor();

  const mine = await storedTokens(page);
  await page.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
  await page.getByRole('button', { name: 'Sí, cerrar todas' }).click();
  await page.waitForURL(/\/login$/);
  assert.equal((await refreshApi(server, mine.refresh)).status, 401);
  await context.close();
});

test('on a phone the Leads tab offers to confirm earlier requests without the page scrolling sideways', async () => {
  const email = uniqueEmail('earlier');
  await createLead(server, email, (await firstDestination(server)).id);
  const customer = await createCustomer(server, { email });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await loginThroughPage(page, server, customer.email, customer.password);
  await page.goto(`${server.baseUrl}/user-account/leads`);
  const ask = page.getByRole('button', { name: 'Confirmar mis solicitudes anteriores' });
  await ask.waitFor();
  const width = await page.evaluate(() => globalThis.document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the Leads tab is ${width}px wide`);
  await context.close();
});
