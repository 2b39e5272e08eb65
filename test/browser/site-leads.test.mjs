// The site's funnels end to end with the real server and a real SMTP receiver: a lead from the
// destination page and from the 'Reserva Ahora' modal (code from the e-mail, then thanks), and
// the contact form's success and failure.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser } from './support.mjs';
import { codeFromMail, leadsOf, open, startSiteServer, visitorEmail, watchedPage } from './site-support.mjs';

let server;
let browser;
before(async () => {
  server = await startSiteServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test('home -> destination page -> lead form -> code from the e-mail -> thank-you', async () => {
  const w = await watchedPage(browser);
  const { page } = w;
  await open(page, server.baseUrl + '/');
  const card = page.locator('.pack-card').first();
  const destination = (await card.locator('.pack-card__place').textContent()).trim();
  await card.getByRole('link', { name: /^Ver Más/ }).click();
  await page.waitForURL(/\/destinations\/\d+\/[^/]+$/);
  await page.getByRole('heading', { level: 1, name: destination }).waitFor();
  // The main navigation is hidden here; the page has its own bar.
  assert.equal(await page.getByRole('navigation', { name: 'Principal' }).count(), 0);

  const form = page.locator('#reservar form');
  await form.getByRole('button', { name: 'Reservar' }).click();
  for (const message of ['First Name is required', 'Last Name is required', 'Email is required', 'Phone is required'])
    await form.getByText(message).waitFor();
  await form.getByPlaceholder('First Name*').fill('Ana');
  await form.getByPlaceholder('Last Name*').fill('García');
  await form.getByPlaceholder('Email*').fill('ana@invalid');
  await form.getByPlaceholder('Phone*').fill('12345');
  await form.getByRole('button', { name: 'Reservar' }).click();
  await form.getByText('Invalid email format').waitFor();
  await form.getByText('Invalid phone number (10-15 digits)').waitFor();
  assert.equal(await form.getByPlaceholder('Email*').getAttribute('type'), 'email');
  assert.equal(await form.getByPlaceholder('Phone*').getAttribute('type'), 'tel');

  const email = visitorEmail('ana');
  await form.getByPlaceholder('Email*').fill(email);
  await form.getByPlaceholder('Phone*').fill('809 555 1234');
  await form.getByRole('button', { name: 'Reservar' }).click();
  const codeDialog = page.getByRole('dialog', { name: 'Confirma tu correo electrónico' });
  await codeDialog.waitFor();
  await codeDialog.getByText('4 dígitos').waitFor();
  const code = await codeFromMail(server, email);

  await codeDialog.getByRole('button', { name: 'Confirmar' }).click();
  await codeDialog.getByText('Confirmation code is required').waitFor();
  const wrong = code === '0000' ? '1111' : '0000';
  await codeDialog.getByLabel('4-digit code').fill(wrong);
  await codeDialog.getByRole('button', { name: 'Confirmar' }).click();
  await codeDialog.locator('.field__error').filter({ hasText: /\S/ }).waitFor();
  assert.ok(await codeDialog.getByRole('button', { name: /Puedes pedir otro código en \d+ s/ }).isDisabled());

  await codeDialog.getByLabel('4-digit code').fill(code);
  await codeDialog.getByRole('button', { name: 'Confirmar' }).click();
  const thanks = page.getByRole('dialog', { name: '¡Gracias! Recibimos tu solicitud' });
  await thanks.waitFor();
  await thanks.getByText('te llamará en las próximas horas').waitFor();
  assert.ok(await thanks.getByRole('link', { name: /\+1/ }).count(), 'a phone number');
  // The video loads only when asked for, from the privacy-enhanced player.
  assert.equal(await thanks.locator('iframe').count(), 0);
  await thanks.getByRole('button', { name: /Ver video/ }).click();
  assert.match(await thanks.locator('iframe').getAttribute('src'), /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
  await thanks.getByRole('button', { name: 'Cerrar', exact: true }).first().click();
  await thanks.waitFor({ state: 'detached' });
  assert.equal(await form.getByPlaceholder('Email*').inputValue(), '', 'the form is cleared');

  const [lead] = await leadsOf(server, email);
  assert.equal(lead.first_name, 'Ana');
  assert.equal(lead.destination.name, destination);
  w.assertClean([/status of 400/]); // the refused wrong code
  await w.close();
});

test("the 'Reserva Ahora' modal takes a lead for the chosen destination", async () => {
  const w = await watchedPage(browser);
  const { page } = w;
  await open(page, server.baseUrl + '/deals');
  await page.getByRole('banner').getByRole('button', { name: 'Reserva Ahora' }).click();
  const modal = page.getByRole('dialog', { name: 'Reserva tu cupo ahora' });
  await modal.waitFor();
  await modal.getByRole('button', { name: 'Reserva Ahora' }).click();
  await modal.getByText('Destination is required').waitFor();
  await modal.getByLabel('Destino').selectOption({ label: 'Cancún' });
  await modal.getByLabel('Nombre').fill('Luis');
  await modal.getByLabel('Apellido').fill('Martínez');
  const email = visitorEmail('luis');
  await modal.getByLabel('Correo electrónico').fill(email);
  await modal.getByLabel('Teléfono').fill('+1 (305) 555-0199');
  await modal.getByRole('button', { name: 'Reserva Ahora' }).click();

  const codeDialog = page.getByRole('dialog', { name: 'Confirma tu correo electrónico' });
  await codeDialog.getByLabel('4-digit code').fill(await codeFromMail(server, email));
  await codeDialog.getByRole('button', { name: 'Confirmar' }).click();
  const thanks = page.getByRole('dialog', { name: '¡Gracias! Recibimos tu solicitud' });
  await thanks.waitFor();
  await page.keyboard.press('Escape');
  await thanks.waitFor({ state: 'detached' });
  assert.equal(await page.getByRole('dialog').count(), 0, 'the lead modal closed too');

  const [lead] = await leadsOf(server, email);
  assert.equal(lead.destination.name, 'Cancún');
  assert.equal(lead.phone.replace(/\D/g, ''), '13055550199');

  // A pack's 'Reserva Ahora' opens it with the pack's destination chosen.
  const card = page.locator('.pack-card').filter({ hasText: 'Orlando' }).first();
  await card.getByRole('button', { name: 'Reserva Ahora' }).click();
  await modal.waitFor();
  const chosen = modal.getByLabel('Destino');
  await page.waitForFunction((el) => el.options[el.selectedIndex]?.text === 'Orlando', await chosen.elementHandle());
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'detached' });

  // Opening it again starts from an empty form; Escape closes it.
  await page.getByRole('banner').getByRole('button', { name: 'Reserva Ahora' }).click();
  await modal.waitFor();
  assert.equal(await modal.getByLabel('Correo electrónico').inputValue(), '');
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'detached' });
  w.assertClean();
  await w.close();
});

test('contact: validation, "Enviando...", the sent modal, and the inline error when the server fails', async () => {
  const w = await watchedPage(browser);
  const { page } = w;
  await open(page, server.baseUrl + '/contacto');
  await page.getByRole('heading', { level: 1, name: 'Cuéntanos Tus Dudas Y Obtén Asistencia Inmediata' }).waitFor();
  const form = page.getByRole('form', { name: 'Formulario de contacto' });
  await form.getByRole('button', { name: 'Enviar mensaje' }).click();
  await form.getByText('Message is required').waitFor();
  await form.getByLabel('Nombre').fill('Marta');
  await form.getByLabel('Apellido').fill('Sosa');
  await form.getByLabel('Correo electrónico').fill(visitorEmail('marta'));
  await form.getByLabel('Teléfono').fill('123');
  await form.getByLabel('Mensaje').fill('¿Tienen disponibilidad en Cancún para diciembre?');
  await form.getByRole('button', { name: 'Enviar mensaje' }).click();
  await form.getByText('Invalid phone number (10-15 digits)').waitFor();
  await form.getByLabel('Teléfono').fill('');
  await form.getByRole('button', { name: 'Enviar mensaje' }).click();
  const sent = page.getByRole('dialog', { name: '¡Mensaje enviado!' });
  await sent.waitFor();
  await sent.getByRole('button', { name: 'Aceptar' }).click();
  await sent.waitFor({ state: 'detached' });
  assert.equal(await form.getByLabel('Mensaje').inputValue(), '', 'closing clears the form');

  // A server that fails: the inline error, and the visitor's text stays.
  // The button says "Enviando..." as soon as the form sends, which can be before the route's handler
  // has run: the answer is released once the request has been caught.
  let release;
  let caught;
  const held = new Promise((r) => (caught = r));
  await page.route('**/api/contact/submit/', async (route) => {
    await new Promise((r) => {
      release = r;
      caught();
    });
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500,"error":"boom"}' });
  });
  await form.getByLabel('Nombre').fill('Marta');
  await form.getByLabel('Apellido').fill('Sosa');
  await form.getByLabel('Correo electrónico').fill(visitorEmail('marta'));
  await form.getByLabel('Mensaje').fill('Segundo mensaje');
  await form.getByRole('button', { name: 'Enviar mensaje' }).click();
  await form.getByRole('button', { name: 'Enviando...' }).waitFor();
  assert.ok(await form.getByRole('button', { name: 'Enviando...' }).isDisabled());
  await held;
  release();
  await form.getByText('Ocurrió un error al enviar el formulario. Intenta nuevamente.').waitFor();
  assert.equal(await form.getByLabel('Mensaje').inputValue(), 'Segundo mensaje');
  w.assertClean([/status of 500/]);
  await w.close();
});
