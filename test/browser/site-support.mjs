// Helpers of the public site's browser tests: the server with a real SMTP receiver and a local
// weather provider, a console watcher (no errors, no hydration warnings), and small page helpers.
import assert from 'node:assert/strict';
import { startWeatherStub } from '../../scripts/lib/weather-stub.mjs';
import { startSmtp } from './account-support.mjs';
import { startServer } from './support.mjs';

export const ADMIN = { email: 'site-admin@example.com', password: 'Sunny-Beach-2026!' };

export async function startSiteServer() {
  const smtp = await startSmtp();
  const weather = await startWeatherStub();
  const server = await startServer({
    SMTP_URL: smtp.url,
    WEATHER_API_URL: weather.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  return {
    ...server,
    smtp,
    async api(path, init = {}) {
      const res = await fetch(`${server.baseUrl}/api${path}`, {
        ...init,
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...init.headers },
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    async stop() {
      await server.stop();
      await smtp.close();
      await weather.close();
    },
  };
}

/**
 * A page whose console is watched: any error or warning (React's hydration mismatch reports are
 * console errors) and any uncaught exception fails `assertClean()`, except those `allow` matches.
 */
export async function watchedPage(browser, { width = 1280, height = 900 } = {}) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  return {
    page,
    problems,
    assertClean(allow = []) {
      const left = problems.filter((p) => !allow.some((re) => re.test(p)));
      assert.deepEqual(left, [], `console problems on ${page.url()}`);
    },
    close: () => context.close(),
  };
}

/** Opens a path and waits until the browser has hydrated the server's markup. */
export async function open(page, url) {
  const response = await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  return response;
}

/** The 4-digit code of the latest verification e-mail to `email`. */
export async function codeFromMail(server, email) {
  const mail = await server.smtp.waitFor(email, (m) => m.subject === 'Tu código de verificación');
  const match = mail.text.match(/(?<!\d)\d{4}(?!\d)/);
  assert.ok(match, `no code in: ${mail.text}`);
  return match[0];
}

/** Leads stored for `email`, read through the back-office API. */
export async function leadsOf(server, email) {
  const login = await server.api('/users/admin/login/', { method: 'POST', body: JSON.stringify(ADMIN) });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  const res = await server.api('/admin/leads/', { headers: { Authorization: `Bearer ${login.body.access}` } });
  assert.equal(res.status, 200);
  return res.body.filter((l) => l.email === email);
}

let seq = 0;
export const visitorEmail = (tag) => `${tag}.${Date.now()}.${++seq}@example.com`;
