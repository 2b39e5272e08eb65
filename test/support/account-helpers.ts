import request from 'supertest';
import { ReceivedMail, TestSmtp } from './smtp';
import { TestApp } from './test-app';

let seq = 0;

/** A unique e-mail per call (tests share one database per file). */
export function uniqueEmail(prefix = 'ana'): string {
  seq += 1;
  return `${prefix}.${seq}.${Date.now()}@example.com`;
}

export const GOOD_PASSWORD = 'Mar-Caribe-2031!';

export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Ana',
    last_name: 'García',
    email: uniqueEmail(),
    password: GOOD_PASSWORD,
    phone: '8095551234',
    is_superuser: false,
    ...overrides,
  };
}

/** The {uidb64, token} of a link `${base}/${uidb64}/${token}` found in the plain-text body. */
export function linkParts(mail: ReceivedMail, base: string): { link: string; uidb64: string; token: string } {
  const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = mail.text.match(new RegExp(`${escaped}/([A-Za-z0-9_-]+)/([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no link ${base}/… in mail "${mail.subject}":\n${mail.text}`);
  return { link: match[0], uidb64: match[1], token: match[2] };
}

export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** An unsigned token (alg none) with the given claims. */
export function algNoneToken(claims: Record<string, unknown>): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'none', typ: 'JWT' })}.${enc(claims)}.`;
}

/** Signs up through the API, follows the e-mailed link and returns the active account. */
export async function signUpAndVerify(t: TestApp, smtp: TestSmtp, overrides: Record<string, unknown> = {}) {
  const body = signUpBody(overrides);
  const res = await t.http().post('/api/users/sign-up/').send(body);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const mail = await smtp.waitFor(body.email as string, (m) => m.subject === 'Verifica tu cuenta');
  const { uidb64, token } = linkParts(mail, 'http://localhost:3000/email-verification');
  const verified = await t.http().get(`/api/users/verify-email/${uidb64}/${token}/`);
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status}`);
  // The sign-up's answer names no account (it is the same whatever the address): the link does.
  const id = Number(Buffer.from(uidb64, 'base64url').toString('utf8'));
  return { id, email: body.email as string, password: body.password as string };
}

export async function login(t: TestApp, email: string, password: string): Promise<request.Response> {
  return t.http().post('/api/users/token/').send({ username: email, password });
}

/** Gets a csrftoken cookie; returns the Cookie header value and the token for X-CSRFToken. */
export async function csrf(t: TestApp): Promise<{ cookie: string; token: string }> {
  const res = await t.http().get('/api/users/csrf/');
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const raw = setCookie.find((c) => c.startsWith('csrftoken='));
  if (!raw) throw new Error('no csrftoken cookie');
  const token = raw.split(';')[0].slice('csrftoken='.length);
  return { cookie: `csrftoken=${token}`, token };
}

/** Asserts no key anywhere in a JSON body looks like a secret. */
export function expectNoSecrets(body: unknown): void {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/password_hash|\$argon2|token_hash/);
}
