import { MysqlBatches } from '../src/database/mysql-batches';
import { Lead } from '../src/leads/entities/lead.entity';
import { createDestination, seedVerified, uniqueEmail, validLead } from './support/leads';
import { testDialect } from './support/test-db';
import { bootTestApp, TestApp } from './support/test-app';

/**
 * The MySQL/MariaDB lead intake is a stored procedure whose calls are pipelined: calls sent together
 * run one after another on one connection, so one call stuck on a row lock holds the calls behind
 * it. The procedures wait 2 s at most for a lock, answer the time-out as their row after rolling
 * back, and the intake retries it.
 */
(testDialect() === 'mysql' ? describe : describe.skip)('the lead intake procedure (MySQL/MariaDB)', () => {
  let t: TestApp;
  let destinationId: number;

  beforeAll(async () => {
    t = await bootTestApp();
    destinationId = (await createDestination(t)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('waits at most about 2 s for a locked row, answers the time-out as its row and writes nothing', async () => {
    const email = uniqueEmail('locked-');
    await seedVerified(t, [email]);
    const holder = t.dataSource.createQueryRunner();
    await holder.startTransaction();
    try {
      await holder.query('SELECT `id` FROM `lead_email_verifications` WHERE `email` = ? FOR UPDATE', [email]);
      const now = new Date();
      const started = Date.now();
      const [row] = (await t.app
        .get(MysqlBatches)
        .pipeline([
          'CALL `lead_intake_v1`(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
          [
            now,
            new Date(now.getTime() - 1_800_000),
            now,
            'Ana',
            'Pérez',
            email,
            '',
            null,
            null,
            'web',
            destinationId,
            0,
            1,
          ],
        ])) as Array<Record<string, unknown>>;
      const waited = Date.now() - started;
      expect(row).toMatchObject({ errno: 1205 });
      expect(waited).toBeGreaterThanOrEqual(1_500);
      expect(waited).toBeLessThan(10_000);
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
    expect(await t.dataSource.getRepository(Lead).countBy({ email })).toBe(0);
  });

  it('stores the lead once the lock is released within the retries', async () => {
    const email = uniqueEmail('waits-');
    await seedVerified(t, [email]);
    const holder = t.dataSource.createQueryRunner();
    await holder.startTransaction();
    await holder.query('SELECT `id` FROM `lead_email_verifications` WHERE `email` = ? FOR UPDATE', [email]);
    const answer = t.http().post('/api/leads/').send(validLead(destinationId, email));
    // Released after the first wait timed out: a later attempt gets the row.
    setTimeout(() => void holder.rollbackTransaction().then(() => holder.release()), 2_500);
    const res = await answer;
    expect(res.status).toBe(201);
    expect(await t.dataSource.getRepository(Lead).countBy({ email })).toBe(1);
  });
});
