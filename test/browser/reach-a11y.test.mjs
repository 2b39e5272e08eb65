// Accessibility: axe-core finds no violation on any public page or open dialog.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, startServer } from './support.mjs';
import { axeViolations, firstDestination, publicPages } from './reach-support.mjs';

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

/** A fresh page at a phone or desktop width, reduced motion so no animation is caught half-way. */
async function open(path, { width = 1280, height = 900 } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(server.baseUrl + path, { waitUntil: 'networkidle' });
  return page;
}

test('every public page, at desktop and phone widths, has no axe violation', async () => {
  const problems = [];
  for (const [name, path] of await publicPages(server.baseUrl)) {
    for (const width of [1280, 390]) {
      const page = await open(path, { width, height: width > 800 ? 900 : 844 });
      // The brand preloader covers the page for its first second.
      await page.waitForTimeout(1200);
      for (const v of await axeViolations(page)) problems.push(`${name} @${width}px: ${v}`);
      await page.context().close();
    }
  }
  assert.deepEqual(problems, []);
});

test('the lead modal opened from the navigation has no axe violation', async () => {
  const page = await open('/');
  await page.waitForTimeout(1200);
  await page.getByRole('navigation').getByRole('button', { name: 'Reserva Ahora' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  assert.deepEqual(await axeViolations(page, { include: 'dialog[open]' }), []);
  await page.context().close();
});

test('the exclusive-offer popup has no axe violation', async () => {
  const page = await open('/');
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ timeout: 10_000 });
  assert.deepEqual(await axeViolations(page, { include: 'dialog[open]' }), []);
  await page.context().close();
});

test('the destination page with its gallery viewer open has no axe violation', async () => {
  const destination = await firstDestination(server.baseUrl);
  const page = await open(destination.path);
  await page.waitForTimeout(1200);
  const opener = page.getByRole('button', { name: /ampliar|ver foto|abrir/i }).first();
  if ((await opener.count()) === 0) return;
  await opener.click();
  await page.getByRole('dialog').waitFor();
  assert.deepEqual(await axeViolations(page, { include: 'dialog[open]' }), []);
  await page.context().close();
});
