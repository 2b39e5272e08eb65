import { codeOf } from '../support/leads';
import { insertDestination, insertVerifiedEmails, storedLeadEmails } from '../faults/support/leads-load';
import { call, Fleet, insertUser, postLeads, startFleet, stopStrays } from './support/fleet';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Two app processes on one MariaDB and one Redis: limits, sessions, caches and jobs hold across them.
 * Each test acts from client IPs of its own (X-Forwarded-For), so their per-IP budgets do not mix.
 */
describe('several instances on one MariaDB and one Redis', () => {
  jest.setTimeout(120_000);
  let fleet: Fleet;
  let destination: number;

  beforeAll(async () => {
    fleet = await startFleet(2);
    destination = await insertDestination(fleet.db, fleet.databaseUrl);
  }, 400_000);
  afterAll(async () => {
    await fleet?.close();
    await stopStrays();
  });
  const [a, b] = [() => fleet.apps[0], () => fleet.apps[1]];

  it('reports Redis in the health check of each instance', async () => {
    for (const app of [a(), b()]) {
      const health = await call(app, 'GET', '/api/health');
      expect(health.status).toBe(200);
      expect(health.body.details).toMatchObject({ database: { status: 'up' }, redis: { status: 'up' } });
    }
  });

  it('throttles an account on both after five failures spread over both, and only for that client', async () => {
    const user = await insertUser(fleet.db);
    const fail = (i: number) =>
      call(i % 2 ? b() : a(), 'POST', '/api/users/token/', {
        ip: '203.0.113.10',
        body: { username: user.email, password: `wrong-${i}` },
      });
    for (let i = 0; i < 5; i++) expect((await fail(i)).status).toBe(401);
    for (const app of [a(), b()]) {
      const res = await call(app, 'POST', '/api/users/token/', {
        ip: '203.0.113.10',
        body: { username: user.email, password: user.password },
      });
      expect(res.status).toBe(429);
      expect(res.body.error).toBe('Too many failed login attempts for this account. Please try again later.');
    }
    const owner = await call(b(), 'POST', '/api/users/token/', {
      ip: '198.51.100.10',
      body: { username: user.email, password: user.password },
    });
    expect(owner.status).toBe(200);
  });

  it('counts per-IP limits over both instances', async () => {
    const message = { firstName: 'Ana', lastName: 'García', email: 'ana@fleet.example', message: 'Hola, ¿hay plazas?' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await call(i % 2 ? b() : a(), 'POST', '/api/contact/submit/', { ip: '203.0.113.20', body: message })).status,
      );
    }
    // The contact form allows 5 messages per 10 minutes from one IP, wherever they land.
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await call(a(), 'POST', '/api/contact/submit/', { ip: '203.0.113.20', body: message })).status).toBe(429);
    expect((await call(a(), 'POST', '/api/contact/submit/', { ip: '203.0.113.21', body: message })).status).toBe(201);
  });

  it('verifies through one instance a lead code sent through the other', async () => {
    const email = `code-${Date.now()}@fleet.example`;
    const sent = await call(a(), 'POST', '/api/destination-lead/send-email-verification/', {
      ip: '203.0.113.30',
      body: { email },
    });
    expect(sent.status).toBe(200);
    const mail = await fleet.smtp.waitFor(email, (m) => /código/i.test(m.subject), 15_000);
    const verified = await call(b(), 'POST', '/api/destination-lead/verify-code/', {
      ip: '203.0.113.30',
      body: { email, confirmation_code: codeOf(mail) },
    });
    expect(verified.status).toBe(200);
  });

  it('serves an admin edit made on one instance from the other within a second', async () => {
    const admin = await insertUser(fleet.db, { admin: true });
    const login = await call(a(), 'POST', '/api/users/admin/login/', {
      ip: '203.0.113.40',
      body: { email: admin.email, password: admin.password },
    });
    expect(login.status).toBe(200);
    const token = login.body.access as string;
    const form = {
      name: 'Punta Cana escape',
      description: 'Five nights.',
      price: 899.99,
      discount_price: 699.5,
      amenities: ['Pool'],
      features: ['Breakfast'],
      destination_id: destination,
      available_from: '2030-05-01',
      available_to: '2030-05-10',
    };
    const created = await call(a(), 'POST', '/api/admin/packs/', { ip: '203.0.113.40', token, body: form });
    expect(created.status).toBe(201);
    const path = `/api/travel-packs/${created.body.id as number}/`;
    // B caches the pack (its first read fills the cache, the second is served from it).
    for (let i = 0; i < 2; i++)
      expect((await call(b(), 'GET', path, { ip: '203.0.113.41' })).body.name).toBe(form.name);

    const edited = await call(a(), 'PUT', `/api/admin/packs/${created.body.id as number}/`, {
      ip: '203.0.113.40',
      token,
      body: { ...form, name: 'Punta Cana renamed' },
    });
    expect(edited.status).toBe(200);
    const editedAt = Date.now();
    let seen = '';
    while (Date.now() - editedAt < 1000) {
      seen = (await call(b(), 'GET', path, { ip: '203.0.113.41' })).body.name as string;
      if (seen === 'Punta Cana renamed') break;
      await sleep(20);
    }
    expect(seen).toBe('Punta Cana renamed');
    expect(Date.now() - editedAt).toBeLessThan(1000);
  });

  it('ends an access token on both instances at logout through one', async () => {
    const user = await insertUser(fleet.db);
    const pair = await call(a(), 'POST', '/api/users/token/', {
      ip: '203.0.113.50',
      body: { username: user.email, password: user.password },
    });
    const access = pair.body.access as string;
    const id = JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString()).user_id as number;
    expect((await call(b(), 'GET', `/api/users/user/${id}/`, { ip: '203.0.113.50', token: access })).status).toBe(200);
    const out = await call(a(), 'POST', '/api/users/logout/', {
      ip: '203.0.113.50',
      token: access,
      body: { refresh: pair.body.refresh },
    });
    expect(out.status).toBe(200);
    expect((await call(b(), 'GET', `/api/users/user/${id}/`, { ip: '203.0.113.50', token: access })).status).toBe(401);
  });

  it('sends each lead notice exactly once with both instances running, after the mail server comes back', async () => {
    const tag = Date.now().toString(36);
    const emails = Array.from({ length: 12 }, (_, i) => `notice${i}-${tag}@fleet.example`);
    await insertVerifiedEmails(fleet.db, fleet.databaseUrl, emails);
    fleet.smtp.failing = true;
    for (const [i, email] of emails.entries()) {
      const res = await call(i % 2 ? b() : a(), 'POST', '/api/leads/', {
        ip: `203.0.113.${60 + i}`,
        body: {
          first_name: 'Ana',
          last_name: 'García',
          email,
          phone: '5551234567',
          destination,
          source: 'email_verification',
        },
      });
      expect(res.status).toBe(201);
    }
    await sleep(500);
    fleet.smtp.failing = false;
    const noticesOf = (email: string) =>
      fleet.smtp.mails.filter((m) => m.to.includes('agency@fleet.example') && m.text.includes(email)).length;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && emails.some((e) => noticesOf(e) === 0)) await sleep(250);
    // Give a duplicate every chance to show up.
    await sleep(3000);
    expect(emails.map(noticesOf)).toEqual(emails.map(() => 1));
  });

  it('loses no acknowledged lead when an instance is killed, and the other keeps serving', async () => {
    const tag = Date.now().toString(36);
    const emails = Array.from({ length: 400 }, (_, i) => `killed${i}-${tag}@fleet.example`);
    await insertVerifiedEmails(fleet.db, fleet.databaseUrl, emails);
    const half = emails.length / 2;
    const onA = postLeads(a(), emails.slice(0, half), destination, 6);
    const onB = postLeads(b(), emails.slice(half), destination, 6);
    for (let i = 0; i < 600 && onA.posts.filter((x) => x.status === 201).length < 10; i += 1) await sleep(25);
    a().child.kill('SIGKILL');
    await a().waitExit(10_000);
    const [attemptsA, attemptsB] = await Promise.all([onA.done, onB.done]);
    const acknowledged = [...attemptsA, ...attemptsB].filter((x) => x.status === 201).map((x) => x.email);
    expect(attemptsA.filter((x) => x.status === 201).length).toBeGreaterThanOrEqual(10);
    expect(attemptsB.every((x) => x.status === 201)).toBe(true);
    const stored = await storedLeadEmails(fleet.db, acknowledged);
    expect(acknowledged.filter((e) => !stored.has(e))).toEqual([]);
    expect((await call(b(), 'GET', '/api/health')).status).toBe(200);
  });
});
