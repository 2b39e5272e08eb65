import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createLead, signedInPage, startAdminServer } from './admin-support.mjs';

let ctx;
before(async () => {
  ctx = await startAdminServer();
});
after(() => ctx?.close());

const saveButton = (page) => page.getByRole('button', { name: /^(Save|Saving\.\.\.)$/ });

test('an admin edits a pack, finds the change in the audit log and in the pack’s history', async () => {
  const [pack] = (await ctx.api('GET', 'packs?range=[0,0]')).body;
  const newName = `${pack.name} (revisado)`;
  const page = await signedInPage(ctx);

  await page.goto(`${ctx.server.baseUrl}/admin/travel-packs/${pack.id}`);
  const name = page.locator('[name="name"]');
  await name.waitFor();
  await name.fill(newName);
  await saveButton(page).click();
  await page.waitForURL(/\/admin\/travel-packs(\?|$)/);
  // The list is on screen (on a slow machine the menu was clicked while it was still being built).
  await page.locator('tbody tr').first().waitFor();

  // The audit log, from the menu: the newest entry is the edit, with its old and new name.
  await page.getByRole('menuitem', { name: 'Audit log' }).click();
  await page.waitForURL(/\/admin\/audit-log/);
  const row = page.locator('tbody tr').first();
  await row.waitFor();
  await row.getByText('Updated').waitFor();
  await row.getByText(`Travel packs #${pack.id}`).waitFor();
  await row.getByText(`Name: ${pack.name} → ${newName}`).waitFor();
  await row.getByText('boss@example.com').waitFor();
  // No way to create or delete entries from the screen.
  assert.equal(await page.getByRole('link', { name: /^Create$/ }).count(), 0);
  assert.equal(await page.getByRole('button', { name: /^Delete/ }).count(), 0);

  // Filtered by action: the sign-ins only, the edit left out.
  await page.goto(
    `${ctx.server.baseUrl}/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ action: 'sign_in' }))}`,
  );
  await page.locator('tbody tr').first().getByText('Signed in', { exact: true }).waitFor();
  assert.equal(await page.locator('tbody tr').getByText('Updated').count(), 0);

  // The entry's own page, reached by keyboard from the row's view button.
  await page.goto(
    `${ctx.server.baseUrl}/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ resource: 'packs' }))}`,
  );
  const view = page
    .locator('tbody tr')
    .first()
    .getByRole('link', { name: /^View details of audit entry \d+$/ });
  await view.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/admin\/audit-log\/\d+\/show/);
  await page.getByTestId('audit-changes').getByText(`Name: ${pack.name} → ${newName}`).waitFor();

  // The pack's page lists its history, newest first.
  await page.goto(`${ctx.server.baseUrl}/admin/travel-packs/${pack.id}/show`);
  const history = page.getByTestId('record-history');
  await history.getByText(`Name: ${pack.name} → ${newName}`).waitFor();
  assert.match((await history.locator('li').first().textContent()) ?? '', /Updated/);
  await page.close();
});

test('in Spanish the screen is the “Registro de auditoría”, with readable labels; a lead’s history shows its edit', async () => {
  const [destination] = (await ctx.api('GET', 'destinations?range=[0,0]')).body;
  const lead = await createLead(ctx, destination.id);
  const res = await ctx.api('PUT', `leads/${lead.id}`, { notes: 'Llamar el lunes' });
  assert.equal(res.status, 200);
  const page = await signedInPage(ctx, 1280, { locale: 'es-ES' });
  await page.getByRole('menuitem', { name: 'Registro de auditoría' }).click();
  // Newest first: the lead's edit comes before its creation (the sign-in just made is newer still).
  const row = page.locator('tbody tr', { hasText: `Solicitudes #${lead.id}` }).first();
  await row.getByText('Modificación').waitFor();
  await row.getByText('Notas: (vacío) → Llamar el lunes').waitFor();
  await page.goto(`${ctx.server.baseUrl}/admin/leads/${lead.id}/show`);
  await page.getByRole('heading', { name: 'Historial de cambios' }).waitFor();
  await page.getByTestId('record-history').getByText('Notas: (vacío) → Llamar el lunes').waitFor();
  await page.close();
});

test('at 390 px the audit log fits the screen', async () => {
  const page = await signedInPage(ctx, 390);
  await page.goto(`${ctx.server.baseUrl}/admin/audit-log`);
  await page
    .getByText(/Updated|Signed in/)
    .first()
    .waitFor();
  const width = await page.evaluate(() => globalThis.document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide`);
  await page.close();
});
