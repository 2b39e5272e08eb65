// Shared steps of the back-office browser tests: one server with an admin, API calls as that admin.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, startServer } from './support.mjs';

export const ADMIN = { email: 'boss@example.com', password: 'Sunny-Beach-2026!' };

export async function startAdminServer() {
  const server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const browser = await launchBrowser();
  const login = await (
    await fetch(`${server.baseUrl}/api/users/admin/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
  ).json();
  /** Calls the admin API as the admin; answers { status, body, total } (total from Content-Range). */
  const api = async (method, path, body) => {
    const res = await fetch(`${server.baseUrl}/api/admin/${path}`, {
      method,
      headers: { Authorization: `Bearer ${login.access}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const range = res.headers.get('content-range');
    return {
      status: res.status,
      body: await res.json().catch(() => null),
      total: range ? Number(range.split('/')[1]) : undefined,
    };
  };
  const count = async (resource, filter = {}) =>
    (await api('GET', `${resource}?range=[0,0]&filter=${encodeURIComponent(JSON.stringify(filter))}`)).total;
  return {
    server,
    browser,
    api,
    count,
    async close() {
      await browser?.close();
      await server?.stop();
    },
  };
}

/** What the back-office shows once signed in, by browser language. */
export const WELCOME = { 'en-US': 'Welcome to the back-office', 'es-ES': 'Bienvenido al back-office' };

/**
 * A page signed in to the back-office through its login form, as the admin unless `as` names
 * another account (an agent). The browser's language is set explicitly (the back-office follows
 * it): English unless a test asks for another.
 */
export async function signedInPage(ctx, width = 1280, { locale = 'en-US', timezoneId = 'UTC', as = ADMIN } = {}) {
  const context = await ctx.browser.newContext({
    viewport: { width, height: 900 },
    acceptDownloads: true,
    locale,
    timezoneId,
  });
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => {}));
  await page.goto(`${ctx.server.baseUrl}/admin/login`);
  await page.locator('input[name="email"]').fill(as.email);
  await page.locator('input[name="password"]').fill(as.password);
  // The form's one submit button: 'Sign in', or 'Iniciar sesión' in a Spanish browser.
  await page.locator('form button[type="submit"]').click();
  await page.getByText(WELCOME[locale.startsWith('es') ? 'es-ES' : 'en-US']).waitFor();
  return page;
}

export const today = () => new Date().toISOString().slice(0, 10);

let leadNumber = 0;
export async function createLead(ctx, destinationId, values = {}) {
  leadNumber += 1;
  const res = await ctx.api('POST', 'leads', {
    first_name: 'Lucía',
    last_name: `Pérez${leadNumber}`,
    email: `lucia${leadNumber}@example.com`,
    phone: '5551234567',
    destination_id: destinationId,
    ...values,
  });
  if (res.status !== 201) throw new Error(`lead not created: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The .eml files the server's outbox wrote (no SMTP_URL in the browser tests), as text. */
export function outboxMails(ctx) {
  const dir = join(ctx.server.dir, 'outbox');
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(join(dir, f), 'utf8'));
  } catch {
    return [];
  }
}

/** Waits (up to 5 s) until a mail to `address` is in the outbox; answers whether one came. */
export async function waitForMailTo(ctx, address) {
  for (let i = 0; i < 50; i++) {
    if (outboxMails(ctx).some((m) => m.includes(address))) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
