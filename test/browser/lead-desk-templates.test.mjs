import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { ADMIN, createLead, signedInPage, startAdminServer, waitForMailTo } from './admin-support.mjs';
import { launchBrowser, startServer } from './support.mjs';

const SHOTS = process.env.SCREENSHOT_DIR;
let ctx;
let lead;
before(async () => {
  ctx = await startAdminServer();
  const destinations = (await ctx.api('GET', 'destinations')).body;
  lead = await createLead(ctx, destinations[0].id, { first_name: 'Marta', email: 'marta.reply@example.com' });
  const template = await ctx.api('POST', 'email-templates', {
    name: 'Primer contacto',
    subject: 'Tu viaje a {{destino}}',
    body: 'Hola {{nombre}}:\n\nTe llamo hoy para hablar de {{destino}}.\n\n{{agente}}',
    sequence_day: null,
  });
  assert.equal(template.status, 201);
});
after(() => ctx?.close());

test('an admin sends a template reply from the lead page, previewed first, and sees it on the timeline', async () => {
  const page = await signedInPage(ctx);
  await page.goto(`${ctx.server.baseUrl}/admin/leads/${lead.id}/show`);
  await page.getByRole('button', { name: 'Send e-mail' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: 'Primer contacto' }).click();
  const destination = lead.destination.name;
  await dialog.getByTestId('preview-subject').getByText(`Tu viaje a ${destination}`).waitFor();
  assert.match(await dialog.getByTestId('preview-body').textContent(), /Hola Marta:/);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/send-email-1280.png` });
  }
  await dialog.getByRole('button', { name: 'Send e-mail' }).click();
  await page.getByText('E-mail sent', { exact: true }).waitFor();
  await page.getByTestId('lead-timeline').locator('[data-kind="email"]').waitFor();
  assert.ok(await waitForMailTo(ctx, 'marta.reply@example.com'), 'the reply reached the outbox');
  await page.close();
});

test('the templates are reached from the menu and listed', async () => {
  const page = await signedInPage(ctx);
  await page.getByRole('menuitem', { name: 'E-mail templates' }).click();
  await page.waitForURL(/\/admin\/email-templates/);
  await page.getByText('Primer contacto', { exact: true }).waitFor();
  await page.close();
});

test('the send dialog fits a phone screen', async () => {
  const page = await signedInPage(ctx, 390);
  await page.goto(`${ctx.server.baseUrl}/admin/leads/${lead.id}/show`);
  await page.getByRole('button', { name: 'Send e-mail' }).click();
  await page.getByRole('dialog').getByText('Choose a template').waitFor();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/send-email-390.png`, animations: 'disabled' });
  await page.close();
});

test('a saved view of the lead list is found again after signing in in another browser', async () => {
  const page = await signedInPage(ctx);
  await page.goto(`${ctx.server.baseUrl}/admin/leads?filter=${encodeURIComponent(JSON.stringify({ status: 'new' }))}`);
  await page.getByRole('button', { name: 'Mine' }).click();
  await page.waitForURL(/agent_id/);
  await page.getByRole('button', { name: 'Saved views' }).click();
  await page.getByRole('menuitem', { name: 'Save the current view…' }).click();
  await page.getByLabel('View name').fill('Mis nuevas');
  await page.getByLabel('View name').press('Enter');
  await page.getByText('View saved').waitFor();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/saved-views-1280.png` });
  await page.close();

  // Another browser context: nothing in its storage; the view comes from the server.
  const other = await signedInPage(ctx, 390);
  await other.goto(`${ctx.server.baseUrl}/admin/leads`);
  await other.getByRole('button', { name: 'Saved views' }).click();
  await other.getByRole('menuitem', { name: 'Mis nuevas' }).click();
  await other.waitForURL(/status/);
  const filter = JSON.parse(new URL(other.url()).searchParams.get('filter'));
  assert.equal(filter.status, 'new');
  assert.ok(filter.agent_id, 'the Mine filter came back');
  if (SHOTS) await other.screenshot({ path: `${SHOTS}/saved-views-390.png` });
  await other.close();
});

test('the demo desk on a fresh start fills every column of the board', async () => {
  const demo = {
    server: await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DEMO_DESK: 'true' }),
    browser: await launchBrowser(),
  };
  try {
    const page = await signedInPage(demo);
    await page.goto(`${demo.server.baseUrl}/admin/leads/board`);
    for (const status of ['new', 'contacted', 'qualified', 'proposal_sent', 'booked', 'lost']) {
      const heading = page.locator(`[data-status="${status}"] h2`);
      await heading.getByText(/\((?!0\))\d+\)/).waitFor();
    }
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/demo-board-1280.png` });
    await page.goto(`${demo.server.baseUrl}/admin/`);
    // The charts are drawn with data: the leads-per-day curve rises and falls, every bar chart has
    // bars with a height.
    const curve = page.locator('.recharts-area-curve').first();
    await curve.waitFor();
    await page.waitForFunction(() => {
      const d = globalThis.document.querySelector('.recharts-area-curve')?.getAttribute('d') ?? '';
      const ys = [...d.matchAll(/[ML,C]\s*[\d.]+[ ,]([\d.]+)/g)].map((m) => Math.round(Number(m[1])));
      return new Set(ys).size > 2;
    });
    await page.waitForFunction(() => {
      const cards = [...globalThis.document.querySelectorAll('.recharts-wrapper')];
      const withBars = cards.filter((w) =>
        [...w.querySelectorAll('.recharts-bar-rectangle path')].some((p) => p.getBBox().height > 1),
      );
      return withBars.length >= 2;
    });
    // The desk's own figures: leads left new past the SLA are counted and listed, oldest first.
    const waiting = Number((await page.getByTestId('stat-past_sla').textContent()).replace(/\D/g, ''));
    assert.ok(waiting > 0, 'the demo has leads waiting past the SLA');
    const table = page.getByTestId('leads-past_sla_table');
    assert.equal(await table.locator('tbody tr').count(), Math.min(waiting, 8));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/demo-dashboard-1280.png`, fullPage: true });
    // From the card to the list: the same leads, every one flagged.
    await page.getByTestId('stat-past_sla').click();
    await page.waitForURL(/is_repeat/);
    await page.getByTestId('sla-flag').first().waitFor();
    const rows = await page.locator('.RaDatagrid-tbody tr, tbody tr').count();
    assert.equal(await page.getByTestId('sla-flag').count(), Math.min(rows, waiting));
    // Flags and the demo's long addresses still leave every row's actions in view at 1280 px.
    const wider = await page
      .locator('.RaDatagrid-tableWrapper')
      .evaluate((wrapper) => wrapper.scrollWidth - wrapper.clientWidth);
    assert.ok(wider <= 0, `the leads table is ${wider} px wider than its place`);
    await page.close();
  } finally {
    await demo.browser.close();
    await demo.server.stop();
  }
});
