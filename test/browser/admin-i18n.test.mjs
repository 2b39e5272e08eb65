// The back-office in both of its languages: the main flows once in Spanish and once in English,
// the switch in the app bar (no reload) and the choice kept by the browser.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { ADMIN, createLead, signedInPage, startAdminServer, WELCOME } from './admin-support.mjs';

const CSV_HEADER = 'lead_id,created_at,first_name,last_name,email,phone,date,hour,status,destination';

/** What each language shows, as a person reads it. */
const TEXT = {
  'es-ES': {
    captions: [
      'Solicitudes nuevas hoy',
      'Solicitudes nuevas esta semana',
      'Solicitudes sin asignar',
      'Todas las solicitudes',
    ],
    charts: ['Solicitudes por día (últimos 30 días)', 'Solicitudes por estado', 'Solicitudes por destino'],
    menu: 'Solicitudes',
    headers: ['Recibida', 'Nombre', 'Correo electrónico', 'Teléfono', 'Destino', 'Estado', 'Agente', 'Acciones'],
    count: 'Total de solicitudes',
    unassigned: 'Sin asignar',
    search: 'Buscar por ID o nombre...',
    newStatus: 'Nueva',
    // '26 nov 2026, 14:05 UTC'
    dateTime: /^\d{1,2} [a-z]{3,4}\.? \d{4}, \d{2}:\d{2} UTC$/,
    preferredDate: 'Fecha preferida',
    agentLabel: 'Agente',
    save: 'Guardar',
    phoneRequired: 'El teléfono es obligatorio',
    agentEvent: 'Agente: Sin asignar → Marta Ruiz',
    updated: 'Elemento actualizado',
    board: 'Tablero',
    boardHelp: 'Arrastre una tarjeta a otra columna',
    contacted: 'Contactada',
    moved: (id) => `Solicitud #${id} movida a Contactada`,
    statusEvent: 'Estado: Nueva → Contactada',
    export: 'Exportar',
    exported: (n) => `${n} solicitudes exportadas a destination_leads.csv`,
    delete: 'Eliminar',
    bulkTitle: 'Eliminar 2 solicitudes',
    bulkContent: 'Se eliminarán estos 2 elementos:',
    confirm: 'Confirmar',
    deleted: '2 elementos eliminados',
    language: 'Idioma: Español',
    logout: 'Cerrar sesión',
  },
  'en-US': {
    captions: ['New leads today', 'New leads this week', 'Unassigned leads', 'All leads'],
    charts: ['Leads per day (last 30 days)', 'Leads by status', 'Leads by destination'],
    menu: 'Leads',
    headers: ['Created', 'Name', 'Email', 'Phone', 'Destination', 'Status', 'Agent', 'Actions'],
    count: 'Leads count',
    unassigned: 'Unassigned',
    search: 'Search by ID or Name...',
    newStatus: 'New',
    // 'Nov 26, 2026, 02:05 PM UTC'
    dateTime: /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} [AP]M UTC$/,
    preferredDate: 'Preferred date',
    agentLabel: 'Agent',
    save: 'Save',
    phoneRequired: 'Phone is required',
    agentEvent: 'Agent: Unassigned → Marta Ruiz',
    updated: 'Element updated',
    board: 'Board',
    boardHelp: 'Drag a card to another column',
    contacted: 'Contacted',
    moved: (id) => `Lead #${id} moved to Contacted`,
    statusEvent: 'Status: New → Contacted',
    export: 'Export',
    exported: (n) => `${n} leads exported to destination_leads.csv`,
    delete: 'Delete',
    bulkTitle: 'Delete 2 leads',
    bulkContent: 'These 2 items will be deleted:',
    confirm: 'Confirm',
    deleted: '2 elements deleted',
    language: 'Language: English',
    logout: 'Logout',
  },
};

/** The sign-in page in each language; the English texts are the spec's. */
const LOGIN = {
  'es-ES': {
    title: 'Acceso de administradores',
    email: 'Correo electrónico',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
    links: ['¿Olvidó su contraseña?', 'Crear un administrador'],
    required: 'Complete todos los campos obligatorios.',
    emailRequired: 'El correo electrónico es obligatorio',
    wrongPassword: 'Correo electrónico o contraseña incorrectos.',
  },
  'en-US': {
    title: 'Admin sign in',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    links: ['Forgot password?', 'Create an admin'],
    required: 'Please fill out all required fields.',
    emailRequired: 'Email is required',
    wrongPassword: 'Invalid email or password.',
  },
};

let ctx;
let destinations;
before(async () => {
  ctx = await startAdminServer();
  await ctx.api('POST', 'agents', {
    first_name: 'Marta',
    last_name: 'Ruiz',
    email: 'marta@example.com',
    phone: '5550001111',
  });
  destinations = (await ctx.api('GET', 'destinations')).body;
});
after(() => ctx?.close());

/** Waits until the API shows what the screen just did. */
async function until(check) {
  for (let i = 0; i < 50; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail('the change never reached the server');
}

for (const [locale, t] of Object.entries(TEXT)) {
  test(`the main back-office flows in ${locale}: dashboard, list, filter, edit, board, export, bulk delete`, async () => {
    const tag = locale.slice(0, 2).toUpperCase();
    const leads = [];
    for (let i = 0; i < 4; i += 1) {
      leads.push(await createLead(ctx, destinations[i % 2].id, { last_name: `${tag}Viajero${i}`, date: '2030-03-14' }));
    }
    // Sign in (the helper waits for the welcome text of this language) and the dashboard.
    const page = await signedInPage(ctx, 1280, { locale });
    assert.equal(await page.evaluate(() => globalThis.document.documentElement.lang), locale.slice(0, 2));
    for (const caption of [...t.captions, ...t.charts])
      await page.getByText(caption, { exact: true }).first().waitFor();
    await page.getByRole('button', { name: t.language }).waitFor();

    // The list, from the menu: its column names, dates written the locale's way, its count.
    await page.getByRole('menuitem', { name: t.menu }).click();
    await page.locator('tbody tr').first().waitFor();
    for (const header of t.headers) await page.locator('thead').getByText(header, { exact: true }).first().waitFor();
    const row = page.locator('tbody tr', { hasText: leads[0].last_name });
    assert.match((await row.locator('td').nth(2).textContent()).trim(), t.dateTime);
    await row.getByText(t.newStatus, { exact: true }).waitFor();
    await row.getByText(t.unassigned, { exact: true }).waitFor();
    await page
      .getByTestId('count-footer')
      .getByText(new RegExp(`^${t.count}: \\d+$`))
      .waitFor();

    // Filter: the search box narrows the list to this run's leads.
    await page.getByPlaceholder(t.search).fill(`${tag}Viajero`);
    await page
      .getByTestId('count-footer')
      .getByText(new RegExp(`^${t.count}: 4$`))
      .waitFor();
    assert.equal(await page.locator('tbody tr').count(), 4);

    // Edit: the field names, a validation message next to its field, then a saved change.
    const lead = leads[0];
    await page.goto(`${ctx.server.baseUrl}/admin/leads/${lead.id}`);
    await page.getByLabel(t.preferredDate).waitFor();
    const phone = page.locator('input[name="phone"]');
    await phone.fill('');
    await page.getByRole('button', { name: t.save }).click();
    await page.getByText(t.phoneRequired, { exact: true }).waitFor();
    await phone.fill('5551234567');
    const agent = page.getByRole('combobox', { name: t.agentLabel });
    await agent.click();
    await agent.fill('Marta');
    await page.getByRole('option', { name: 'Marta Ruiz' }).click();
    await page.getByRole('button', { name: t.save }).click();
    await page.waitForURL(new RegExp(`/admin/leads/${lead.id}/show$`));
    await page.getByText(t.updated).waitFor();
    await page.getByTestId('lead-history').getByText(t.agentEvent).waitFor();

    // Board: a keyboard move to the next column, named in this language.
    await page.goto(`${ctx.server.baseUrl}/admin/leads/board`);
    await page.getByText(t.boardHelp).waitFor();
    await page.locator('[data-status="contacted"] h2').getByText(t.contacted).waitFor();
    const card = page.locator('[data-status="new"]').locator(`[data-lead-id="${lead.id}"]`);
    await card.waitFor();
    await card.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(400);
    await page.keyboard.press('Space');
    await page.getByText(t.moved(lead.id)).waitFor();
    await until(async () => (await ctx.api('GET', `leads/${lead.id}`)).body.status === 'contacted');
    await page.goto(`${ctx.server.baseUrl}/admin/leads/${lead.id}/show`);
    await page.getByTestId('lead-history').getByText(t.statusEvent).waitFor();

    // CSV export of the filtered list: the spec's column names, the notice in this language.
    await page.goto(
      `${ctx.server.baseUrl}/admin/leads?filter=${encodeURIComponent(JSON.stringify({ q: `${tag}Viajero` }))}`,
    );
    await page.locator('tbody tr').nth(3).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t.export, exact: true }).click(),
    ]);
    const lines = readFileSync(await download.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    assert.equal(lines[0].replace(/^\uFEFF/, ''), CSV_HEADER);
    assert.equal(lines.length - 1, 4);
    await page.getByText(t.exported(4)).waitFor();

    // Bulk delete of two rows, with the confirmation in this language.
    const rows = page.locator('tbody tr');
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: t.delete, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(t.bulkTitle).waitFor();
    await dialog.getByText(t.bulkContent).waitFor();
    await dialog.getByRole('button', { name: t.confirm }).click();
    await page.getByText(t.deleted).waitFor();
    await until(async () => (await ctx.count('leads', { q: `${tag}Viajero` })) === 2);
    await page.close();
  });
}

test('the language switch in the app bar changes the screen at once, and the browser keeps the choice', async () => {
  const page = await signedInPage(ctx, 1280, { locale: 'en-US' });
  await page.getByText('New leads today', { exact: true }).waitFor();
  // A mark on the window: it would be gone after a reload.
  await page.evaluate(() => {
    globalThis.notReloaded = true;
  });
  await page.getByRole('button', { name: TEXT['en-US'].language }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await page.getByText(WELCOME['es-ES']).waitFor();
  await page.getByText('Solicitudes nuevas hoy', { exact: true }).waitFor();
  await page.getByRole('menuitem', { name: 'Solicitudes' }).waitFor();
  assert.equal(await page.evaluate(() => globalThis.notReloaded), true, 'the page was not reloaded');
  assert.equal(await page.evaluate(() => globalThis.document.documentElement.lang), 'es');
  assert.equal(await page.getByText(WELCOME['en-US']).count(), 0);

  // The choice outlives a reload, and signing out and in again, in this browser.
  await page.reload();
  await page.getByText(WELCOME['es-ES']).waitFor();
  await page.getByRole('button', { name: TEXT['es-ES'].logout }).click();
  await page.waitForURL(/\/admin\/login/);
  // The login page, outside the app bar, speaks the chosen language although the browser is English.
  await page.getByRole('heading', { name: LOGIN['es-ES'].title }).waitFor();
  assert.equal(await page.evaluate(() => globalThis.document.documentElement.lang), 'es');
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole('button', { name: LOGIN['es-ES'].submit }).click();
  await page.getByText(WELCOME['es-ES']).waitFor();

  // And back to English the same way.
  await page.getByRole('button', { name: TEXT['es-ES'].language }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByText(WELCOME['en-US']).waitFor();
  await page.close();
});

test('a browser in another Spanish (es-MX) gets Spanish; any other language gets English', async () => {
  const mexico = await signedInPage(ctx, 1280, { locale: 'es-MX' });
  await mexico.getByText('Solicitudes nuevas hoy', { exact: true }).waitFor();
  await mexico.close();
  const french = await signedInPage(ctx, 1280, { locale: 'fr-FR' });
  await french.getByText('New leads today', { exact: true }).waitFor();
  await french.close();
});

test('in Spanish no screen scrolls sideways at phone or desktop width, and the leads list fits 1280 px', async () => {
  for (const width of [390, 1280]) {
    const page = await signedInPage(ctx, width, { locale: 'es-ES' });
    for (const path of ['', 'leads', 'leads/board', 'travel-packs', 'destinations', 'agents', 'users']) {
      await page.goto(`${ctx.server.baseUrl}/admin/${path}`);
      await page.locator('#main-content').waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(
        () => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth,
      );
      assert.ok(overflow <= 0, `/admin/${path} at ${width} px scrolls sideways by ${overflow} px`);
    }
    // The app bar keeps the language switch and Logout in view.
    for (const name of [TEXT['es-ES'].language, TEXT['es-ES'].logout]) {
      const box = await page.getByRole('button', { name }).boundingBox();
      assert.ok(box && box.x + box.width <= width, `${name} is inside the window at ${width} px`);
    }
    if (width === 1280) {
      await page.goto(`${ctx.server.baseUrl}/admin/leads`);
      await page.locator('tbody tr').first().waitFor();
      const wider = await page
        .locator('.RaDatagrid-tableWrapper')
        .evaluate((wrapper) => wrapper.scrollWidth - wrapper.clientWidth);
      assert.ok(wider <= 0, `the leads table is ${wider} px wider than its place`);
    }
    await page.close();
  }
});

for (const [locale, t] of Object.entries(LOGIN)) {
  test(`the sign-in page in ${locale}: title, fields, button, links and its messages`, async () => {
    const context = await ctx.browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${ctx.server.baseUrl}/admin/login`);
    await page.getByRole('heading', { name: t.title, exact: true }).waitFor();
    assert.equal(await page.evaluate(() => globalThis.document.documentElement.lang), locale.slice(0, 2));
    for (const link of t.links) await page.getByRole('link', { name: link, exact: true }).waitFor();
    // Nothing of the other language is on the page.
    const other = LOGIN[locale === 'es-ES' ? 'en-US' : 'es-ES'];
    assert.equal(await page.getByRole('heading', { name: other.title }).count(), 0);
    assert.equal(await page.getByRole('button', { name: other.submit, exact: true }).count(), 0);

    // The form's own checks, then the server's answer to a wrong password.
    await page.getByRole('button', { name: t.submit, exact: true }).click();
    await page.getByRole('alert').getByText(t.required, { exact: true }).waitFor();
    await page.getByText(t.emailRequired, { exact: true }).waitFor();
    await page.getByLabel(t.email).fill(ADMIN.email);
    await page.getByLabel(t.password, { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: t.submit, exact: true }).click();
    await page.getByRole('alert').getByText(t.wrongPassword, { exact: true }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('authTokens')), null);

    // The right password signs in, in the same language.
    await page.getByLabel(t.password, { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: t.submit, exact: true }).click();
    await page.getByText(WELCOME[locale]).waitFor();
    await context.close();
  });
}

test('the forgot-password and reset pages in Spanish, and a bad reset link explained in Spanish', async () => {
  const context = await ctx.browser.newContext({ locale: 'es-ES', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${ctx.server.baseUrl}/admin/forgot-password`);
  await page.getByRole('heading', { name: 'Recuperar la contraseña' }).waitFor();
  await page.getByRole('button', { name: 'Enviar el enlace' }).click();
  await page.getByText('Introduzca su correo electrónico.', { exact: true }).waitFor();
  await page.getByLabel('Correo electrónico').fill(ADMIN.email);
  await page.getByRole('button', { name: 'Enviar el enlace' }).click();
  await page
    .getByRole('status')
    .getByText('Si existe una cuenta con este correo electrónico, le hemos enviado un enlace', { exact: false })
    .waitFor();
  await page.getByRole('link', { name: 'Volver a iniciar sesión' }).waitFor();

  await page.goto(`${ctx.server.baseUrl}/admin/api/users/reset/MQ/not-a-token`);
  await page.getByRole('heading', { name: 'Restablecer la contraseña' }).waitFor();
  await page
    .getByRole('alert')
    .getByText('El enlace para restablecer la contraseña no es válido o ha caducado.', { exact: true })
    .waitFor();
  await page.getByRole('link', { name: 'Solicitar un enlace nuevo' }).waitFor();
  await context.close();
});
