import { Lead } from '../src/leads/entities/lead.entity';
import { LeadEvent } from '../src/leads/entities/lead-event.entity';
import { createDestination, seedVerified, uniqueEmail, validLead } from './support/leads';
import { bootTestApp, TestApp } from './support/test-app';

describe('lead intake under concurrency', () => {
  let t: TestApp;
  let destinationId: number;

  beforeAll(async () => {
    t = await bootTestApp();
    destinationId = (await createDestination(t)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores 100 leads from 100 verified e-mails submitted at once: none lost, none twice', async () => {
    const emails = Array.from({ length: 100 }, (_, i) => uniqueEmail(`crowd${i}-`));
    await seedVerified(t, emails);
    const results = await Promise.all(
      emails.map((email, i) =>
        t
          .http()
          .post('/api/leads/')
          .send(validLead(destinationId, email, { first_name: `Guest${i}` })),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(emails.map(() => 201));
    const ids = new Set(results.map((r) => r.body.id));
    expect(ids.size).toBe(100);

    const rows = await t.dataSource.getRepository(Lead).find({ where: { destination_id: destinationId } });
    const stored = rows.filter((r) => r.email.startsWith('crowd'));
    expect(stored).toHaveLength(100);
    expect(new Set(stored.map((r) => r.email))).toEqual(new Set(emails));
    for (const r of results) {
      const row = stored.find((s) => s.id === r.body.id);
      expect(row?.email).toBe(r.body.email);
    }
    const events = await t.dataSource.getRepository(LeadEvent).findBy({ kind: 'created' });
    expect(events.filter((e) => ids.has(e.lead_id))).toHaveLength(100);
  });

  it('stores one lead for 20 identical submissions sent at once', async () => {
    const email = uniqueEmail('twin');
    await seedVerified(t, [email]);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.http().post('/api/leads/').send(validLead(destinationId, email))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(19);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await t.dataSource.getRepository(Lead).countBy({ email })).toBe(1);
  });

  it('keeps leads and code requests apart when both arrive at once', async () => {
    const leadEmails = Array.from({ length: 30 }, () => uniqueEmail('mixed'));
    await seedVerified(t, leadEmails);
    const codeEmails = Array.from({ length: 10 }, () => uniqueEmail('codes'));
    const results = await Promise.all([
      ...leadEmails.map((email) => t.http().post('/api/leads/').send(validLead(destinationId, email))),
      ...codeEmails.map((email) => t.http().post('/api/destination-lead/send-email-verification/').send({ email })),
    ]);
    expect(results.slice(0, 30).map((r) => r.status)).toEqual(leadEmails.map(() => 201));
    expect(results.slice(30).map((r) => r.status)).toEqual(codeEmails.map(() => 200));
  });
});
