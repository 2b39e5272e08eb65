import { READ_CONTEXT, READ_CONTEXT_AND_VERIFICATION } from '../src/leads/intake/lead-intake.repository';
import { Lead } from '../src/leads/entities/lead.entity';
import { seedDestination } from './support/admin-fixtures';
import { bootTestApp, TestApp } from './support/test-app';
import { testDialect } from './support/test-db';

/**
 * The lead intake's one read (src/leads/intake) runs inside the write transaction of every public
 * lead, so how the database finds its rows decides whether intake stays flat as leads pile up. These
 * are the query plans, not timings: each lookup goes through the index of the value it looks up.
 * (Measured outside the app with 100,000 leads: the e-mail lookup through the `duplicate_of` index
 * took 15 ms, the agents' open-lead counts over every status 10 ms; through their own indexes, 25 µs
 * and 0.4 ms.)
 */
describe('the lead intake reads by the visitor, not by the whole table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
    // A desk with history: 300 first requests of other visitors (duplicate_of IS NULL matches them all).
    const destination = await seedDestination(t);
    const leads = t.dataSource.getRepository(Lead);
    for (let batch = 0; batch < 3; batch += 1)
      await leads.insert(
        Array.from({ length: 100 }, (_, i) => ({
          first_name: 'Earlier',
          last_name: 'Visitor',
          email: `earlier${batch}-${i}@example.com`,
          phone: `55500${batch}${String(i).padStart(4, '0')}`,
          destination_id: destination.id,
        })),
      );
  });
  afterAll(async () => {
    await t.close();
  });

  const since = new Date(Date.now() - 3_600_000);
  const sinceParam = () => (testDialect() === 'sqlite' ? since.toISOString() : since);
  const contextParams = () => [
    1,
    'plan@example.com',
    1,
    sinceParam(),
    'plan@example.com',
    'plan@example.com',
    'plan@example.com',
    '5551234567',
  ];

  (testDialect() === 'sqlite' ? it : it.skip)(
    'SQLite: every lookup of the leads table searches the index of its own value',
    async () => {
      const plan = (await t.dataSource.query(`EXPLAIN QUERY PLAN ${READ_CONTEXT_AND_VERIFICATION}`, [
        since.toISOString(),
        'plan@example.com',
        ...contextParams(),
      ])) as Array<{ detail: string }>;
      const leadSteps = plan
        .map((row) => row.detail)
        .filter((d) => / leads | o /.test(` ${d} `) && !d.startsWith('SCAN CONSTANT'));
      expect(leadSteps.length).toBeGreaterThanOrEqual(5);
      for (const step of leadSteps) {
        expect(step).toMatch(/^SEARCH /);
        expect(step).not.toMatch(/IDX_leads_duplicate_of|IDX_leads_status\b/);
      }
      expect(leadSteps.filter((d) => /\(email=\?/.test(d))).toHaveLength(3);
      expect(leadSteps.filter((d) => /IDX_leads_phone \(phone=\?\)/.test(d))).toHaveLength(1);
      expect(
        leadSteps.filter((d) => /IDX_leads_agent_status_created \(agent_id=\? AND status=\?\)/.test(d)),
      ).toHaveLength(1);
    },
  );

  (testDialect() === 'mysql' ? it : it.skip)(
    'MySQL/MariaDB: no lookup of the leads table goes through the duplicate_of index or reads it whole',
    async () => {
      // The server's statistics, as InnoDB keeps them once a table has grown (here, right away).
      await t.dataSource.query('ANALYZE TABLE `leads`');
      const plan = (await t.dataSource.query(`EXPLAIN ${READ_CONTEXT}`, contextParams())) as Array<{
        table: string | null;
        type: string | null;
        key: string | null;
      }>;
      const leadSteps = plan.filter((row) => row.table === 'leads' || row.table === 'o');
      for (const step of leadSteps) {
        expect(step.type).not.toBe('ALL');
        expect(step.key ?? '').not.toMatch(/duplicate_of/);
      }
    },
  );
});
