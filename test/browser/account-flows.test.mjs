import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  createCustomer,
  field,
  createLead,
  firstDestination,
  linkPath,
  loginApi,
  loginThroughPage,
  PASSWORD,
  startAccountServer,
  storedTokens,
  uniqueEmail,
} from './account-support.mjs';
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

const newPage = async () => (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();

test('sign-up, the e-mailed link, login, the account data, an edit that survives a reload, logout', async () => {
  const page = await newPage();
  const email = uniqueEmail('sofia');
  await page.goto(`${server.baseUrl}/sign-up`);
  assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex');

  // The shared rules answer before anything is sent.
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await page.getByText('Por favor, complete todos los campos.').first().waitFor();
  await page.getByLabel(field('Nombre')).fill('Sofía');
  await page.getByLabel(field('Apellido')).fill('Martínez');
  await page.getByLabel(field('Correo electrónico')).fill(email);
  await page.getByLabel(field('Teléfono')).fill('8095550101');
  await page.getByLabel(field('Contraseña')).fill(PASSWORD);
  await page.getByLabel(field('Confirmar contraseña')).fill(`${PASSWORD}x`);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await page.getByText('Las contraseñas no coinciden.').waitFor();
  // The same common-password check as the server, run in the page.
  await page.getByLabel(field('Contraseña')).fill('password123');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await page.getByText('Esta contraseña es demasiado común. Por favor, elija una más segura.').waitFor();
  await page.getByLabel(field('Contraseña')).fill(PASSWORD);
  await page.getByLabel(field('Confirmar contraseña')).fill(PASSWORD);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();

  const modal = page.getByRole('dialog', { name: 'Verify your account' });
  await modal.waitFor();
  await modal.getByRole('button', { name: 'Entendido' }).click();
  await modal.waitFor({ state: 'detached' });
  assert.equal(
    await page.getByLabel(field('Correo electrónico')).inputValue(),
    '',
    'closing the modal clears the form',
  );

  // Not verified yet: the API's own words.
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel(field('Correo electrónico')).fill(email);
  await page.getByLabel(field('Contraseña')).fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('alert').filter({ hasText: 'Please verify your email before logging in.' }).waitFor();

  const mail = await server.smtp.waitFor(email, (m) => m.subject === 'Verifica tu cuenta');
  await page.goto(server.baseUrl + linkPath(mail, 'email-verification'));
  await page.getByRole('heading', { name: 'Verificación Exitosa' }).waitFor();
  await page.locator('#main').getByRole('link', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(/\/login$/);

  await page.getByLabel(field('Correo electrónico')).fill(email);
  await page.getByLabel(field('Contraseña')).fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(/\/user-account$/);
  await page.getByRole('heading', { name: 'My Account' }).waitFor();
  assert.equal(await page.locator('[data-field="name"]').textContent(), 'Sofía Martínez');
  assert.equal(await page.locator('[data-field="email"]').textContent(), email);
  assert.equal(await page.locator('[data-field="phone"]').textContent(), '8095550101');
  assert.ok((await storedTokens(page))?.refresh, 'the session is kept in localStorage authTokens');

  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User Data' });
  assert.equal(await edit.getByLabel(field('Email')).getAttribute('readonly'), '');
  assert.equal(await edit.getByLabel(field('First name')).getAttribute('maxlength'), '40');
  await edit.getByLabel(field('First name')).fill('Sofía Isabel');
  await edit.getByLabel(field('Phone')).fill('');
  await edit.getByLabel(field('Phone')).pressSequentially('(809) 555-0199');
  assert.equal(await edit.getByLabel(field('Phone')).inputValue(), '8095550199', 'non-digits are dropped as typed');
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.waitFor({ state: 'detached' });
  await page.reload();
  await page.locator('[data-field="name"]').filter({ hasText: 'Sofía Isabel Martínez' }).waitFor();
  assert.equal(await page.locator('[data-field="phone"]').textContent(), '8095550199');

  const { refresh } = await storedTokens(page);
  await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
  await page.waitForURL(/\/login$/);
  assert.equal(await storedTokens(page), null);
  const reuse = await fetch(`${server.baseUrl}/api/users/token/refresh/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh }),
  });
  assert.equal(reuse.status, 401, 'logout killed the refresh token on the server');
  await page.context().close();
});

test('a wrong password and an unknown e-mail get the same message, and no session is stored', async () => {
  const person = await createCustomer(server);
  const page = await newPage();
  await page.goto(`${server.baseUrl}/login`);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByText('Por favor, complete todos los campos requeridos.').first().waitFor();
  await page.getByLabel(field('Correo electrónico')).fill('not-an-email');
  await page.getByLabel(field('Contraseña')).fill('whatever');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByText('Por favor, ingrese una dirección de correo electrónico válida.').waitFor();

  await page.getByLabel(field('Correo electrónico')).fill(person.email);
  await page.getByLabel(field('Contraseña')).fill('Not-The-Password-1');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('alert').filter({ hasText: 'Email or password is incorrect. Please try again.' }).waitFor();
  // An unknown address gets the answer of a wrong password: the login does not tell which addresses have accounts.
  await page.getByLabel(field('Correo electrónico')).fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('alert').filter({ hasText: 'Email or password is incorrect. Please try again.' }).waitFor();
  assert.equal(await storedTokens(page), null);
  assert.match(page.url(), /\/login$/);
  await page.context().close();
});

test('repeated failures show the lock-out the API answers with', async () => {
  const person = await createCustomer(server);
  const page = await newPage();
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel(field('Correo electrónico')).fill(person.email);
  let locked = null;
  for (let attempt = 1; attempt <= 10 && !locked; attempt += 1) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/users/token/'));
    await page.getByLabel(field('Contraseña')).fill(`Wrong-Guess-${attempt}`);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    const res = await answer;
    if (res.status() === 429) locked = (await res.json()).error;
  }
  assert.ok(locked, 'the API locks the account after repeated failures');
  await page.getByRole('alert').filter({ hasText: locked }).waitFor();
  assert.equal(await storedTokens(page), null);
  await page.context().close();
});

test('a tampered verification link shows the failure with a way to sign up again', async () => {
  const page = await newPage();
  const email = uniqueEmail('tamper');
  const res = await fetch(`${server.baseUrl}/api/users/sign-up/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Eva',
      last_name: 'Ruiz',
      email,
      phone: '8095550102',
      password: PASSWORD,
      is_superuser: false,
    }),
  });
  assert.equal(res.status, 201);
  const mail = await server.smtp.waitFor(email, (m) => m.subject === 'Verifica tu cuenta');
  const path = linkPath(mail, 'email-verification');
  const tampered = path.slice(0, -3) + (path.endsWith('AAA') ? 'BBB' : 'AAA');
  await page.goto(server.baseUrl + tampered);
  await page.getByRole('heading', { name: 'Verificación Fallida' }).waitFor();
  await page.locator('#main').getByRole('link', { name: 'Crear cuenta' }).click();
  await page.waitForURL(/\/sign-up$/);
  await page.context().close();
});

test('forgot password: the e-mailed link, a new password, and a login with it', async () => {
  const person = await createCustomer(server);
  const page = await newPage();
  await page.goto(`${server.baseUrl}/forgot-password`);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await page.getByText('Por favor, ingresa tu dirección de correo electrónico.').waitFor();
  await page.getByLabel(field('Correo electrónico')).fill(person.email);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await page.getByText('If an account exists for this email, we have sent a link to reset the password.').waitFor();
  assert.equal(await page.getByLabel(field('Correo electrónico')).count(), 0, 'the field disappears');
  assert.equal(await page.getByRole('button', { name: 'Enviar' }).isDisabled(), true);

  const mail = await server.smtp.waitFor(person.email, (m) => m.subject === 'Restablece tu contraseña');
  const path = linkPath(mail, 'api/users/reset');
  await page.goto(server.baseUrl + path);
  await page.getByLabel(field('Nueva contraseña')).fill('short');
  await page.getByLabel(field('Confirmar contraseña')).fill('short');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText('Password must be at least 8 characters long.').waitFor();
  const fresh = 'Nueva-Playa-2032!';
  await page.getByLabel(field('Nueva contraseña')).fill(fresh);
  await page.getByLabel(field('Confirmar contraseña')).fill(fresh);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.getByRole('link', { name: 'Ir a iniciar sesión' }).click();
  await page.waitForURL(/\/login$/);
  assert.equal((await loginApi(server, person.email, PASSWORD)).status, 401, 'the old password no longer works');

  await page.getByLabel(field('Correo electrónico')).fill(person.email);
  await page.getByLabel(field('Contraseña')).fill(fresh);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(/\/user-account$/);

  // The link worked once: opened again, the form stays hidden.
  await page.goto(server.baseUrl + path);
  await page.getByText('Failed to validate token').waitFor();
  assert.equal(await page.getByLabel(field('Nueva contraseña')).count(), 0);
  await page.context().close();
});

test('a lead sent with the account’s e-mail shows under Leads; a person without leads sees the empty state', async () => {
  const person = await createCustomer(server);
  const destination = await firstDestination(server);
  await createLead(server, person.email, destination.id);
  const page = await newPage();
  await loginThroughPage(page, server, person.email, person.password);
  await page.getByRole('link', { name: 'Leads' }).click();
  await page.waitForURL(/\/user-account\/leads$/);
  const item = page.locator('.leads-list__item');
  await item.first().waitFor();
  assert.equal(await item.count(), 1);
  assert.equal(await item.locator('h2').textContent(), destination.name);
  assert.equal(await item.locator('.status-pill').textContent(), 'Recibida');
  await page.context().close();

  const other = await createCustomer(server);
  const page2 = await newPage();
  await loginThroughPage(page2, server, other.email, other.password);
  await page2.goto(`${server.baseUrl}/user-account/leads`);
  await page2.getByText('Aún no tienes solicitudes.', { exact: false }).waitFor();
  await page2.context().close();
});
