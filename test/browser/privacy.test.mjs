// Privacy (issue #30) end to end: the notice and the opt-in under the forms, a visitor who
// downloads their data and deletes their account, and an admin who erases a person and finds the
// audit entry.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import {
  ADMIN,
  createCustomer,
  createLead,
  field,
  firstDestination,
  linkPath,
  loginApi,
  loginThroughPage,
  PASSWORD,
  startAccountServer,
  storedTokens,
  uniqueEmail,
} from './account-support.mjs';
import { signedInPage } from './admin-support.mjs';
import { axeViolations } from './reach-support.mjs';
import { launchBrowser } from './support.mjs';

let server;
let browser;
before(async () => {
  server = await startAccountServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const newPage = async (width = 1280) =>
  (await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true })).newPage();

async function adminApi(method, path) {
  const login = await (
    await fetch(`${server.baseUrl}/api/users/admin/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
  ).json();
  const res = await fetch(`${server.baseUrl}/api/admin/${path}`, {
    method,
    headers: { Authorization: `Bearer ${login.access}` },
  });
  const range = res.headers.get('content-range');
  return {
    status: res.status,
    body: await res.json().catch(() => null),
    total: range ? Number(range.split('/')[1]) : undefined,
  };
}
const filtered = (resource, filter) => `${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

test('the lead and contact forms carry the notice; the opt-in, unticked by default, is sent when ticked', async () => {
  const page = await newPage();
  await page.goto(`${server.baseUrl}/deals`);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await page.getByRole('banner').getByRole('button', { name: 'Reserva Ahora' }).click();
  const modal = page.getByRole('dialog', { name: 'Reserva tu cupo ahora' });
  await modal.waitFor();
  const optIn = modal.getByRole('checkbox', { name: 'Quiero recibir ofertas por e-mail' });
  assert.equal(await optIn.isChecked(), false, 'unticked by default');
  await modal.getByText('Responsable: Ofertas de Viaje').waitFor();
  await modal.getByText('24 meses').waitFor();
  assert.equal(
    await modal.getByRole('link', { name: /Política de privacidad/ }).getAttribute('href'),
    '/privacy-policy',
  );

  const email = uniqueEmail('opt');
  await modal.getByLabel('Destino').selectOption({ label: 'Cancún' });
  await modal.getByLabel('Nombre').fill('Eva');
  await modal.getByLabel('Apellido').fill('Ruiz');
  await modal.getByLabel('Correo electrónico').fill(email);
  await modal.getByLabel('Teléfono').fill('8095550123');
  await optIn.focus();
  await page.keyboard.press('Space');
  assert.equal(await optIn.isChecked(), true, 'ticked with the keyboard');
  await modal.getByRole('button', { name: 'Reserva Ahora' }).click();
  const codeDialog = page.getByRole('dialog', { name: 'Confirma tu correo electrónico' });
  const mail = await server.smtp.waitFor(email, (m) => m.subject === 'Tu código de verificación');
  await codeDialog.getByLabel('4-digit code').fill(mail.text.match(/(?<!\d)\d{4}(?!\d)/)[0]);
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/leads/') && r.method() === 'POST'),
    codeDialog.getByRole('button', { name: 'Confirmar' }).click(),
  ]);
  assert.equal(request.postDataJSON().marketing_opt_in, true);
  await page.getByRole('dialog', { name: '¡Gracias! Recibimos tu solicitud' }).waitFor();

  await page.goto(`${server.baseUrl}/contacto`);
  const form = page.getByRole('form', { name: 'Formulario de contacto' });
  await form.getByText('Finalidad: responder a tu mensaje').waitFor();
  assert.equal(await form.getByRole('checkbox').count(), 0, 'nothing to tick on the contact form');

  await page.goto(`${server.baseUrl}/privacy-policy`);
  for (const text of [
    'Cuánto tiempo guardamos tus datos',
    /anonimizamos/,
    /nunca se verificó: se eliminan a los 30 días/,
    /se borran 7 días después/,
    'Tus derechos y cómo ejercerlos',
    /enlace para\s+dejar de recibirlos/,
  ])
    await page.locator('.prose').getByText(text).first().waitFor();
  await page.context().close();
});

test('a visitor signs up, opts in, downloads their data, and deletes the account', async () => {
  const page = await newPage();
  const email = uniqueEmail('rosa');
  await page.goto(`${server.baseUrl}/sign-up`);
  await page.getByLabel(field('Nombre')).fill('Rosa');
  await page.getByLabel(field('Apellido')).fill('Díaz');
  await page.getByLabel(field('Correo electrónico')).fill(email);
  await page.getByLabel(field('Teléfono')).fill('8095550144');
  await page.getByLabel(field('Contraseña')).fill(PASSWORD);
  await page.getByLabel(field('Confirmar contraseña')).fill(PASSWORD);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await page.getByRole('dialog', { name: 'Verify your account' }).waitFor();
  const mail = await server.smtp.waitFor(email, (m) => m.subject === 'Verifica tu cuenta');
  await page.goto(server.baseUrl + linkPath(mail, 'email-verification'));
  await page.getByRole('heading', { name: 'Verificación Exitosa' }).waitFor();
  await loginThroughPage(page, server, email, PASSWORD);

  // The opt-in in the account settings, and withdrawable.
  await page.locator('[data-field="marketing"]').filter({ hasText: 'No' }).waitFor();
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User Data' });
  const optIn = edit.getByRole('checkbox', { name: 'Quiero recibir ofertas por e-mail' });
  assert.equal(await optIn.isChecked(), false);
  assert.deepEqual(await axeViolations(page, { include: 'dialog[open]' }), []);
  await optIn.check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.waitFor({ state: 'detached' });
  await page.reload();
  await page.locator('[data-field="marketing"]').filter({ hasText: 'Sí' }).waitFor();

  // The download: one JSON file with the person's own data.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar mis datos' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'mis-datos.json');
  const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
  assert.equal(data.profile.email, email);
  assert.equal(data.profile.first_name, 'Rosa');
  assert.equal(data.profile.marketing_opt_in, true);
  assert.ok(Array.isArray(data.leads) && Array.isArray(data.contact_messages));
  assert.ok(
    data.consent_records.some((c) => c.granted === true && c.email === email),
    `the opt-in is recorded: ${JSON.stringify(data.consent_records)}`,
  );
  await page.getByText('Listo: guardamos el archivo mis-datos.json').waitFor();

  // The confirmation names what goes; Escape closes it and focus returns to its button.
  const opener = page.getByRole('button', { name: 'Eliminar mi cuenta' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: '¿Eliminar tu cuenta?' });
  await dialog.getByText('Se cierra tu sesión en todos tus dispositivos.').waitFor();
  await dialog.getByText(/Tus solicitudes y mensajes se anonimizan/).waitFor();
  assert.deepEqual(await axeViolations(page, { include: 'dialog[open]' }), []);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await opener.evaluate((el) => el === el.ownerDocument.activeElement), true);

  await opener.click();
  await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await dialog.getByText('Escribe tu contraseña para confirmar.').waitFor();
  await dialog.getByLabel(field('Contraseña')).fill('Not-My-Password-1!');
  await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await dialog.getByRole('alert').filter({ hasText: /\S/ }).waitFor();
  assert.ok((await storedTokens(page))?.refresh, 'a wrong password keeps the session');
  assert.equal((await loginApi(server, email, PASSWORD)).status, 200, 'and the account');

  const { refresh } = await storedTokens(page);
  // The way home happens once: the home page asks for the catalogue once, not in a loop.
  const catalogueCalls = [];
  page.on('request', (req) => req.url().includes('/api/travel-packs/') && catalogueCalls.push(req.url()));
  await dialog.getByLabel(field('Contraseña')).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await page.waitForURL(`${server.baseUrl}/`);
  await page.getByRole('status').filter({ hasText: 'Tu cuenta fue eliminada' }).waitFor();
  await page.waitForTimeout(1000);
  assert.ok(catalogueCalls.length <= 2, `the home page asked for the catalogue ${catalogueCalls.length} times`);
  assert.deepEqual(await axeViolations(page, { include: '.route-notice' }), []);
  assert.equal(await storedTokens(page), null, 'signed out here');
  await page.getByRole('status').getByRole('button', { name: 'Cerrar este mensaje' }).click();
  await page.getByRole('status').filter({ hasText: 'Tu cuenta fue eliminada' }).waitFor({ state: 'detached' });

  const login = await loginApi(server, email, PASSWORD);
  assert.ok(login.status === 401 || login.status === 400, `login after deletion: ${login.status}`);
  const reuse = await fetch(`${server.baseUrl}/api/users/token/refresh/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh }),
  });
  assert.equal(reuse.status, 401, 'the session ended on the server');
  assert.equal((await adminApi('GET', filtered('users', { q: email }))).total, 0);
  await page.context().close();
});

test('an admin erases a person through the dialog, and the audit log has the entry', async () => {
  const email = uniqueEmail('borrar');
  await createCustomer(server, { email });
  await createLead(server, email, (await firstDestination(server)).id);
  const contact = await fetch(`${server.baseUrl}/api/contact/submit/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: 'Lucía', lastName: 'Pérez', email, message: 'Borrad mis datos, por favor.' }),
  });
  assert.ok(contact.ok, `contact: ${contact.status}`);
  assert.equal((await adminApi('GET', filtered('leads', { q: email }))).total, 1);

  const page = await signedInPage({ browser, server });
  await page.goto(`${server.baseUrl}/admin/users`);
  await page.getByRole('button', { name: 'Erase a person' }).click();
  const dialog = page.getByRole('dialog', { name: "Erase a person's data" });
  await dialog.getByText('queued e-mails').waitFor();
  // The address field has the focus: type, and Enter goes on to the confirmation.
  await page.keyboard.type('not-an-address');
  await page.keyboard.press('Enter');
  await dialog.getByText('This is not a valid e-mail address.').waitFor();
  await dialog.getByLabel('E-mail address').fill(email);
  await page.keyboard.press('Enter');
  await dialog.getByText(`Erase every record of ${email}? This cannot be undone.`).waitFor();
  await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
  await dialog.getByText(`The data of ${email} has been erased.`).waitFor();
  for (const line of ['Accounts removed: 1', 'Leads anonymised: 1', 'Contact messages anonymised: 1'])
    await dialog.getByText(line).waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });

  assert.equal((await adminApi('GET', filtered('users', { q: email }))).total, 0);
  assert.equal((await adminApi('GET', filtered('leads', { q: email }))).total, 0);
  const audit = await adminApi('GET', filtered('audit-log', { action: 'erase' }));
  assert.equal(audit.status, 200, JSON.stringify(audit.body));
  assert.ok(audit.body.length >= 1, 'an erase entry');
  assert.ok(
    audit.body.every((entry) => entry.action === 'erase'),
    'the filter keeps only erase entries',
  );
  assert.ok(!JSON.stringify(audit.body).includes(email), 'the entry does not keep the erased address');
  // The admin finds it on the audit log screen too: from the menu, filtered to erasures, with its counts.
  await page.getByRole('menuitem', { name: 'Audit log' }).click();
  await page.waitForURL(/\/admin\/audit-log/);
  await page.goto(
    `${server.baseUrl}/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ action: 'erase' }))}`,
  );
  const row = page.locator('tbody tr').first();
  await row.getByText('Erased (privacy)', { exact: true }).waitFor();
  await row.getByRole('link', { name: /^View details of audit entry \d+$/ }).click();
  await page.waitForURL(/\/admin\/audit-log\/\d+\/show/);
  await page.getByTestId('audit-changes').waitFor();
  const shown = await page.getByTestId('audit-changes').innerText();
  assert.match(shown, /1/, `the counts are shown: ${shown}`);
  assert.ok(!(await page.content()).includes(email), 'the screen does not show the erased address');
  await page.close();
});
