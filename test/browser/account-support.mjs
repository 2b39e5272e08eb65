// Helpers of the account browser tests: a real SMTP receiver for the server's e-mails, the server
// started with it, and the few API shortcuts a test needs to set a scene quickly.
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { startServer } from './support.mjs';

export const ADMIN = { email: 'boss@example.com', password: 'Sunny-Beach-2026!' };
export const PASSWORD = 'Mar-Caribe-2031!';

let seq = 0;
export const uniqueEmail = (tag = 'ana') => `${tag}.${++seq}.${Date.now()}@example.com`;

export async function startSmtp() {
  const mails = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((parsed) => {
            mails.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
            });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    async waitFor(to, predicate = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = [...mails].reverse().find((m) => m.to.includes(to.toLowerCase()) && predicate(m));
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The server with a real SMTP receiver and an admin account. */
export async function startAccountServer() {
  const smtp = await startSmtp();
  const server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  return {
    ...server,
    smtp,
    async stop() {
      await server.stop();
      await smtp.close();
    },
  };
}

/** The path (from the site root) of the link `/{prefix}/{uidb64}/{token}` in a mail. */
export function linkPath(mail, prefix) {
  const match = mail.text.match(new RegExp(`https?://[^/\\s]+(/${prefix}/[A-Za-z0-9_-]+/[A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${prefix} link in "${mail.subject}":\n${mail.text}`);
  return match[1];
}

async function api(server, path, { method = 'GET', body, token } = {}) {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** An active customer, made through the API and the e-mailed link. */
export async function createCustomer(server, overrides = {}) {
  const person = {
    first_name: 'Lucía',
    last_name: 'Pérez',
    email: uniqueEmail('lucia'),
    phone: '8095551234',
    password: PASSWORD,
    is_superuser: false,
    ...overrides,
  };
  const res = await api(server, '/users/sign-up/', { method: 'POST', body: person });
  if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${JSON.stringify(res.body)}`);
  const mail = await server.smtp.waitFor(person.email, (m) => m.subject === 'Verifica tu cuenta');
  const link = linkPath(mail, 'email-verification');
  const verified = await api(server, `/users${link.replace('/email-verification', '/verify-email')}/`);
  if (verified.status !== 200) throw new Error(`verify: ${verified.status}`);
  // The sign-up's answer names no account (it is the same whatever the address): the link's uidb64 does.
  const uidb64 = link.split('/')[2];
  return { ...person, id: Number(Buffer.from(uidb64, 'base64url').toString('utf8')) };
}

/** A lead sent the way the public form sends it: code by e-mail, then the lead. */
export async function createLead(server, email, destinationId) {
  const sent = await api(server, '/destination-lead/send-email-verification/', { method: 'POST', body: { email } });
  if (sent.status !== 200) throw new Error(`code: ${sent.status} ${JSON.stringify(sent.body)}`);
  const mail = await server.smtp.waitFor(email, (m) => m.subject === 'Tu código de verificación');
  const code = mail.text.match(/(?<!\d)\d{4}(?!\d)/)[0];
  const ok = await api(server, '/destination-lead/verify-code/', {
    method: 'POST',
    body: { email, confirmation_code: code },
  });
  if (ok.status !== 200) throw new Error(`verify code: ${ok.status} ${JSON.stringify(ok.body)}`);
  const lead = await api(server, '/leads/', {
    method: 'POST',
    body: {
      first_name: 'Lucía',
      last_name: 'Pérez',
      email,
      phone: '8095551234',
      date: null,
      hour: null,
      source: 'email_verification',
      destination: destinationId,
    },
  });
  if (lead.status !== 201) throw new Error(`lead: ${lead.status} ${JSON.stringify(lead.body)}`);
  return lead.body;
}

export const loginApi = (server, email, password) =>
  api(server, '/users/token/', { method: 'POST', body: { username: email, password } });
export const refreshApi = (server, refresh) =>
  api(server, '/users/token/refresh/', { method: 'POST', body: { refresh } });
export const firstDestination = async (server) => (await api(server, '/destinations/')).body[0];

/** Signs in through the login page and waits for the account page. */
export async function loginThroughPage(page, server, email, password) {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel(field('Correo electrónico')).fill(email);
  await page.getByLabel(field('Contraseña')).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(/\/user-account$/);
}

/** A form field by its label, whether or not the label carries the required-field asterisk. */
export const field = (label) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

export const storedTokens = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('authTokens') ?? 'null'));
