import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, startServer } from './support.mjs';

let server;
let browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test('the home page shows the hero and the demo destinations', async () => {
  const page = await browser.newPage();
  await page.goto(server.baseUrl + '/');
  await page.getByRole('heading', { name: 'Tú próxima aventura comienza aquí' }).waitFor();
  await page.getByText('Punta Cana').first().waitFor();
  const cards = await page.locator('article').count();
  assert.ok(cards >= 5, `expected at least 5 destination cards, got ${cards}`);
  await page.close();
});

test('a deep link to a destination loads on a fresh navigation', async () => {
  const res = await fetch(server.baseUrl + '/api/destinations/');
  const [first] = await res.json();
  const page = await browser.newPage();
  const slug = first.name.toLowerCase().replace(/\s+/g, '-');
  const response = await page.goto(`${server.baseUrl}/destinations/${first.id}/${encodeURIComponent(slug)}`);
  assert.equal(response.status(), 200);
  await page.getByRole('heading', { name: first.name }).waitFor();
  await page.close();
});

test('the back-office answers under /admin with its sign-in screen', async () => {
  const page = await browser.newPage();
  const response = await page.goto(server.baseUrl + '/admin/');
  assert.equal(response.status(), 200);
  await page.locator('input[name="username"], input[type="email"]').first().waitFor();
  await page.close();
});
