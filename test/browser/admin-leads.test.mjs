import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { createLead, signedInPage, startAdminServer, today } from './admin-support.mjs';

const CSV_HEADER = 'lead_id,created_at,first_name,last_name,email,phone,date,hour,status,destination';
let ctx;
let agent;
let leads;
before(async () => {
  ctx = await startAdminServer();
  agent = (
    await ctx.api('POST', 'agents', {
      first_name: 'Marta',
      last_name: 'Ruiz',
      email: 'marta@example.com',
      phone: '5550001111',
    })
  ).body;
  const destinations = (await ctx.api('GET', 'destinations')).body;
  leads = [];
  for (let i = 0; i < 5; i += 1) leads.push(await createLead(ctx, destinations[i % 2].id));
  await ctx.api('PUT', `leads/${leads[4].id}`, { agent_id: agent.id, status: 'qualified' });
});
after(() => ctx?.close());

test('the dashboard figures match the data', async () => {
  const page = await signedInPage(ctx);
  const figures = {
    new_today: await ctx.count('leads', { created_at_gte: today() }),
    unassigned: await ctx.count('leads', { agent_id: null }),
    all: await ctx.count('leads'),
  };
  assert.deepEqual(Object.values(figures), [5, 4, 5]);
  for (const [id, value] of Object.entries(figures)) {
    assert.equal(await page.getByTestId(`stat-${id}`).textContent(), String(value), id);
  }
  // Each figure under its caption.
  for (const caption of ['New leads today', 'New leads this week', 'Unassigned leads', 'All leads']) {
    await page.getByText(caption, { exact: true }).first().waitFor();
  }
  const week = Number(await page.getByTestId('stat-new_this_week').textContent());
  assert.equal(week, 5);
  // The latest leads table links to each lead.
  await page
    .getByRole('link', { name: `#${leads[4].id} ${leads[4].first_name} ${leads[4].last_name}` })
    .first()
    .click();
  await page.waitForURL(new RegExp(`/admin/leads/${leads[4].id}/show$`));
  await page.close();
});

test("a lead's status changes on the board, its agent in the edit view, and both show in its history", async () => {
  const lead = leads[0];
  const page = await signedInPage(ctx);
  await page.goto(`${ctx.server.baseUrl}/admin/leads/board`);
  const card = page.locator(`[data-lead-id="${lead.id}"]`);
  await page.locator('[data-status="new"]').locator(`[data-lead-id="${lead.id}"]`).waitFor();
  // Keyboard move: lift with Space, one column right, drop with Space.
  await card.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(400);
  await page.keyboard.press('Space');
  await page.locator('[data-status="contacted"]').locator(`[data-lead-id="${lead.id}"]`).waitFor();
  for (let i = 0; i < 20 && (await ctx.api('GET', `leads/${lead.id}`)).body.status !== 'contacted'; i += 1) {
    await page.waitForTimeout(100);
  }
  assert.equal((await ctx.api('GET', `leads/${lead.id}`)).body.status, 'contacted');

  await page.goto(`${ctx.server.baseUrl}/admin/leads/${lead.id}`);
  const agentInput = page.getByRole('combobox', { name: 'Agent' });
  await agentInput.click();
  await agentInput.fill('Marta');
  await page.getByRole('option', { name: 'Marta Ruiz' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(new RegExp(`/admin/leads/${lead.id}/show$`));
  const history = page.getByTestId('lead-history');
  await history.getByText('Status: New → Contacted').waitFor();
  await history.getByText('Agent: Unassigned → Marta Ruiz').waitFor();
  assert.equal((await ctx.api('GET', `leads/${lead.id}`)).body.agent_id, agent.id);
  await page.close();
});

test("at 1280 px the leads list fits its page: every row's actions in view, no sideways scroll", async () => {
  const page = await signedInPage(ctx, 1280);
  await page.goto(`${ctx.server.baseUrl}/admin/leads`);
  await page.locator('tbody tr').first().waitFor();
  // A row with the widest values the list shows here: an agent and a 'Qualified' status.
  const row = page.locator('tbody tr', { hasText: 'Marta Ruiz' });
  const overflow = await page
    .locator('.RaDatagrid-tableWrapper')
    .evaluate((wrapper) => wrapper.scrollWidth - wrapper.clientWidth);
  assert.ok(overflow <= 0, `the table is ${overflow} px wider than its place`);
  const remove = await row.getByRole('button', { name: `Delete lead ${leads[4].id}` }).boundingBox();
  assert.ok(remove && remove.x + remove.width <= 1280, 'the delete button is inside the window');
  await page.close();
});

test('leads export to destination_leads.csv: the filtered list and the selected rows', async () => {
  const page = await signedInPage(ctx);
  await page.goto(`${ctx.server.baseUrl}/admin/leads`);
  await page.locator('tbody tr').first().waitFor();
  const total = await ctx.count('leads');
  let [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export', exact: true }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'destination_leads.csv');
  let lines = readFileSync(await download.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  assert.equal(lines[0].replace(/^\uFEFF/, ''), CSV_HEADER);
  assert.equal(lines.length - 1, total);

  const rows = page.locator('tbody tr');
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  const picked = [
    await rows.nth(0).locator('td').nth(1).textContent(),
    await rows.nth(1).locator('td').nth(1).textContent(),
  ];
  [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export to CSV' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'destination_leads.csv');
  lines = readFileSync(await download.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  assert.equal(lines[0].replace(/^\uFEFF/, ''), CSV_HEADER);
  assert.deepEqual(
    lines
      .slice(1)
      .map((l) => l.split(',')[0])
      .sort(),
    picked.sort(),
  );
  await page.close();
});
