import { randomBytes } from 'node:crypto';
import { AccountLimitsService } from '../src/users/account-limits.service';
import { User } from '../src/users/entities/user.entity';
import { UsersRepository } from '../src/users/users.repository';
import { captureOutput, CapturedOutput } from './support/capture-output';
import { bootTestApp, createUser, TestApp } from './support/test-app';

/**
 * A failing query is logged by its statement and the driver's error code, never with the values it
 * carried (MariaDB's message quotes a duplicated value; TypeORM's error keeps the SQL and its
 * parameters), and a sign-in that races the deletion of its account answers the 401 of a wrong
 * password, not a 500 from the refresh token's foreign key. In production, on both databases.
 */
describe('probe 4: failing queries in the production log, and the login/deletion race', () => {
  jest.setTimeout(120_000);
  let output: CapturedOutput;
  let t: TestApp;

  const FOREIGN_KEY = /ER_NO_REFERENCED_ROW_2|SQLITE_CONSTRAINT_FOREIGNKEY/;
  const DUPLICATE = /ER_DUP_ENTRY|SQLITE_CONSTRAINT_UNIQUE/;
  /** A refresh token's sha256 hex, a session id (uuid), an argon2 hash: none belongs in a log line. */
  const SECRETS = /\b[0-9a-f]{64}\b|\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b|\$argon2/i;

  /** The log lines written since `from` (JSON, one a line). */
  const linesSince = (from: number) => output.text().slice(from).split('\n').filter(Boolean);

  beforeAll(async () => {
    output = captureOutput();
    t = await bootTestApp({
      NODE_ENV: 'production',
      MAIL_TRANSPORT: 'outbox',
      PUBLIC_URL: 'https://viajes.example',
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
    });
  });

  afterAll(async () => {
    await t?.close();
    output?.restore();
  });

  // Each test's spies are undone one by one: jest.restoreAllMocks() would end the output capture too.
  const spies: Array<{ mockRestore(): void }> = [];
  afterEach(() => spies.splice(0).forEach((spy) => spy.mockRestore()));

  /** Deletes the account right after its password was found right, before its tokens are stored. */
  function deleteAccountAfterPasswordCheck(userId: number): void {
    const limits = t.app.get(AccountLimitsService);
    const original = limits.recordLoginSuccess.bind(limits);
    spies.push(
      jest.spyOn(limits, 'recordLoginSuccess').mockImplementation(async (...args) => {
        await t.dataSource.getRepository(User).delete({ id: userId });
        return original(...args);
      }),
    );
  }

  it.each([
    ['site', '/api/users/token/', (email: string, password: string) => ({ username: email, password })],
    ['admin', '/api/users/admin/login/', (email: string, password: string) => ({ email, password })],
  ])('a %s login racing the deletion of its account answers the 401 of a wrong password', async (_, path, body) => {
    const victim = await createUser(t, { admin: true, password: 'Race!Passw0rd-1' });
    const wrong = await t.http().post(path).send(body(victim.user.email, 'Not-The-Passw0rd!'));
    expect(wrong.status).toBe(401);

    deleteAccountAfterPasswordCheck(victim.user.id);
    const from = output.text().length;
    const res = await t.http().post(path).send(body(victim.user.email, victim.password));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(wrong.body);
    expect(await t.dataSource.getRepository(User).countBy({ id: victim.user.id })).toBe(0);

    const lines = linesSince(from);
    const failure = lines.find((line) => FOREIGN_KEY.test(line));
    expect(failure).toBeDefined();
    expect(failure).toContain('refresh_tokens');
    for (const line of lines) {
      expect(line).not.toMatch(SECRETS);
      expect(line).not.toContain(victim.user.email);
      expect(line).not.toMatch(/"(parameters|query|sql|sqlMessage|driverError)"/);
    }
  });

  it('a failing query that reaches the error filter logs its statement and code, not its values', async () => {
    const owner = await createUser(t, { password: 'Owner!Passw0rd-1' });
    const secretName = `Nombre${randomBytes(6).toString('hex')}`;
    // The login's look-up is replaced by an insert that repeats an existing address: a duplicate-key
    // error whose SQL, parameters and (on MariaDB) message carry the address and the name.
    spies.push(
      jest.spyOn(t.app.get(UsersRepository), 'findByEmail').mockImplementation(async () => {
        await t.dataSource.getRepository(User).insert({
          email: owner.user.email,
          first_name: secretName,
          last_name: secretName,
          phone: '5559876543',
          password_hash: owner.user.password_hash,
        });
        return null;
      }),
    );
    const from = output.text().length;
    const res = await t.http().post('/api/users/token/').send({ username: owner.user.email, password: 'whatever-1A!' });
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toMatch(new RegExp(`${secretName}|${owner.user.email}|INSERT`, 'i'));

    const lines = linesSince(from);
    const failure = lines.find((line) => DUPLICATE.test(line));
    expect(failure).toBeDefined();
    expect(failure).toMatch(/INSERT users/);
    for (const line of lines) {
      expect(line).not.toContain(secretName);
      expect(line).not.toContain(owner.user.email);
      expect(line).not.toMatch(SECRETS);
      expect(line).not.toMatch(/"(parameters|query|sql|sqlMessage|driverError)"/);
    }
  });
});
