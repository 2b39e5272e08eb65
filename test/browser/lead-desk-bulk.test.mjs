import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createLead, signedInPage, startAdminServer } from './admin-support.mjs';

const SHOTS = process.env.SCREENSHOT_DIR;
let ctx;
let agent;
let leads;
before(async () => {
  ctx = await startAdminServer();
  const destinations = (await ctx.api('GET', 'destinations')).body;
  const created = await ctx.api('POST', 'agents', {
    first_name: 'Rosa',
    last_name: 'Reparto',
    email: 'rosa.reparto@example.com',
  });
  assert.equal(created.status, 201);
  agent = created.body;
  leads = [
    await createLead(ctx, destinations[0].id, {
      last_name: 'Masiva',
      email: 'masiva1@example.com',
      phone: '5550000001',
    }),
    await createLead(ctx, destinations[0].id, {
      last_name: 'Masiva',
      email: 'masiva2@example.com',
      phone: '5550000002',
    }),
  ];
});
after(() => ctx?.close());

test('bulk reassign from the lead list: one call, every lead assigned and its history written', async () => {
  const page = await signedInPage(ctx, 1280);
  const filter = encodeURIComponent(JSON.stringify({ q: 'masiva' }));
  await page.goto(`${ctx.server.baseUrl}/admin/leads?filter=${filter}`);
  const calls = [];
  page.on('request', (req) => req.url().includes('/bulk-update') && calls.push(req.postDataJSON()));
  const rows = page.locator('tbody tr');
  await rows.nth(1).waitFor();
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Reassign' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Reassign 2 leads').waitFor();
  // Keyboard: the select has the focus; open it, go to the agent, choose it.
  await dialog.getByRole('combobox').focus();
  await page.keyboard.press('Enter');
  const option = page.getByRole('option', { name: 'Rosa Reparto' });
  await option.waitFor();
  await option.focus();
  await page.keyboard.press('Enter');
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/lead-desk-bulk-dialog-1280.png` });
  }
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await page.getByText('2 leads updated').waitFor();
  assert.equal(calls.length, 1);
  assert.equal(calls[0].agent_id, agent.id);
  const byId = (a, b) => a - b;
  assert.deepEqual([...calls[0].ids].sort(byId), leads.map((l) => l.id).sort(byId));
  for (const lead of leads) {
    const stored = (await ctx.api('GET', `leads/${lead.id}`)).body;
    assert.equal(stored.agent_id, agent.id);
    assert.ok(stored.history.some((e) => e.kind === 'assignment' && e.to === String(agent.id)));
  }
  await page.locator('tbody tr', { hasText: 'Rosa Reparto' }).nth(1).waitFor();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/lead-desk-bulk-1280.png`, fullPage: true });
  await page.close();
});

test("the board shows one agent's leads in every column, chosen with the keyboard and kept in the address", async () => {
  const page = await signedInPage(ctx, 1280);
  await page.goto(`${ctx.server.baseUrl}/admin/leads/board`);
  const cards = page.locator('[data-lead-id]');
  await cards.first().waitFor();
  const select = page.getByTestId('board-agent').getByRole('combobox');
  await select.focus();
  await page.keyboard.press('Enter');
  const option = page.getByRole('option', { name: 'Rosa Reparto' });
  await option.waitFor();
  await option.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`agent=${agent.id}`));
  // Only Rosa's two leads (assigned by the test above) are left on the board.
  const rosas = leads.map((l) => String(l.id)).sort();
  await page.waitForFunction(
    (want) =>
      [...globalThis.document.querySelectorAll('[data-lead-id]')]
        .map((c) => c.getAttribute('data-lead-id'))
        .sort()
        .join() === want,
    rosas.join(),
  );
  await page.locator('[data-status="new"] h2').getByText('(2)').waitFor();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/board-agent-1280.png` });

  // The address keeps the choice: a reload shows the same board.
  await page.reload();
  await page.locator('[data-status="new"] h2').getByText('(2)').waitFor();
  // Unassigned: the new column counts what the API counts, and none of Rosa's leads is there.
  const unassignedNew = await ctx.count('leads', { agent_id: null, status: 'new' });
  const allNew = await ctx.count('leads', { status: 'new' });
  assert.notEqual(unassignedNew, allNew);
  await page.goto(`${ctx.server.baseUrl}/admin/leads/board?agent=none`);
  await page.locator('[data-status="new"] h2').getByText(`(${unassignedNew})`).waitFor();
  await page.waitForFunction(
    (ids) =>
      globalThis.document.querySelectorAll('[data-status] h2').length === 6 &&
      !ids.some((id) => globalThis.document.querySelector(`[data-lead-id="${id}"]`)),
    rosas,
  );
  await page.close();

  const phone = await signedInPage(ctx, 390);
  await phone.goto(`${ctx.server.baseUrl}/admin/leads/board?agent=${agent.id}`);
  await phone.locator('[data-status="new"] h2').getByText('(2)').waitFor();
  if (SHOTS) await phone.screenshot({ path: `${SHOTS}/board-agent-390.png` });
  await phone.close();
});

test('the lead list and the bulk status dialog fit a phone (390 px)', async () => {
  const page = await signedInPage(ctx, 390);
  const filter = encodeURIComponent(JSON.stringify({ q: 'masiva' }));
  await page.goto(`${ctx.server.baseUrl}/admin/leads?filter=${filter}`);
  await page.getByText('Lucía Masiva').first().waitFor();
  const width = await page.evaluate(() => globalThis.document.documentElement.scrollWidth);
  assert.ok(width <= 390, `page is ${width} px wide`);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/lead-desk-bulk-390.png`, fullPage: true });
  }
  await page.close();
});

/** A public lead through the site's code e-mail (the test server writes its mail to the outbox folder). */
async function publicLead(email, phone, destinationId) {
  const post = (path, body) =>
    fetch(`${ctx.server.baseUrl}/api/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  assert.equal((await post('destination-lead/send-email-verification/', { email })).status, 200);
  const outbox = join(ctx.server.dir, 'outbox');
  let code;
  for (let i = 0; i < 100 && !code; i++) {
    for (const file of (existsSync(outbox) ? readdirSync(outbox, { withFileTypes: true }) : []).filter((f) =>
      f.name.endsWith('.eml'),
    )) {
      const mail = readFileSync(join(outbox, file.name), 'utf8');
      if (!mail.includes(`To: ${email}`)) continue;
      const body = mail.slice(mail.indexOf('\n\n'));
      code = body.match(/(?<![\d=])\d{4}(?!\d)/)?.[0];
    }
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(code, `no code mail for ${email}`);
  assert.equal((await post('destination-lead/verify-code/', { email, confirmation_code: code })).status, 200);
  const res = await post('leads/', {
    first_name: 'Marta',
    last_name: 'Repite',
    email,
    phone,
    destination: destinationId,
  });
  assert.equal(res.status, 201);
  return (await res.json()).id;
}

for (const width of [1280, 390]) {
  test(`a repeat request is badged on its original and merged from its page (${width} px)`, async () => {
    const destinations = (await ctx.api('GET', 'destinations')).body;
    const original = await publicLead(`marta${width}@example.com`, `55577${width}`.padEnd(10, '0'), destinations[0].id);
    const repeat = await publicLead(`otra${width}@example.com`, `55577${width}`.padEnd(10, '0'), destinations[1].id);
    assert.equal((await ctx.api('GET', `leads/${repeat}`)).body.duplicate_of, original);
    const page = await signedInPage(ctx, width);
    const filter = encodeURIComponent(JSON.stringify({ q: 'repite' }));
    await page.goto(`${ctx.server.baseUrl}/admin/leads?filter=${filter}`);
    await page.getByText('1 repeat request').first().waitFor();
    await page.getByText(`Repeat of #${original}`).first().waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/lead-desk-repeat-list-${width}.png`, fullPage: true });
    await page.goto(`${ctx.server.baseUrl}/admin/leads/${repeat}/show`);
    await page.getByRole('button', { name: `Merge into #${original}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Merge lead #${repeat} into #${original}?`).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/lead-desk-merge-${width}.png` });
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await page.waitForURL(new RegExp(`/admin/leads/${original}/show$`));
    const merged = (await ctx.api('GET', `leads/${repeat}`)).body;
    assert.equal(merged.merged_into, original);
    await page.close();
  });
}
