import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, createLead, signedInPage, startAdminServer } from './admin-support.mjs';

const CUSTOMER = { email: 'ana@example.com', password: 'Playa-Blanca-77!' };
let ctx;
before(async () => {
  ctx = await startAdminServer();
  const signUp = await fetch(`${ctx.server.baseUrl}/api/users/sign-up/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Ana',
      last_name: 'Gómez',
      phone: '5551112222',
      is_superuser: false,
      ...CUSTOMER,
    }),
  });
  assert.equal(signUp.status, 201);
  const [customer] = (
    await ctx.api('GET', `users?filter=${encodeURIComponent(JSON.stringify({ q: 'ana@example.com' }))}`)
  ).body;
  assert.equal((await ctx.api('PUT', `users/${customer.id}`, { is_active: true })).status, 200);
  await ctx.api('POST', 'agents', {
    first_name: 'Marta',
    last_name: 'Ruiz',
    email: 'marta@example.com',
    phone: '5550001111',
  });
  const [destination] = (await ctx.api('GET', 'destinations')).body;
  await createLead(ctx, destination.id);
});
after(() => ctx?.close());

test('an admin signs in and gets the page asked for; a wrong password stores no session', async () => {
  const page = await ctx.browser.newPage({ locale: 'en-US' });
  await page.goto(`${ctx.server.baseUrl}/admin/destinations`);
  await page.waitForURL(/\/admin\/login/);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Please fill out all required fields.').waitFor();
  await page.getByText('Email is required').waitFor();
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Invalid email or password.').waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('authTokens')), null);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back to the page that asked for the sign-in.
  await page.waitForURL(/\/admin\/destinations$/);
  await page.getByRole('cell', { name: 'Punta Cana', exact: true }).waitFor();
  // A signed-in admin who opens the login page goes back to the back-office.
  await page.goto(`${ctx.server.baseUrl}/admin/login`);
  await page.getByText('Welcome to the back-office').waitFor();
  await page.close();
});

test('a customer is refused at the admin login, and a customer session on the site is sent to the login', async () => {
  const page = await ctx.browser.newPage({ locale: 'en-US' });
  await page.goto(`${ctx.server.baseUrl}/admin/login`);
  await page.locator('input[name="email"]').fill(CUSTOMER.email);
  await page.locator('input[name="password"]').fill(CUSTOMER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('This account does not have access to the admin area. Please use the customer login.').waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('authTokens')), null);

  const tokens = await (
    await fetch(`${ctx.server.baseUrl}/api/users/token/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: CUSTOMER.email, password: CUSTOMER.password }),
    })
  ).json();
  await page.evaluate((t) => localStorage.setItem('authTokens', JSON.stringify(t)), tokens);
  await page.goto(`${ctx.server.baseUrl}/admin/leads`);
  await page.waitForURL(/\/admin\/login/);
  await page.getByText('This account does not have administrator access.').waitFor();
  await page.close();
});

test('each list renders its rows and its count footer', async () => {
  const page = await signedInPage(ctx);
  const lists = [
    ['agents', 'agents', 'Agents count'],
    ['users', 'users', 'Users count'],
    ['destinations', 'destinations', 'Destinations count'],
    ['travel-packs', 'packs', 'Packs count'],
    ['leads', 'leads', 'Leads count'],
  ];
  for (const [path, resource, footer] of lists) {
    await page.goto(`${ctx.server.baseUrl}/admin/${path}`);
    const total = await ctx.count(resource);
    assert.ok(total > 0, `${resource} has rows`);
    await page
      .getByTestId('count-footer')
      .filter({ hasText: new RegExp(`^${footer}: ${total}$`) })
      .waitFor();
    assert.equal(await page.locator('tbody tr').count(), Math.min(total, 25), path);
  }
  await page.close();
});

test('search by name narrows a list on the server', async () => {
  const page = await signedInPage(ctx);
  await page.goto(`${ctx.server.baseUrl}/admin/travel-packs`);
  await page.getByPlaceholder('Search by ID or Name...').fill('Orlando');
  const expected = await ctx.count('packs', { q: 'Orlando' });
  assert.ok(expected > 0 && expected < (await ctx.count('packs')));
  await page
    .getByTestId('count-footer')
    .filter({ hasText: new RegExp(`^Packs count: ${expected}$`) })
    .waitFor();
  const names = await page.locator('tbody tr td:nth-child(3)').allTextContents();
  assert.equal(names.length, expected);
  for (const name of names) assert.match(name, /Orlando/i);
  await page.close();
});

test('no back-office screen scrolls sideways, at phone or desktop width: wide tables and the board scroll in their own box', async () => {
  const destinations = (await ctx.api('GET', 'destinations?range=[0,4]')).body;
  for (let i = 0; i < 4; i++) await createLead(ctx, destinations[i % destinations.length].id);
  for (const width of [390, 1280]) {
    const page = await signedInPage(ctx, width);
    for (const path of ['', 'leads', 'leads/board', 'travel-packs', 'destinations', 'agents', 'users']) {
      await page.goto(`${ctx.server.baseUrl}/admin/${path}`);
      await page.locator('#main-content').waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(
        () => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth,
      );
      assert.ok(overflow <= 0, `/admin/${path} at ${width} px scrolls sideways by ${overflow} px`);
    }
    await page.close();
  }
});
