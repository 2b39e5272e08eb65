import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { createLead, signedInPage, startAdminServer } from './admin-support.mjs';

const SHOTS = process.env.SCREENSHOT_DIR;
let ctx;
let lead;
before(async () => {
  ctx = await startAdminServer();
  const destinations = (await ctx.api('GET', 'destinations')).body;
  lead = await createLead(ctx, destinations[0].id);
});
after(() => ctx?.close());

test('an admin opens a lead, adds a note and schedules a task, and sees both on the timeline and the dashboard', async () => {
  const page = await signedInPage(ctx);
  await page.goto(`${ctx.server.baseUrl}/admin/leads/${lead.id}/show`);
  const timeline = page.getByTestId('lead-timeline');
  await timeline.locator('[data-kind="created"]').waitFor();

  // The note, typed and saved with the keyboard (Ctrl+Enter).
  const note = page.getByTestId('note-text');
  await note.fill('Quiere un hotel con piscina para niños');
  await note.press('Control+Enter');
  await timeline.locator('[data-kind="note"]', { hasText: 'Quiere un hotel con piscina para niños' }).waitFor();
  assert.equal(await note.inputValue(), '');

  // A task for the caller, due tomorrow by default.
  await page.getByTestId('task-title').fill('Llamar para confirmar fechas');
  await page.getByRole('button', { name: 'Schedule task' }).click();
  await page.getByTestId('lead-tasks').getByText('Llamar para confirmar fechas').waitFor();
  await timeline.locator('[data-kind="task"]', { hasText: 'Llamar para confirmar fechas' }).waitFor();
  // Newest first: the task, then the note, then the lead's creation.
  const kinds = await timeline.locator('li').evaluateAll((items) => items.map((li) => li.dataset.kind));
  assert.deepEqual(kinds.slice(0, 2), ['task', 'note']);
  assert.equal(kinds.at(-1), 'created');

  // An overdue task is highlighted; marking it done takes it off.
  const overdue = await ctx.api('POST', 'tasks', {
    lead_id: lead.id,
    title: 'Enviar presupuesto',
    due_at: new Date(Date.now() - 3_600_000).toISOString(),
  });
  assert.equal(overdue.status, 201);
  await page.reload();
  const overdueRow = page.getByTestId('lead-tasks').locator('[data-overdue="true"]', { hasText: 'Enviar presupuesto' });
  await overdueRow.waitFor();
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/lead-desk-1280.png`, fullPage: true });
  }

  // The dashboard's "My tasks": overdue first.
  await page.goto(`${ctx.server.baseUrl}/admin/`);
  const mine = page.getByTestId('my-tasks');
  await mine.getByText('Enviar presupuesto').waitFor();
  const titles = await mine.locator('[data-testid="task-row"]').allTextContents();
  assert.match(titles[0], /Enviar presupuesto/);
  assert.match(titles[0], /Overdue/);
  assert.match(titles[1], /Llamar para confirmar fechas/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-1280.png`, fullPage: true });

  await mine.getByRole('checkbox', { name: 'Mark as done: Enviar presupuesto' }).click();
  await mine.getByText('Enviar presupuesto').waitFor({ state: 'detached' });
  const done = await ctx.api('GET', `tasks/${overdue.body.id}`);
  assert.notEqual(done.body.done_at, null);
  await page.close();
});

test('the lead desk fits a phone screen', async () => {
  const page = await signedInPage(ctx, 390);
  await page.goto(`${ctx.server.baseUrl}/admin/leads/${lead.id}/show`);
  await page.getByTestId('lead-timeline').locator('[data-kind="note"]').waitFor();
  const overflow = await page.evaluate(() => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth);
  assert.ok(overflow <= 1, `page scrolls sideways by ${overflow}px`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/lead-desk-390.png`, fullPage: true });
  await page.goto(`${ctx.server.baseUrl}/admin/`);
  await page.getByTestId('my-tasks').getByText('Llamar para confirmar fechas').waitFor();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-390.png`, fullPage: true });
  await page.close();
});
