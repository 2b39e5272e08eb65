import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { createLead, signedInPage, startAdminServer, waitForMailTo } from './admin-support.mjs';

// An agent (staff who works leads, not an admin) in the back-office: the lead desk, and nothing else.
const SHOTS = process.env.SCREENSHOT_DIR;
const AGENT = { email: 'sofia.agent@example.com', password: 'Desk-Work-2026!' };
let ctx;
let agent;
let lead;
let other;
before(async () => {
  ctx = await startAdminServer();
  const created = await ctx.api('POST', 'agents', {
    first_name: 'Sofía',
    last_name: 'Agente',
    phone: '5550002222',
    ...AGENT,
    confirm_password: AGENT.password,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  agent = created.body;
  const destinations = (await ctx.api('GET', 'destinations')).body;
  lead = await createLead(ctx, destinations[0].id, {
    first_name: 'Carmen',
    email: 'carmen.agent@example.com',
    agent_id: agent.id,
  });
  other = await createLead(ctx, destinations[1].id, { first_name: 'Diego', email: 'diego.agent@example.com' });
  const template = await ctx.api('POST', 'email-templates', {
    name: 'Seguimiento',
    subject: 'Tu viaje a {{destino}}',
    body: 'Hola {{nombre}}:\n\nSoy {{agente}} y te escribo por {{destino}}.',
    sequence_day: null,
  });
  assert.equal(template.status, 201);
});
after(() => ctx?.close());

test('an agent signs in, opens a lead, adds a note, schedules a task, sends a template reply and sees all three on the timeline', async () => {
  const page = await signedInPage(ctx, 1280, { as: AGENT });
  // The menu is the desk's: home and leads, no customers, agents, catalogue or audit log.
  const menu = await page.getByRole('menuitem').allTextContents();
  assert.deepEqual(
    menu.map((m) => m.trim()),
    ['Home', 'Leads'],
  );

  await page.getByRole('menuitem', { name: 'Leads' }).click();
  // The row opens the lead (its e-mail cell is a mailto: link, so the click goes to the id).
  await page.locator('tr', { hasText: 'carmen.agent@example.com' }).locator('td.column-id').click();
  await page.waitForURL(new RegExp(`/admin/leads/${lead.id}/show`));
  const timeline = page.getByTestId('lead-timeline');
  await timeline.locator('[data-kind="created"]').waitFor();
  // Making a customer account is an admin's: not offered here.
  assert.equal(await page.getByRole('button', { name: /create account/i }).count(), 0);

  const note = page.getByTestId('note-text');
  await note.fill('Prefiere viajar en marzo');
  await note.press('Control+Enter');
  await timeline.locator('[data-kind="note"]', { hasText: 'Prefiere viajar en marzo' }).waitFor();

  await page.getByTestId('task-title').fill('Llamar el lunes');
  await page.getByRole('button', { name: 'Schedule task' }).click();
  await timeline.locator('[data-kind="task"]', { hasText: 'Llamar el lunes' }).waitFor();

  await page.getByRole('button', { name: 'Send e-mail' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: 'Seguimiento' }).click();
  await dialog.getByTestId('preview-subject').getByText(`Tu viaje a ${lead.destination.name}`).waitFor();
  assert.match(await dialog.getByTestId('preview-body').textContent(), /Soy Sofía Agente/);
  await dialog.getByRole('button', { name: 'Send e-mail' }).click();
  await page.getByText('E-mail sent', { exact: true }).waitFor();
  await timeline.locator('[data-kind="email"]').waitFor();

  const kinds = await timeline.locator('li').evaluateAll((items) => items.map((li) => li.dataset.kind));
  // The three newest entries are the agent's three (their order within one second is not kept: times are whole seconds).
  assert.deepEqual([...kinds.slice(0, 3)].sort(), ['email', 'note', 'task']);
  assert.equal(kinds.at(-1), 'created');
  // Each entry is the agent's own.
  const timelineApi = await ctx.api('GET', `leads/${lead.id}/timeline`);
  assert.deepEqual(
    timelineApi.body.filter((e) => ['email', 'task', 'note'].includes(e.kind)).map((e) => e.actor_id),
    [agent.id, agent.id, agent.id],
  );
  assert.ok(await waitForMailTo(ctx, 'carmen.agent@example.com'), 'the reply reached the outbox');
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/agent-lead-1280.png`, fullPage: true });
  }

  // The dashboard: the agent's task is under "My tasks".
  await page.getByRole('menuitem', { name: 'Home' }).click();
  await page.getByTestId('my-tasks').getByText('Llamar el lunes').waitFor();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/agent-dashboard-1280.png`, fullPage: true });
  await page.close();
});

test('an agent reassigns and moves leads from the list, but neither exports nor deletes them', async () => {
  const page = await signedInPage(ctx, 1280, { as: AGENT });
  await page.goto(`${ctx.server.baseUrl}/admin/leads`);
  await page.getByText('diego.agent@example.com').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Export' }).count(), 0);
  assert.equal(await page.getByRole('button', { name: /^Delete lead/ }).count(), 0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/agent-list-1280.png` });
  const row = page.locator('tr', { hasText: 'diego.agent@example.com' });
  await row.getByRole('checkbox').check();
  assert.equal(await page.getByRole('button', { name: 'Delete' }).count(), 0);
  await page.getByRole('button', { name: 'Reassign' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Sofía Agente' }).click();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await page.getByText('1 lead updated').waitFor();
  const moved = (await ctx.api('GET', `leads/${other.id}`)).body;
  assert.equal(moved.agent_id, agent.id);
  assert.ok(moved.history.some((e) => e.kind === 'assignment' && e.actor?.id === agent.id));

  // An admin page typed into the address bar: not there for an agent, who stays signed in.
  await page.goto(`${ctx.server.baseUrl}/admin/users`);
  await page.getByRole('menuitem', { name: 'Leads' }).waitFor();
  assert.equal(await page.getByText('boss@example.com').count(), 0);
  await page.goto(`${ctx.server.baseUrl}/admin/leads`);
  await page.getByText('diego.agent@example.com').waitFor();
  await page.close();
});

test("the agent's desk fits a phone screen", async () => {
  const page = await signedInPage(ctx, 390, { as: AGENT });
  await page.goto(`${ctx.server.baseUrl}/admin/leads/${lead.id}/show`);
  await page.getByTestId('lead-timeline').locator('[data-kind="email"]').waitFor();
  const overflow = await page.evaluate(() => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth);
  assert.ok(overflow <= 1, `page scrolls sideways by ${overflow}px`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/agent-lead-390.png`, fullPage: true });
  await page.goto(`${ctx.server.baseUrl}/admin/leads`);
  await page.getByText('Diego', { exact: false }).first().waitFor();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/agent-list-390.png` });
  await page.goto(`${ctx.server.baseUrl}/admin/`);
  await page.getByTestId('my-tasks').getByText('Llamar el lunes').waitFor();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/agent-dashboard-390.png`, fullPage: true });
  await page.close();
});
