import { Lead } from '../src/leads/entities/lead.entity';
import { User } from '../src/users/entities/user.entity';
import { signUpBody } from './support/account-helpers';
import { bearer } from './support/admin-fixtures';
import { createDestination, seedVerified, uniqueEmail, validLead } from './support/leads';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';

/**
 * Names go into e-mail subjects and bodies sent to other people and into the lead CSV, so a
 * name with a line break, NUL, a bidi override, an invisible zero-width or directional mark, or
 * half a surrogate pair is refused up front.
 */
const NOT_ONE_LINE = [
  'Ana\r\nBcc: x@evil.example',
  'Ana\u0000',
  'Ana\u202Efdp.exe',
  'Ana\uD800',
  'An\u200Ba',
  'Ana\u200C',
  'Ana\u200Dx',
  '\u200EAna',
  'Ana\u200F',
  'Ana\u061C',
  'Ana \u2067fdp.exe\u2069',
];

describe('single-line fields refuse control characters, bidi controls and lone surrogates', () => {
  let t: TestApp;
  let admin: CreatedUser;

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await createUser(t, { admin: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('public lead: 400 with the field message, nothing stored; a clean name still works', async () => {
    const destination = await createDestination(t);
    const email = uniqueEmail('oneline');
    await seedVerified(t, [email]);
    for (const name of NOT_ONE_LINE) {
      const res = await t
        .http()
        .post('/api/leads/')
        .send(validLead(destination.id, email, { first_name: name }));
      expect({ name, status: res.status, errors: res.body.errors }).toEqual({
        name,
        status: 400,
        errors: { first_name: 'First Name contains characters that are not allowed' },
      });
    }
    expect(await t.dataSource.getRepository(Lead).countBy({ email })).toBe(0);
    const ok = await t
      .http()
      .post('/api/leads/')
      .send(validLead(destination.id, email, { last_name: 'Nuñez 👋', first_name: 'Ana 👩‍🚀' }));
    expect(ok.status).toBe(201);
  });

  it('contact form', async () => {
    for (const name of NOT_ONE_LINE) {
      const res = await t
        .http()
        .post('/api/contact/submit/')
        .send({ firstName: 'Carlos', lastName: name, email: uniqueEmail('c'), message: 'Hola\nGracias' });
      expect({ name, status: res.status, success: res.body.success, errors: res.body.errors }).toEqual({
        name,
        status: 400,
        success: false,
        errors: { lastName: 'Last Name contains characters that are not allowed' },
      });
    }
  });

  it('sign-up (Spanish message), no account created', async () => {
    for (const name of NOT_ONE_LINE) {
      const body = signUpBody({ first_name: name });
      const res = await t.http().post('/api/users/sign-up/').send(body);
      expect({ name, status: res.status, errors: res.body.errors }).toEqual({
        name,
        status: 400,
        errors: { first_name: 'El nombre contiene caracteres no permitidos.' },
      });
      expect(await t.dataSource.getRepository(User).countBy({ email: String(body.email) })).toBe(0);
    }
  });

  it('back-office: new agent and a customer name edit', async () => {
    const customer = await createUser(t);
    for (const name of NOT_ONE_LINE) {
      const created = await t
        .http()
        .post('/api/admin/agents/')
        .set(bearer(admin.token))
        .send({ first_name: name, last_name: 'Pérez', email: uniqueEmail('agent') });
      expect({ name, status: created.status, errors: created.body.errors }).toEqual({
        name,
        status: 400,
        errors: { first_name: 'First name contains characters that are not allowed' },
      });
      const edited = await t
        .http()
        .put(`/api/admin/users/${customer.user.id}/`)
        .set(bearer(admin.token))
        .send({ last_name: name });
      expect({ name, status: edited.status, errors: edited.body.errors }).toEqual({
        name,
        status: 400,
        errors: { last_name: 'Last name contains characters that are not allowed' },
      });
    }
    const unchanged = await t.dataSource.getRepository(User).findOneByOrFail({ id: customer.user.id });
    expect(unchanged.last_name).toBe(customer.user.last_name);
  });
});
