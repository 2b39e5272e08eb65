import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, startServer } from './support.mjs';

const ADMIN = { email: 'boss@example.com', password: 'Sunny-Beach-2026!' };
let server;
let browser;
before(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test('an admin signs in to the back-office and sees the destinations list from the API', async () => {
  const page = await browser.newPage();
  await page.goto(server.baseUrl + '/admin/destinations');
  await page.waitForURL(/\/admin\/login/);
  await page.locator('input[name="username"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.getByText('Punta Cana').first().waitFor();
  assert.match(page.url(), /\/admin\//);
  await page.close();
});

test('a wrong password keeps the visitor on the sign-in screen', async () => {
  const page = await browser.newPage();
  await page.goto(server.baseUrl + '/admin/login');
  await page.locator('input[name="username"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill('not-the-password');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForTimeout(1000);
  assert.match(page.url(), /\/admin\/login/);
  const stored = await page.evaluate(() => localStorage.getItem('authTokens'));
  assert.equal(stored, null);
  await page.close();
});
