import { ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GOOD_PASSWORD, linkParts, signUpBody, uniqueEmail } from './support/account-helpers';
import { bearer, seedDestination, seedLead, seedPack } from './support/admin-fixtures';
import { closedPort, codeOf } from './support/leads';
import { StopLinksService } from '../src/mail/stop-links.service';
import { startSmtp, TestSmtp } from './support/smtp';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';

/**
 * The published OpenAPI document against the running server: every request below goes through
 * Stoplight Prism in proxy mode (`prism proxy <document> <app>`), which checks the request
 * against the document, forwards it, and checks the answer (status, headers, body) against the
 * document too. Any violation it reports (the `sl-violations` header) fails the test, except the
 * request violations of the requests sent on purpose outside the document. (Prism runs without
 * --errors: every request then reaches the server, and every finding, warnings included, such as
 * an undocumented status, is reported in the header rather than only errors replacing the answer.)
 *
 * Each request says what the server answers and whether the document admits the request. So:
 * - a request the document admits but the server refuses for its shape (a field typed `object`
 *   where the server wants a number) fails, as does one the server takes but the document refuses;
 * - an answer the document does not describe (a status it does not list, an error without the
 *   error body, a null where the schema forbids one, a path form it lacks) fails;
 * - every operation of the document, under both path forms, must be exercised.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Exchange {
  method: Method;
  path: string;
  status: number;
  /** Prism's findings: `request.…` and `response.…` locations. */
  violations: Array<{ location: string[]; message: string; severity: string }>;
}

interface Call {
  body?: unknown;
  headers?: Record<string, string>;
  /** The status the server must answer (the request is sent to check the document, not the server). */
  expect: number;
  /** The document itself refuses this request (a field too long, a wrong type, no token…). */
  outsideDocument?: boolean;
}

const PRISM = require.resolve('@stoplight/prism-cli/dist/index.js');

async function startPrism(document: string, upstream: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await closedPort();
  const child = spawn(
    process.execPath,
    [PRISM, 'proxy', document, upstream, '--host', '127.0.0.1', '--port', String(port), '--cors', 'false'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`Prism did not start:\n${output}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Prism is listening/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited (${code}):\n${output}`));
    });
  });
  // Keep draining its log so it never blocks on a full pipe.
  child.stdout!.resume();
  child.stderr!.resume();
  return { url: `http://127.0.0.1:${port}`, process: child };
}

describe('OpenAPI document fidelity (requests and answers through a validating proxy)', () => {
  jest.setTimeout(120_000);
  let t: TestApp;
  let smtp: TestSmtp;
  let prism: { url: string; process: ChildProcess };
  let document: { paths: Record<string, Record<string, unknown>> };
  let admin: CreatedUser;
  let customer: CreatedUser;
  const exchanges: Exchange[] = [];
  const failures: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url, WEATHER_API_URL: `http://127.0.0.1:${await closedPort()}` });
    const res = await t.http().get('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    document = res.body;
    const file = join(t.tmpDir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    prism = await startPrism(file, t.baseUrl);
    admin = await createUser(t, { admin: true });
    customer = await createUser(t);
  });

  afterAll(async () => {
    prism?.process.kill();
    await t?.close();
    await smtp?.close();
  });

  /** Sends one request through Prism and records what it found. */
  async function send(
    method: Method,
    path: string,
    call: Call,
  ): Promise<{ status: number; body: any; headers: Headers }> {
    const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
    let body: string | undefined;
    if (call.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
    }
    const res = await fetch(`${prism.url}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (a CSV export)
    }
    const raw = res.headers.get('sl-violations');
    const violations: Exchange['violations'] = raw ? JSON.parse(raw.replace(/^Too many violations! /, '')) : [];
    exchanges.push({ method, path, status: res.status, violations });
    const where = `${method} ${path}`;
    if (res.headers.get('content-type')?.includes('application/problem+json')) {
      failures.push(`${where}: Prism answered itself (${res.status}): ${text.slice(0, 300)}`);
    }
    if (res.status !== call.expect) {
      failures.push(`${where}: expected ${call.expect}, server answered ${res.status}: ${text.slice(0, 300)}`);
    }
    const requestViolations = violations.filter((v) => (v.location?.[0] ?? 'request') === 'request');
    for (const v of violations.filter((v) => v.location?.[0] === 'response')) {
      failures.push(
        `${where} → ${res.status}: the answer contradicts the document: ${v.location.join('.')} ${v.message}`,
      );
    }
    if (call.outsideDocument && requestViolations.length === 0) {
      failures.push(`${where}: the document admits a request the server refuses (${res.status})`);
    }
    if (!call.outsideDocument) {
      for (const v of requestViolations) {
        failures.push(
          `${where} → ${res.status}: the document refuses a request the server ${res.status < 400 ? 'accepts' : 'answers'}: ${(v.location ?? []).join('.')} ${v.message}`,
        );
      }
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  const as = (user: CreatedUser | { token: string }) => bearer(user.token);

  it('every request and answer matches the document, for every operation and both path forms', async () => {
    const adminH = as(admin);
    const customerH = as(customer);

    // --- health
    await send('GET', '/api/health', { expect: 200 });
    await send('GET', '/api/health/', { expect: 200 });
    await send('GET', '/api/health/live', { expect: 200 });
    await send('GET', '/api/health/live/', { expect: 200 });
    await send('GET', '/api/health/ready', { expect: 200 });
    await send('GET', '/api/health/ready/', { expect: 200 });

    // --- fixtures of the catalogue and back-office
    const destination = await seedDestination(t, { name: 'Punta Cana' });
    const other = await seedDestination(t, { name: 'Cancún', location: 'México', latitude: 21.16, longitude: -86.85 });
    const pack = await seedPack(t, destination.id, { is_featured: true });
    const packWithoutDiscount = await seedPack(t, other.id, { name: 'Sin descuento', discount_price: null });
    const agent = await createUser(t, { agent: true });
    const lead = await seedLead(t, destination.id, { travel_pack_id: pack.id, agent_id: agent.user.id });
    const bareLead = await seedLead(t, other.id);

    // --- public catalogue (cached, with ETags and 304s)
    for (const path of [
      '/api/travel-packs',
      '/api/travel-packs-featured',
      '/api/destinations',
      '/api/destinations-featured',
    ]) {
      await send('GET', path, { expect: 200 });
      const again = await send('GET', `${path}/`, { expect: 200 });
      const etag = again.headers.get('etag');
      expect(etag).toBeTruthy();
      await send('GET', `${path}/`, { headers: { 'if-none-match': etag! }, expect: 304 });
    }
    for (const id of [pack.id, packWithoutDiscount.id]) {
      const one = await send('GET', `/api/travel-packs/${id}`, { expect: 200 });
      await send('GET', `/api/travel-packs/${id}/`, {
        headers: { 'if-none-match': one.headers.get('etag')! },
        expect: 304,
      });
    }
    await send('GET', '/api/travel-packs/999999/', { expect: 404 });
    await send('GET', '/api/travel-packs/abc', { expect: 400, outsideDocument: true });
    await send('GET', `/api/travel-pack/destination/${destination.id}`, { expect: 200 });
    await send('GET', `/api/travel-pack/destination/${destination.id}/`, { expect: 200 });
    await send('GET', '/api/travel-pack/destination/999999', { expect: 404 });
    for (const suffix of ['', '/related', '/things-to-do']) {
      await send('GET', `/api/destinations/${destination.id}${suffix}`, { expect: 200 });
      await send('GET', `/api/destinations/${other.id}${suffix}/`, { expect: 200 });
      await send('GET', `/api/destinations/999999${suffix}`, { expect: 404 });
    }
    await send('GET', `/api/destinations/abc`, { expect: 400, outsideDocument: true });
    await send('GET', `/api/destinations/${destination.id}/weather`, { expect: 404 });
    await send('GET', `/api/destinations/${other.id}/weather`, { expect: 503 });
    await send('GET', `/api/destinations/999999/weather/`, { expect: 404 });

    // --- sign-in, tokens, sessions
    await send('POST', '/api/users/token/', {
      body: { username: customer.user.email, password: 'wrong' },
      expect: 401,
    });
    await send('POST', '/api/users/token', {
      body: { username: customer.user.email },
      expect: 400,
      outsideDocument: true,
    });
    await send('POST', '/api/users/token/', {
      body: { username: 5, password: 'x' },
      expect: 400,
      outsideDocument: true,
    });
    const login = await send('POST', '/api/users/token/', {
      body: { username: customer.user.email, password: customer.password },
      expect: 200,
    });
    const refresh: string = login.body.refresh;
    const refreshed = await send('POST', '/api/users/token/refresh/', { body: { refresh }, expect: 200 });
    await send('POST', '/api/users/token/refresh', { body: { refresh: 'not-a-token' }, expect: 401 });
    await send('POST', '/api/users/token/refresh/', { body: {}, expect: 400, outsideDocument: true });
    await send('POST', '/api/users/admin/login/', {
      body: { email: admin.user.email, password: admin.password },
      expect: 200,
    });
    await send('POST', '/api/users/admin/login', {
      body: { email: customer.user.email, password: customer.password },
      expect: 403,
    });
    await send('POST', '/api/users/admin/login/', {
      body: { email: admin.user.email, password: 'wrong' },
      expect: 401,
    });
    await send('POST', '/api/users/admin/login/', {
      body: { email: 'x'.repeat(400), password: 'x' },
      expect: 400,
      outsideDocument: true,
    });
    await send('POST', '/api/users/logout/', {
      body: { refresh: refreshed.body.refresh },
      headers: { authorization: `Bearer ${refreshed.body.access}` },
      expect: 200,
    });
    await send('POST', '/api/users/logout', { body: { refresh: 3 }, expect: 400, outsideDocument: true });

    // --- sign-up, e-mail verification, first admin
    const signUp = signUpBody();
    await send('POST', '/api/users/sign-up/', { body: signUp, expect: 201 });
    await send('POST', '/api/users/sign-up/', {
      body: { ...signUpBody(), password: 'short' },
      expect: 400,
      outsideDocument: true,
    });
    await send('POST', '/api/users/sign-up/', { body: { ...signUpBody(), is_superuser: true }, expect: 403 });
    await send('POST', '/api/users/sign-up/', { body: { ...signUpBody(), phone: 'abc' }, expect: 400 });
    const verifyMail = await smtp.waitFor(signUp.email as string, (m) => m.subject === 'Verifica tu cuenta');
    const verify = linkParts(verifyMail, 'http://localhost:3000/email-verification');
    await send('GET', `/api/users/verify-email/${verify.uidb64}/${verify.token}/`, { expect: 200 });
    // The same address once verified: answered as a new sign-up (its owner is e-mailed instead).
    await send('POST', '/api/users/sign-up', { body: signUp, expect: 201 });
    await send('GET', `/api/users/verify-email/${verify.uidb64}/bad-token`, { expect: 400 });
    await send('POST', '/api/users/admin/sign-up/', { body: signUpBody(), headers: adminH, expect: 201 });
    await send('POST', '/api/users/admin/sign-up', { body: signUpBody(), headers: customerH, expect: 403 });
    await send('POST', '/api/users/admin/sign-up/', { body: signUpBody(), expect: 401 });
    await send('POST', '/api/users/admin/sign-up/', {
      body: { ...signUpBody(), first_name: 'x'.repeat(31) },
      headers: adminH,
      expect: 400,
      outsideDocument: true,
    });

    // --- own account
    const me = `/api/users/user/${customer.user.id}`;
    await send('GET', me, { headers: customerH, expect: 200 });
    await send('GET', `${me}/`, { headers: adminH, expect: 200 });
    await send('GET', `/api/users/user/${admin.user.id}/`, { headers: customerH, expect: 403 });
    await send('GET', me, { expect: 401, outsideDocument: true });
    await send('PUT', `${me}/`, {
      body: { first_name: 'Ana', last_name: 'Pérez', phone: '' },
      headers: customerH,
      expect: 200,
    });
    await send('PUT', me, {
      body: { first_name: 'Ana', last_name: 'Pérez', phone: '55' },
      headers: customerH,
      expect: 200,
    });
    await send('PUT', me, { body: { first_name: '', last_name: 'Pérez' }, headers: customerH, expect: 400 });
    await send('PUT', me, {
      body: { first_name: 7, last_name: 'Pérez' },
      headers: customerH,
      expect: 400,
      outsideDocument: true,
    });
    await send('GET', `${me}/leads/`, { headers: customerH, expect: 200 });
    await send('GET', `/api/users/user/${admin.user.id}/leads`, { headers: customerH, expect: 403 });
    await send('GET', `${me}/leads`, { headers: adminH, expect: 200 });
    await send('GET', '/api/users/earlier-leads/', { headers: customerH, expect: 200 });
    await send('GET', '/api/users/earlier-leads', { expect: 401, outsideDocument: true });
    await send('POST', '/api/users/earlier-leads/', { headers: customerH, expect: 200 });
    await send('POST', '/api/users/earlier-leads', { headers: customerH, expect: 200 });

    // --- own data (issue #30): marketing consent, export, account deletion
    await send('PUT', `${me}/`, {
      body: { first_name: 'Ana', last_name: 'Pérez', marketing_opt_in: true },
      headers: customerH,
      expect: 200,
    });
    await send('PUT', me, {
      body: { first_name: 'Ana', last_name: 'Pérez', marketing_opt_in: 'sí' },
      headers: customerH,
      expect: 400,
      outsideDocument: true,
    });
    await send('GET', `${me}/export/`, { headers: customerH, expect: 200 });
    await send('GET', `${me}/export`, { headers: adminH, expect: 403 });
    await send('GET', `${me}/export`, { expect: 401, outsideDocument: true });
    const leaving = await createUser(t);
    const leavingPath = `/api/users/user/${leaving.user.id}`;
    await send('DELETE', leavingPath, { body: { password: 'no-es-esta' }, headers: as(leaving), expect: 400 });
    await send('DELETE', leavingPath, { body: {}, headers: as(leaving), expect: 400, outsideDocument: true });
    await send('DELETE', leavingPath, { body: { password: 'x' }, headers: customerH, expect: 403 });
    await send('DELETE', `${leavingPath}/`, {
      body: { password: leaving.password },
      headers: as(leaving),
      expect: 204,
    });
    await send('POST', '/api/users/earlier-leads/confirm/abc/def/', { expect: 400 });
    await send('POST', '/api/users/earlier-leads/confirm/abc/def', { expect: 400 });
    await send('POST', '/api/users/sign-in-link/abc/def/', { expect: 400 });
    await send('POST', '/api/users/sign-in-link/abc/def', { expect: 400 });

    // --- password: change, reset by e-mail (double-submit CSRF)
    const changer = await createUser(t);
    await send('POST', '/api/users/change-password/', {
      body: { current_password: 'wrong-one', new_password: GOOD_PASSWORD },
      headers: as(changer),
      expect: 400,
    });
    await send('POST', '/api/users/change-password', {
      body: { current_password: changer.password, new_password: GOOD_PASSWORD },
      headers: as(changer),
      expect: 200,
    });
    await send('POST', '/api/users/change-password/', {
      body: { current_password: 'x', new_password: 'short' },
      headers: customerH,
      expect: 400,
      outsideDocument: true,
    });
    const csrf = await send('GET', '/api/users/csrf/', { expect: 200 });
    await send('GET', '/api/users/csrf', { expect: 200 });
    const cookie = (csrf.headers.getSetCookie?.() ?? []).find((c) => c.startsWith('csrftoken='))!.split(';')[0];
    const csrfHeaders = { cookie, 'x-csrftoken': cookie.slice('csrftoken='.length) };
    await send('POST', '/api/users/reset_password/', {
      body: { email: customer.user.email },
      headers: csrfHeaders,
      expect: 200,
    });
    await send('POST', '/api/users/reset_password', {
      body: { email: customer.user.email },
      expect: 403,
      outsideDocument: true,
    });
    await send('POST', '/api/users/reset_password/', {
      body: { email: 42 },
      headers: csrfHeaders,
      expect: 400,
      outsideDocument: true,
    });
    const resetMail = await smtp.waitFor(customer.user.email, (m) => /contraseña/i.test(m.subject));
    const reset = linkParts(resetMail, 'http://localhost:3000/api/users/reset');
    const resetPath = `/api/users/reset/${reset.uidb64}/${reset.token}`;
    await send('GET', `${resetPath}/`, { expect: 200 });
    await send('GET', '/api/users/reset/abc/def', { expect: 400 });
    await send('POST', `${resetPath}/`, {
      body: { password: 'short' },
      headers: csrfHeaders,
      expect: 400,
      outsideDocument: true,
    });
    await send('POST', resetPath, { body: { password: GOOD_PASSWORD }, headers: csrfHeaders, expect: 200 });
    await send('POST', '/api/users/reset/abc/def/', {
      body: { password: GOOD_PASSWORD },
      expect: 403,
      outsideDocument: true,
    });
    const again = await createUser(t);
    await send('POST', '/api/users/logout-all/', { headers: as(again), expect: 200 });
    await send('POST', '/api/users/logout-all', { expect: 401, outsideDocument: true });

    // --- public lead form: e-mail code, verification, lead
    const visitor = uniqueEmail('visitor');
    await send('POST', '/api/destination-lead/send-email-verification/', { body: { email: visitor }, expect: 200 });
    await send('POST', '/api/destination-lead/send-email-verification', {
      body: { email: 'not-an-email' },
      expect: 400,
    });
    await send('POST', '/api/destination-lead/send-email-verification/', {
      body: {},
      expect: 400,
      outsideDocument: true,
    });
    const code = codeOf(await smtp.waitFor(visitor, (m) => /código/i.test(m.subject)));
    await send('POST', '/api/destination-lead/verify-code/', {
      body: { email: visitor, confirmation_code: code === '0000' ? '9999' : '0000' },
      expect: 400,
    });
    await send('POST', '/api/destination-lead/verify-code', {
      body: { email: visitor, confirmation_code: code },
      expect: 200,
    });
    await send('POST', '/api/destination-lead/verify-code/', {
      body: { email: visitor },
      expect: 400,
      outsideDocument: true,
    });
    const leadBody = {
      first_name: 'Ana',
      last_name: 'García',
      email: visitor,
      phone: '809 555 1234',
      date: null,
      hour: null,
      source: 'email_verification',
      destination: destination.id,
    };
    await send('POST', '/api/leads/', { body: leadBody, expect: 201 });
    // The same lead again within minutes: the first one, with 200.
    await send('POST', '/api/leads', { body: leadBody, expect: 200 });
    await send('POST', '/api/leads', {
      body: { ...leadBody, destination: String(other.id), date: '2031-02-03', hour: '10:30' },
      expect: 201,
    });
    await send('POST', '/api/leads/', { body: { ...leadBody, email: uniqueEmail('unverified') }, expect: 403 });
    await send('POST', '/api/leads/', { body: { ...leadBody, phone: '12' }, expect: 400 });
    await send('POST', '/api/leads/', {
      body: { ...leadBody, first_name: 'x'.repeat(51) },
      expect: 400,
      outsideDocument: true,
    });
    await send('POST', '/api/leads/', { body: { ...leadBody, destination: [1] }, expect: 400, outsideDocument: true });

    // --- contact form
    const contact = {
      firstName: 'Ana',
      lastName: 'García',
      email: 'ana@example.com',
      message: 'Hola, quisiera información.',
    };
    await send('POST', '/api/contact/submit/', { body: contact, expect: 201 });
    await send('POST', '/api/contact/submit', { body: { ...contact, phone: null }, expect: 201 });
    await send('POST', '/api/contact/submit/', { body: { ...contact, phone: '809-555-1234' }, expect: 201 });
    await send('POST', '/api/contact/submit', { body: { ...contact, phone: '8095551234' }, expect: 201 });
    await send('POST', '/api/contact/submit/', { body: { ...contact, email: 'nope' }, expect: 400 });
    await send('POST', '/api/contact/submit/', {
      body: { ...contact, message: 'x'.repeat(1501) },
      expect: 400,
      outsideDocument: true,
    });

    // --- back-office: dashboard and lists (the customer's tokens ended with the password reset)
    const shopperH = as(await createUser(t));
    await send('GET', '/api/admin/dashboard', { headers: adminH, expect: 200 });
    await send('GET', '/api/admin/dashboard/', { headers: shopperH, expect: 403 });
    await send('GET', '/api/admin/dashboard/', { expect: 401, outsideDocument: true });
    const list = '?sort=%5B%22id%22%2C%22DESC%22%5D&range=%5B0%2C24%5D&filter=%7B%7D';
    for (const resource of ['agents', 'users', 'packs', 'leads', 'destinations']) {
      await send('GET', `/api/admin/${resource}${list}`, { headers: adminH, expect: 200 });
      await send('GET', `/api/admin/${resource}/`, { headers: adminH, expect: 200 });
      await send('GET', `/api/admin/${resource}?range=%5Bx%5D`, { headers: adminH, expect: 400 });
      await send('GET', `/api/admin/${resource}/`, { headers: shopperH, expect: 403 });
      await send('GET', `/api/admin/${resource}/999999`, { headers: adminH, expect: 404 });
    }
    await send('GET', '/api/admin/leads/export?filter=%7B%7D', { headers: adminH, expect: 200 });
    await send('GET', '/api/admin/leads/export/', { headers: shopperH, expect: 403 });

    // --- back-office: agents
    const newAgent = await send('POST', '/api/admin/agents/', {
      body: { first_name: 'Luis', last_name: 'Pérez', email: uniqueEmail('agent'), phone: '5551234567' },
      headers: adminH,
      expect: 201,
    });
    await send('POST', '/api/admin/agents', {
      body: { first_name: 'Luis', last_name: 'Pérez', email: agent.user.email },
      headers: adminH,
      expect: 409,
    });
    await send('POST', '/api/admin/agents/', {
      body: { first_name: 'Luis' },
      headers: adminH,
      expect: 400,
      outsideDocument: true,
    });
    await send('GET', `/api/admin/agents/${agent.user.id}`, { headers: adminH, expect: 200 });
    await send('GET', `/api/admin/agents/${newAgent.body.id}/`, { headers: adminH, expect: 200 });
    await send('PUT', `/api/admin/agents/${newAgent.body.id}/`, {
      body: { last_name: 'Gómez', phone: '', receives_leads: true },
      headers: adminH,
      expect: 200,
    });
    await send('PUT', `/api/admin/agents/${newAgent.body.id}`, {
      body: { phone: '123' },
      headers: adminH,
      expect: 400,
    });
    await send('PUT', `/api/admin/agents/999999`, { body: { last_name: 'Gómez' }, headers: adminH, expect: 404 });
    await send('DELETE', `/api/admin/agents/999999/`, { headers: adminH, expect: 404 });
    await send('DELETE', `/api/admin/agents/${newAgent.body.id}`, { headers: adminH, expect: 200 });
    const doomedAgent = await createUser(t, { agent: true });
    await send('POST', '/api/admin/agents/bulk-delete/', {
      body: { agent_ids: [doomedAgent.user.id] },
      headers: adminH,
      expect: 200,
    });
    await send('POST', '/api/admin/agents/bulk-delete', {
      body: { agent_ids: [999999] },
      headers: adminH,
      expect: 404,
    });
    await send('POST', '/api/admin/agents/bulk-delete/', {
      body: { agent_ids: [] },
      headers: adminH,
      expect: 400,
      outsideDocument: true,
    });

    // --- back-office: users
    const person = await createUser(t);
    await send('GET', `/api/admin/users/${person.user.id}`, { headers: adminH, expect: 200 });
    await send('GET', `/api/admin/users/${admin.user.id}/`, { headers: adminH, expect: 200 });
    await send('PUT', `/api/admin/users/${person.user.id}/`, {
      body: { first_name: 'Eva', is_active: true },
      headers: adminH,
      expect: 200,
    });
    await send('PUT', `/api/admin/users/${admin.user.id}`, {
      body: { is_superuser: false },
      headers: adminH,
      expect: 409,
    });
    await send('PUT', `/api/admin/users/${person.user.id}`, {
      body: { is_active: 'yes' },
      headers: adminH,
      expect: 400,
      outsideDocument: true,
    });
    await send('PUT', `/api/admin/users/999999/`, { body: { first_name: 'Eva' }, headers: adminH, expect: 404 });
    await send('DELETE', `/api/admin/users/${admin.user.id}/`, { headers: adminH, expect: 409 });
    await send('DELETE', `/api/admin/users/999999`, { headers: adminH, expect: 404 });
    await send('DELETE', `/api/admin/users/${person.user.id}`, { headers: adminH, expect: 200 });
    const doomedUser = await createUser(t);
    await send('POST', '/api/admin/users/bulk-delete/', {
      body: { user_ids: [doomedUser.user.id] },
      headers: adminH,
      expect: 200,
    });
    await send('POST', '/api/admin/users/bulk-delete', {
      body: { user_ids: [admin.user.id] },
      headers: adminH,
      expect: 409,
    });
    await send('POST', '/api/admin/users/bulk-delete/', { body: { user_ids: [999999] }, headers: adminH, expect: 404 });

    // --- the stop link of the e-mails to leads (issue #30)
    const stop = new URL(t.app.get(StopLinksService).url(`stop-${Date.now()}@example.com`)).pathname;
    await send('GET', stop, { headers: { accept: 'text/html' }, expect: 200 });
    await send('GET', `${stop}/`, { headers: { accept: 'text/html' }, expect: 200 });
    await send('POST', stop, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      expect: 200,
    });
    await send('POST', `${stop}/`, { body: {}, expect: 200 });
    // A signature with its last letter changed (to another one: the digest's letters are a–p).
    const forged = `${stop.slice(0, -1)}${stop.endsWith('b') ? 'c' : 'b'}`;
    await send('GET', forged, { expect: 404 });
    await send('POST', `${forged}/`, { body: {}, expect: 404 });

    // --- back-office: erasure by address (issue #30)
    await send('POST', '/api/admin/privacy/erase', {
      body: { email: 'nadie@example.com' },
      headers: adminH,
      expect: 200,
    });
    await send('POST', '/api/admin/privacy/erase/', {
      body: { email: (await createUser(t)).user.email },
      headers: adminH,
      expect: 200,
    });
    await send('POST', '/api/admin/privacy/erase/', {
      body: { email: 'no es un e-mail' },
      headers: adminH,
      expect: 400,
    });
    await send('POST', '/api/admin/privacy/erase', { body: { email: admin.user.email }, headers: adminH, expect: 409 });
    await send('POST', '/api/admin/privacy/erase', {
      body: { email: 'x@example.com' },
      headers: as(await createUser(t)),
      expect: 403,
    });

    // --- back-office: packs
    const packBody = {
      name: 'Cancún todo incluido',
      description: 'Cinco noches.',
      price: 999.99,
      discount_price: null,
      features: ['Vuelo'],
      amenities: null,
      destination_id: other.id,
      available_from: '2031-01-01',
      available_to: '2031-06-30',
      is_featured: false,
    };
    const newPack = await send('POST', '/api/admin/packs/', { body: packBody, headers: adminH, expect: 201 });
    await send('POST', '/api/admin/packs', {
      body: {
        ...packBody,
        destination_id: undefined,
        destination: other.id,
        discount_price: 899.5,
        amenities: ['Piscina'],
      },
      headers: adminH,
      expect: 201,
    });
    await send('POST', '/api/admin/packs/', {
      body: { ...packBody, discount_price: 2000 },
      headers: adminH,
      expect: 400,
    });
    await send('POST', '/api/admin/packs/', {
      body: { ...packBody, name: 'x'.repeat(101) },
      headers: adminH,
      expect: 400,
      outsideDocument: true,
    });
    await send('POST', '/api/admin/packs/', {
      body: { ...packBody, destination_id: 999999 },
      headers: adminH,
      expect: 400,
    });
    await send('GET', `/api/admin/packs/${pack.id}`, { headers: adminH, expect: 200 });
    await send('GET', `/api/admin/packs/${newPack.body.id}/`, { headers: adminH, expect: 200 });
    await send('PUT', `/api/admin/packs/${newPack.body.id}/`, {
      body: { ...packBody, discount_price: 500 },
      headers: adminH,
      expect: 200,
    });
    await send('PUT', `/api/admin/packs/${newPack.body.id}`, {
      body: { ...packBody, price: 'cheap' },
      headers: adminH,
      expect: 400,
      outsideDocument: true,
    });
    await send('PUT', `/api/admin/packs/999999`, { body: packBody, headers: adminH, expect: 404 });
    await send('DELETE', `/api/admin/packs/999999/`, { headers: adminH, expect: 404 });
    await send('DELETE', `/api/admin/packs/${newPack.body.id}`, { headers: adminH, expect: 200 });
    const doomedPack = await seedPack(t, other.id);
    await send('POST', '/api/admin/packs/bulk-delete/', {
      body: { pack_ids: [doomedPack.id] },
      headers: adminH,
      expect: 200,
    });
    await send('POST', '/api/admin/packs/bulk-delete', { body: { pack_ids: [999999] }, headers: adminH, expect: 404 });

    // --- back-office: leads
    const adminLead = {
      first_name: 'Ana',
      last_name: 'Gómez',
      email: uniqueEmail('lead'),
      phone: '5551234567',
      date: '2031-05-01',
      hour: '09:15',
      destination_id: destination.id,
      travel_pack_id: pack.id,
      agent_id: agent.user.id,
      notes: 'Llamar por la tarde.',
    };
    const newLead = await send('POST', '/api/admin/leads/', { body: adminLead, headers: adminH, expect: 201 });
    await send('POST', '/api/admin/leads', {
      body: {
        ...adminLead,
        destination_id: undefined,
        destination: other.id,
        travel_pack_id: null,
        agent_id: null,
        date: null,
        hour: null,
        notes: null,
        status: 'contacted',
      },
      headers: adminH,
      expect: 201,
    });
    await send('POST', '/api/admin/leads/', {
      body: { ...adminLead, date: '2001-01-01' },
      headers: adminH,
      expect: 400,
    });
    await send('POST', '/api/admin/leads/', {
      body: { ...adminLead, status: 'unknown' },
      headers: adminH,
      expect: 400,
      outsideDocument: true,
    });
    await send('POST', '/api/admin/leads/', {
      body: { ...adminLead, agent_id: 'me' },
      headers: adminH,
      expect: 400,
      outsideDocument: true,
    });
    await send('GET', `/api/admin/leads/${lead.id}`, { headers: adminH, expect: 200 });
    await send('GET', `/api/admin/leads/${bareLead.id}/`, { headers: adminH, expect: 200 });
    await send('PUT', `/api/admin/leads/${bareLead.id}/`, {
      body: {
        status: 'contacted',
        agent_id: agent.user.id,
        travel_pack_id: packWithoutDiscount.id,
        is_priority: true,
        notes: null,
        date: '',
        hour: null,
      },
      headers: adminH,
      expect: 200,
    });
    await send('PUT', `/api/admin/leads/${bareLead.id}`, {
      body: { agent_id: null, travel_pack_id: null },
      headers: adminH,
      expect: 200,
    });
    await send('PUT', `/api/admin/leads/${bareLead.id}`, { body: { hour: '25:00' }, headers: adminH, expect: 400 });
    await send('PUT', `/api/admin/leads/999999`, { body: { notes: 'x' }, headers: adminH, expect: 404 });
    await send('POST', `/api/admin/leads/${newLead.body.id}/create-account/`, { headers: adminH, expect: 201 });
    await send('POST', `/api/admin/leads/${newLead.body.id}/create-account`, { headers: adminH, expect: 409 });
    await send('POST', `/api/admin/leads/999999/create-account`, { headers: adminH, expect: 404 });
    await send('DELETE', `/api/admin/leads/999999/`, { headers: adminH, expect: 404 });
    await send('DELETE', `/api/admin/leads/${newLead.body.id}`, { headers: adminH, expect: 200 });
    const doomedLead = await seedLead(t, other.id);
    await send('POST', '/api/admin/leads/bulk-delete/', {
      body: { lead_ids: [doomedLead.id] },
      headers: adminH,
      expect: 200,
    });
    await send('POST', '/api/admin/leads/bulk-delete', { body: { lead_ids: [999999] }, headers: adminH, expect: 404 });
    // Lead desk: bulk update and merge.
    const deskA = await seedLead(t, other.id);
    // One person's repeat request (the same e-mail): only one person's leads merge.
    const deskB = await seedLead(t, other.id, { email: deskA.email, duplicate_of: deskA.id });
    // Another person sharing deskA's phone: a merge is refused, a related link is not.
    const deskC = await seedLead(t, other.id, { phone: deskA.phone, duplicate_of: deskA.id });
    await send('POST', `/api/admin/leads/${deskC.id}/merge`, {
      body: { into: deskA.id },
      headers: adminH,
      expect: 409,
    });
    await send('POST', `/api/admin/leads/${deskC.id}/related/`, {
      body: { other_id: deskA.id },
      headers: adminH,
      expect: 200,
    });
    await send('POST', `/api/admin/leads/${deskC.id}/related`, {
      body: { other_id: deskC.id },
      headers: adminH,
      expect: 400,
    });
    await send('POST', `/api/admin/leads/${deskC.id}/related`, {
      body: { other_id: 999999 },
      headers: adminH,
      expect: 404,
    });
    await send('POST', '/api/admin/leads/bulk-update/', {
      body: { ids: [deskA.id, deskB.id], agent_id: agent.user.id, status: 'contacted' },
      headers: adminH,
      expect: 200,
    });
    await send('POST', '/api/admin/leads/bulk-update', {
      body: { ids: [deskA.id], agent_id: null },
      headers: adminH,
      expect: 200,
    });
    await send('POST', '/api/admin/leads/bulk-update', {
      body: { ids: [deskA.id], status: 'new' },
      headers: adminH,
      expect: 200,
    });
    await send('POST', '/api/admin/leads/bulk-update', { body: { ids: [deskA.id] }, headers: adminH, expect: 400 });
    await send('POST', '/api/admin/leads/bulk-update', {
      body: { ids: [999999], status: 'lost' },
      headers: adminH,
      expect: 404,
    });
    await send('POST', `/api/admin/leads/${deskB.id}/merge/`, {
      body: { into: deskA.id },
      headers: adminH,
      expect: 200,
    });
    await send('POST', `/api/admin/leads/${deskA.id}/merge`, {
      body: { into: deskB.id },
      headers: adminH,
      expect: 400,
    });
    await send('POST', `/api/admin/leads/999999/merge`, { body: { into: deskA.id }, headers: adminH, expect: 404 });

    // --- back-office: destinations and things to do
    await send('GET', `/api/admin/destinations/${destination.id}`, { headers: adminH, expect: 200 });
    await send('GET', `/api/admin/destinations/${other.id}/`, { headers: adminH, expect: 200 });
    await send('PUT', `/api/admin/destinations/${other.id}/`, {
      body: { name: 'Cancún', location: 'México', description: 'Playas.', status: 'active', is_priority: true },
      headers: adminH,
      expect: 200,
    });
    await send('PUT', `/api/admin/destinations/${other.id}`, { body: { name: '' }, headers: adminH, expect: 400 });
    await send('PUT', `/api/admin/destinations/999999`, { body: { name: 'Otro' }, headers: adminH, expect: 404 });
    await send('POST', '/api/admin/destinations/', {
      body: { name: 'Sin foto', location: 'Perú', description: 'Montañas.' },
      headers: { ...adminH },
      expect: 400,
      outsideDocument: true,
    });
    await send('POST', '/api/admin/destinations', {
      body: '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nSin foto\r\n--b--\r\n',
      headers: { ...adminH, 'content-type': 'multipart/form-data; boundary=b' },
      expect: 400,
    });
    const things = `/api/admin/destinations/${destination.id}/things-to-do`;
    await send('GET', things, { headers: adminH, expect: 200 });
    await send('GET', `/api/admin/destinations/999999/things-to-do/`, { headers: adminH, expect: 404 });
    const thing = await send('POST', `${things}/`, {
      body: { title: 'Isla Saona', description: 'Snorkel.' },
      headers: adminH,
      expect: 201,
    });
    await send('POST', things, {
      body: { title: 'x'.repeat(101), description: 'Snorkel.' },
      headers: adminH,
      expect: 400,
      outsideDocument: true,
    });
    await send('POST', things, {
      body: { title: 'Bahía\nazul', description: 'Snorkel.' },
      headers: adminH,
      expect: 400,
    });
    const thingId = thing.body.id ?? thing.body.things_to_do?.[0]?.id;
    await send('DELETE', `${things}/${thingId}/`, { headers: adminH, expect: 200 });
    await send('DELETE', `${things}/${thingId}`, { headers: adminH, expect: 404 });
    await send('DELETE', `/api/admin/destinations/${destination.id}/thing-to-do/999999/`, {
      headers: adminH,
      expect: 404,
    });
    await send('DELETE', `/api/admin/destinations/${destination.id}/thing-to-do/999999`, {
      headers: adminH,
      expect: 404,
    });
    await send('DELETE', `/api/admin/destinations/${destination.id}/`, { headers: adminH, expect: 409 });
    const doomed = await seedDestination(t, { name: 'Efímera' });
    const doomedToo = await seedDestination(t, { name: 'Efímera 2' });
    await send('DELETE', `/api/admin/destinations/${doomed.id}`, { headers: adminH, expect: 200 });
    await send('DELETE', `/api/admin/destinations/999999`, { headers: adminH, expect: 404 });
    await send('POST', '/api/admin/destinations/bulk-delete/', {
      body: { destination_ids: [doomedToo.id] },
      headers: adminH,
      expect: 200,
    });
    await send('POST', '/api/admin/destinations/bulk-delete', {
      body: { destination_ids: [destination.id] },
      headers: adminH,
      expect: 409,
    });
    await send('POST', '/api/admin/destinations/bulk-delete/', {
      body: { destination_ids: [999999] },
      headers: adminH,
      expect: 404,
    });
    await send('POST', '/api/admin/destinations/bulk-delete/', {
      body: { destination_ids: ['a'] },
      headers: adminH,
      expect: 400,
      outsideDocument: true,
    });

    // --- back-office: the lead desk's notes, tasks and timeline (issue #29)
    const note = await send('POST', '/api/admin/lead-notes/', {
      body: { lead_id: lead.id, text: 'Prefiere que le llamen por la tarde.' },
      headers: adminH,
      expect: 201,
    });
    await send('POST', '/api/admin/lead-notes', {
      body: { lead_id: lead.id, text: '' },
      headers: adminH,
      expect: 400,
      outsideDocument: true,
    });
    await send('POST', '/api/admin/lead-notes', { body: { lead_id: 999999, text: 'x' }, headers: adminH, expect: 400 });
    await send('GET', `/api/admin/lead-notes?filter=${encodeURIComponent(JSON.stringify({ lead_id: lead.id }))}`, {
      headers: adminH,
      expect: 200,
    });
    await send('GET', '/api/admin/lead-notes/', { headers: shopperH, expect: 403 });
    await send('GET', `/api/admin/lead-notes/${note.body.id}`, { headers: adminH, expect: 200 });
    await send('GET', `/api/admin/lead-notes/${note.body.id}/`, { headers: adminH, expect: 200 });
    await send('GET', '/api/admin/lead-notes/999999', { headers: adminH, expect: 404 });
    await send('DELETE', '/api/admin/lead-notes/999999/', { headers: adminH, expect: 404 });
    await send('DELETE', `/api/admin/lead-notes/${note.body.id}`, { headers: adminH, expect: 200 });
    const task = await send('POST', '/api/admin/tasks/', {
      body: { lead_id: lead.id, title: 'Llamar', due_at: '2031-01-01T10:00:00.000Z' },
      headers: adminH,
      expect: 201,
    });
    await send('POST', '/api/admin/tasks', {
      body: { lead_id: lead.id, title: 'x', due_at: 'mañana' },
      headers: adminH,
      expect: 400,
      outsideDocument: true,
    });
    await send('GET', `/api/admin/tasks?filter=${encodeURIComponent(JSON.stringify({ done: false }))}`, {
      headers: adminH,
      expect: 200,
    });
    await send('GET', '/api/admin/tasks/', { headers: adminH, expect: 200 });
    await send('GET', `/api/admin/tasks/${task.body.id}`, { headers: adminH, expect: 200 });
    await send('GET', `/api/admin/tasks/${task.body.id}/`, { headers: adminH, expect: 200 });
    await send('PUT', `/api/admin/tasks/${task.body.id}/`, { body: { done: true }, headers: adminH, expect: 200 });
    await send('PUT', `/api/admin/tasks/${task.body.id}`, {
      body: { done: 'yes' },
      headers: adminH,
      expect: 400,
      outsideDocument: true,
    });
    await send('PUT', '/api/admin/tasks/999999', { body: { done: true }, headers: adminH, expect: 404 });
    await send('DELETE', '/api/admin/tasks/999999', { headers: adminH, expect: 404 });
    await send('DELETE', `/api/admin/tasks/${task.body.id}/`, { headers: adminH, expect: 200 });
    await send('GET', `/api/admin/leads/${lead.id}/timeline`, { headers: adminH, expect: 200 });
    await send('GET', `/api/admin/leads/${lead.id}/timeline/`, { headers: adminH, expect: 200 });
    await send('GET', '/api/admin/leads/999999/timeline', { headers: adminH, expect: 404 });

    // --- back-office: e-mail templates, replies from a lead, saved views (issue #29)
    const templateBody = {
      name: 'Primer contacto',
      subject: 'Tu viaje a {{destino}}',
      body: 'Hola {{nombre}}',
      sequence_day: null,
    };
    const template = await send('POST', '/api/admin/email-templates/', {
      body: templateBody,
      headers: adminH,
      expect: 201,
    });
    await send('POST', '/api/admin/email-templates', {
      body: { ...templateBody, name: 'Otra', body: 'Hola {{ciudad}}' },
      headers: adminH,
      expect: 400,
    });
    await send('GET', `/api/admin/email-templates${list}`, { headers: adminH, expect: 200 });
    await send('GET', '/api/admin/email-templates/', { headers: shopperH, expect: 403 });
    await send('GET', `/api/admin/email-templates/${template.body.id}/`, { headers: adminH, expect: 200 });
    await send('GET', '/api/admin/email-templates/999999', { headers: adminH, expect: 404 });
    await send('PUT', `/api/admin/email-templates/${template.body.id}`, {
      body: { ...templateBody, sequence_day: 0 },
      headers: adminH,
      expect: 200,
    });
    await send('PUT', '/api/admin/email-templates/999999/', { body: templateBody, headers: adminH, expect: 404 });
    await send('POST', `/api/admin/leads/${lead.id}/preview-email`, {
      body: { template_id: template.body.id },
      headers: adminH,
      expect: 200,
    });
    await send('POST', '/api/admin/leads/999999/preview-email/', {
      body: { template_id: template.body.id },
      headers: adminH,
      expect: 404,
    });
    await send('POST', `/api/admin/leads/${lead.id}/send-email/`, {
      body: { subject: 'Hola {{nombre}}', body: 'Te llamo mañana.' },
      headers: adminH,
      expect: 201,
    });
    await send('POST', `/api/admin/leads/${lead.id}/send-email`, { body: {}, headers: adminH, expect: 400 });
    await send('POST', `/api/admin/leads/${lead.id}/send-email`, {
      body: { template_id: 999999 },
      headers: adminH,
      expect: 404,
    });
    await send('DELETE', `/api/admin/email-templates/${template.body.id}/`, { headers: adminH, expect: 200 });
    await send('DELETE', '/api/admin/email-templates/999999', { headers: adminH, expect: 404 });
    const view = await send('POST', '/api/admin/saved-views/', {
      body: { resource: 'leads', name: 'Mías nuevas', query: { filter: { status: 'new' } } },
      headers: adminH,
      expect: 201,
    });
    await send('POST', '/api/admin/saved-views', {
      body: { resource: 'leads', name: '', query: {} },
      headers: adminH,
      expect: 400,
    });
    await send('GET', `/api/admin/saved-views?filter=${encodeURIComponent(JSON.stringify({ resource: 'leads' }))}`, {
      headers: adminH,
      expect: 200,
    });
    await send('GET', '/api/admin/saved-views/', { headers: shopperH, expect: 403 });
    await send('GET', `/api/admin/saved-views/${view.body.id}`, { headers: adminH, expect: 200 });
    await send('GET', '/api/admin/saved-views/999999/', { headers: adminH, expect: 404 });
    await send('DELETE', `/api/admin/saved-views/${view.body.id}/`, { headers: adminH, expect: 200 });
    await send('DELETE', '/api/admin/saved-views/999999', { headers: adminH, expect: 404 });

    // --- back-office: the audit log (read-only; the writes above left its entries)
    const entries = await send('GET', `/api/admin/audit-log${list}`, { headers: adminH, expect: 200 });
    const entryId = (entries.body as Array<{ id: number }>)[0].id;
    await send('GET', '/api/admin/audit-log/?filter=%7B%22action%22%3A%22update%22%7D', {
      headers: adminH,
      expect: 200,
    });
    await send('GET', '/api/admin/audit-log?filter=%7B%22action%22%3A%22dance%22%7D', { headers: adminH, expect: 400 });
    await send('GET', '/api/admin/audit-log/', { headers: shopperH, expect: 403 });
    await send('GET', `/api/admin/audit-log/${entryId}`, { headers: adminH, expect: 200 });
    await send('GET', `/api/admin/audit-log/${entryId}/`, { headers: adminH, expect: 200 });
    await send('GET', '/api/admin/audit-log/999999', { headers: adminH, expect: 404 });
    await send('PUT', `/api/admin/audit-log/${entryId}`, {
      body: {},
      headers: adminH,
      expect: 405,
      outsideDocument: true,
    });
    await send('DELETE', `/api/admin/audit-log/${entryId}/`, { headers: adminH, expect: 405, outsideDocument: true });

    // --- a path the document does not have is reported too (the proxy's own check works)
    const unknown = await send('GET', '/api/no-such-route', { expect: 404, outsideDocument: true });
    expect(unknown.status).toBe(404);

    // Every operation of the document was exercised, under both path forms.
    const templates = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => ['get', 'post', 'put', 'delete', 'patch'].includes(m))
        .map((m) => ({
          key: `${m.toUpperCase()} ${path}`,
          method: m.toUpperCase(),
          pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
        })),
    );
    const unexercised = templates
      .filter(
        ({ method, pattern }) => !exchanges.some((e) => e.method === method && pattern.test(e.path.split('?')[0])),
      )
      .map((op) => op.key);
    // Both path forms are described (README: paths work with and without a trailing slash).
    const paths = Object.keys(document.paths);
    const withoutSlashForm = paths
      .filter((path) => !path.endsWith('/') && !paths.includes(`${path}/`))
      .concat(paths.filter((path) => path.endsWith('/') && !paths.includes(path.slice(0, -1))));
    // Every error answer of the document has the one error body the server sends.
    const errorRef = '#/components/schemas/ErrorBody';
    const withoutErrorBody = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, op]) =>
        Object.entries((op as { responses?: Record<string, any> }).responses ?? {})
          .filter(([status, r]) => Number(status) >= 400 && r.content?.['application/json']?.schema?.$ref !== errorRef)
          .map(([status]) => `${method.toUpperCase()} ${path} ${status}`),
      ),
    );
    expect({ failures, unexercised, withoutSlashForm, withoutErrorBody }).toEqual({
      failures: [],
      unexercised: [],
      withoutSlashForm: [],
      withoutErrorBody: [],
    });
    expect(exchanges.length).toBeGreaterThanOrEqual(200);
  });
});
