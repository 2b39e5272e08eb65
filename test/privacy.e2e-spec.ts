import { ConsentRecord } from '../src/consent/entities/consent-record.entity';
import { ContactMessage } from '../src/contact/entities/contact-message.entity';
import { LeadEvent } from '../src/leads/entities/lead-event.entity';
import { Lead } from '../src/leads/entities/lead.entity';
import { MailSuppression } from '../src/mail/mail-suppression.entity';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { OutboxService } from '../src/mail/outbox.service';
import { addressHash } from '../src/mail/stop-links.service';
import { RetentionService } from '../src/privacy/retention.service';
import { PRIVACY_MESSAGES } from '../shared/api/privacy';
import { User } from '../src/users/entities/user.entity';
import { login } from './support/account-helpers';
import { bearer, seedDestination, seedLead } from './support/admin-fixtures';
import { codeOf, seedVerified, uniqueEmail, validLead } from './support/leads';
import { startSmtp, TestSmtp } from './support/smtp';
import { bootTestApp, createUser, TestApp } from './support/test-app';

/**
 * Issue #30, the person's side: marketing consent on the lead form and the profile, the data
 * export, account deletion, the retention job and the stop link of the mails to leads.
 */
describe('privacy: consent, export, account deletion, retention, stop link', () => {
  // Password hashing and logins are slow on a busy machine.
  jest.setTimeout(90_000);
  let t: TestApp;
  let smtp: TestSmtp;
  let destinationId: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url });
    destinationId = (await seedDestination(t, { name: 'Punta Cana' })).id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const leads = () => t.dataSource.getRepository(Lead);
  const consents = () => t.dataSource.getRepository(ConsentRecord);
  const contactMessage = (email: string, values: Partial<ContactMessage> = {}) =>
    t.dataSource.getRepository(ContactMessage).save(
      t.dataSource.getRepository(ContactMessage).create({
        first_name: 'Ana',
        last_name: 'García',
        email,
        phone: '5551234567',
        message: `Hola, soy ${email}`,
        ...values,
      }),
    );
  const monthsAgo = (months: number) => {
    const d = new Date();
    d.setUTCMonth(d.getUTCMonth() - months);
    return d;
  };

  describe('marketing consent', () => {
    it('the lead form stores the optional opt-in with its time and a consent record; unticked stores neither', async () => {
      const yes = uniqueEmail('optin');
      const no = uniqueEmail('optout');
      await seedVerified(t, [yes, no]);
      const a = await t
        .http()
        .post('/api/leads/')
        .send(validLead(destinationId, yes, { marketing_opt_in: true }));
      expect(a.status).toBe(201);
      // The answer keeps the spec's shape.
      expect(a.body).not.toHaveProperty('marketing_opt_in');
      const b = await t.http().post('/api/leads/').send(validLead(destinationId, no));
      expect(b.status).toBe(201);

      expect((await leads().findOneByOrFail({ id: a.body.id })).marketing_opt_in_at).toBeInstanceOf(Date);
      expect((await leads().findOneByOrFail({ id: b.body.id })).marketing_opt_in_at).toBeNull();
      expect(await consents().find({ where: { email: yes } })).toEqual([
        expect.objectContaining({ granted: true, source: 'lead_form', purpose: 'marketing' }),
      ]);
      expect(await consents().count({ where: { email: no } })).toBe(0);
    });

    it('refuses an opt-in that is not true or false', async () => {
      const email = uniqueEmail('badopt');
      await seedVerified(t, [email]);
      const res = await t
        .http()
        .post('/api/leads/')
        .send(validLead(destinationId, email, { marketing_opt_in: 'sí' }));
      expect(res.status).toBe(400);
      expect(await leads().count({ where: { email } })).toBe(0);
    });

    it('the profile shows the opt-in and changes it, recording each change', async () => {
      const owner = await createUser(t);
      const profile = () => t.http().get(`/api/users/user/${owner.user.id}/`).set(bearer(owner.token));
      const put = (body: Record<string, unknown>) =>
        t
          .http()
          .put(`/api/users/user/${owner.user.id}/`)
          .set(bearer(owner.token))
          .send({ first_name: 'Ana', last_name: 'García', ...body });

      expect((await profile()).body.marketing_opt_in).toBe(false);
      const on = await put({ marketing_opt_in: true });
      expect(on.status).toBe(200);
      expect(on.body.marketing_opt_in).toBe(true);
      expect((await profile()).body.marketing_opt_in).toBe(true);
      const stored = await t.dataSource.getRepository(User).findOneByOrFail({ id: owner.user.id });
      expect(stored.marketing_opt_in_at).toBeInstanceOf(Date);
      // Unchanged, or not sent: nothing recorded.
      expect((await put({ marketing_opt_in: true })).status).toBe(200);
      expect((await put({})).body.marketing_opt_in).toBe(true);
      const off = await put({ marketing_opt_in: false });
      expect(off.body.marketing_opt_in).toBe(false);
      expect(
        (await t.dataSource.getRepository(User).findOneByOrFail({ id: owner.user.id })).marketing_opt_in_at,
      ).toBeNull();
      const records = await consents().find({ where: { user_id: owner.user.id }, order: { id: 'ASC' } });
      expect(records.map((r) => [!!r.granted, r.source])).toEqual([
        [true, 'account_settings'],
        [false, 'account_settings'],
      ]);
      expect((await put({ marketing_opt_in: 'no' })).status).toBe(400);
    });
  });

  describe('GET /api/users/user/{id}/export/', () => {
    it("holds exactly the owner's data: profile, leads with history, contact messages, consents", async () => {
      const owner = await createUser(t, { email: uniqueEmail('owner') });
      const stranger = await createUser(t, { email: uniqueEmail('stranger') });
      const email = owner.user.email;
      // A lead linked to the account with another address, one sent with the address, one of someone else.
      const linked = await seedLead(t, destinationId, { email: uniqueEmail('other-address'), user_id: owner.user.id });
      const byEmail = await seedLead(t, destinationId, { email, status: 'contacted', notes: 'Llamar por la tarde' });
      await t.dataSource
        .getRepository(LeadEvent)
        .insert({ lead_id: byEmail.id, kind: 'status', from_value: 'new', to_value: 'contacted', actor_id: null });
      const foreign = await seedLead(t, destinationId, { email: stranger.user.email });
      const message = await contactMessage(email);
      await contactMessage(stranger.user.email);
      await consents().insert({ email, user_id: owner.user.id, granted: true, source: 'account_settings' });
      await consents().insert({
        email: stranger.user.email,
        user_id: stranger.user.id,
        granted: true,
        source: 'lead_form',
      });

      const res = await t.http().get(`/api/users/user/${owner.user.id}/export/`).set(bearer(owner.token));
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="mis-datos.json"');
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const body = res.body;
      expect(Object.keys(body).sort()).toEqual([
        'consent_records',
        'contact_messages',
        'exported_at',
        'leads',
        'profile',
      ]);
      expect(body.profile).toMatchObject({ id: owner.user.id, email, marketing_opt_in: false });
      expect(body.leads.map((l: { id: number }) => l.id).sort()).toEqual([linked.id, byEmail.id].sort());
      const exported = body.leads.find((l: { id: number }) => l.id === byEmail.id);
      expect(exported).toMatchObject({
        email,
        status: 'contacted',
        notes: 'Llamar por la tarde',
        destination: { id: destinationId, name: 'Punta Cana' },
      });
      expect(exported.history).toEqual([
        expect.objectContaining({ kind: 'status', from_value: 'new', to_value: 'contacted' }),
      ]);
      expect(body.contact_messages.map((c: { id: number }) => c.id)).toEqual([message.id]);
      expect(body.consent_records).toEqual([
        expect.objectContaining({ email, granted: true, source: 'account_settings' }),
      ]);
      const text = JSON.stringify(body);
      expect(text).not.toMatch(/password|\$argon2|token_hash/);
      expect(text).not.toContain(stranger.user.email);
      expect(text).not.toContain(`"id":${foreign.id},`);
    });

    it('leaves out what was sent with the address before it was verified, until those leads are claimed', async () => {
      const owner = await createUser(t, { email: uniqueEmail('unclaimed') });
      const email = owner.user.email;
      const users = t.dataSource.getRepository(User);
      await users.update({ id: owner.user.id }, { earlier_leads_claimed_at: null, email_verified_at: new Date() });
      const before = await seedLead(t, destinationId, { email });
      await leads().update({ id: before.id }, { created_at: new Date(Date.now() - 2 * 3600_000) });
      const oldMessage = await contactMessage(email);
      await t.dataSource
        .getRepository(ContactMessage)
        .update({ id: oldMessage.id }, { created_at: new Date(Date.now() - 2 * 3600_000) });
      const after = await seedLead(t, destinationId, { email });
      const exported = async () =>
        (await t.http().get(`/api/users/user/${owner.user.id}/export/`).set(bearer(owner.token))).body;

      expect((await exported()).leads.map((l: { id: number }) => l.id)).toEqual([after.id]);
      expect((await exported()).contact_messages).toEqual([]);
      await users.update({ id: owner.user.id }, { earlier_leads_claimed_at: new Date() });
      expect((await exported()).leads.map((l: { id: number }) => l.id)).toEqual([before.id, after.id]);
      expect((await exported()).contact_messages.map((c: { id: number }) => c.id)).toEqual([oldMessage.id]);
    });

    it('is the owner’s only: 403 for another user and for an admin, 401 anonymous', async () => {
      const owner = await createUser(t);
      const other = await createUser(t);
      const admin = await createUser(t, { admin: true });
      const path = `/api/users/user/${owner.user.id}/export/`;
      expect((await t.http().get(path).set(bearer(other.token))).status).toBe(403);
      const asAdmin = await t.http().get(path).set(bearer(admin.token));
      expect(asAdmin.status).toBe(403);
      expect(asAdmin.body.message).toBe(PRIVACY_MESSAGES.forbidden);
      expect((await t.http().get(path)).status).toBe(401);
      expect((await t.http().get(`/api/users/user/${owner.user.id}/export`).set(bearer(owner.token))).status).toBe(200);
    });
  });

  describe('DELETE /api/users/user/{id}/', () => {
    it('refuses a missing or wrong password (400, in Spanish), another user (403) and anonymous callers (401)', async () => {
      const owner = await createUser(t);
      const other = await createUser(t);
      const path = `/api/users/user/${owner.user.id}/`;
      const wrong = await t.http().delete(path).set(bearer(owner.token)).send({ password: 'no-es-esta' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(PRIVACY_MESSAGES.passwordWrong);
      expect(wrong.body.errors).toEqual({ password: PRIVACY_MESSAGES.passwordWrong });
      const missing = await t.http().delete(path).set(bearer(owner.token)).send({});
      expect(missing.status).toBe(400);
      expect(JSON.stringify(missing.body)).toContain(PRIVACY_MESSAGES.passwordRequired);
      expect((await t.http().delete(path).set(bearer(other.token)).send({ password: other.password })).status).toBe(
        403,
      );
      expect((await t.http().delete(path).send({ password: owner.password })).status).toBe(401);
      expect(await t.dataSource.getRepository(User).exists({ where: { id: owner.user.id } })).toBe(true);
    });

    it('removes the account, ends its sessions at once, blocks login and anonymises its leads and messages', async () => {
      const owner = await createUser(t, { email: uniqueEmail('leaving') });
      const email = owner.user.email;
      const pair = (await login(t, email, owner.password)).body as { access: string; refresh: string };
      expect(pair.access).toEqual(expect.any(String));
      const lead = await seedLead(t, destinationId, {
        email,
        first_name: 'Lucía',
        last_name: 'Pérez',
        phone: '5550001111',
        notes: 'Quiere viajar en agosto',
        status: 'qualified',
        date: '2031-08-01',
        marketing_opt_in_at: new Date(),
      });
      const message = await contactMessage(email);
      const keptLead = await seedLead(t, destinationId, { email: uniqueEmail('bystander') });
      await consents().insert({ email, user_id: owner.user.id, granted: true, source: 'account_settings' });
      await t.dataSource.getRepository(OutboxMail).insert({
        kind: 'test-mail',
        label: 'A queued mail',
        to_address: email,
        subject: 'Hola',
        body_text: 'Hola',
        body_html: '<p>Hola</p>',
        next_attempt_at: new Date(Date.now() + 3600_000),
        discard_after: new Date(Date.now() + 7200_000),
      });

      const res = await t
        .http()
        .delete(`/api/users/user/${owner.user.id}/`)
        .set(bearer(pair.access))
        .send({ password: owner.password });
      expect(res.status).toBe(204);

      // Sessions end at once: the refresh token and the access token are refused, and so is a login.
      expect((await t.http().post('/api/users/token/refresh/').send({ refresh: pair.refresh })).status).toBe(401);
      expect((await t.http().get(`/api/users/user/${owner.user.id}/`).set(bearer(pair.access))).status).toBe(401);
      // The answer of an unknown address, which is that of a wrong password (no enumeration).
      const again = await login(t, email, owner.password);
      expect(again.status).toBe(401);
      expect(again.body).not.toHaveProperty('access');
      expect(await t.dataSource.getRepository(User).exists({ where: { id: owner.user.id } })).toBe(false);

      const anonymous = await leads().findOneByOrFail({ id: lead.id });
      expect(anonymous).toMatchObject({
        first_name: 'Anónimo',
        last_name: '',
        email: `anonimo-${lead.id}@anonimizado.invalid`,
        phone: '',
        notes: null,
        marketing_opt_in_at: null,
        // Kept for statistics.
        destination_id: destinationId,
        status: 'qualified',
        date: '2031-08-01',
      });
      expect(anonymous.anonymised_at).toBeInstanceOf(Date);
      expect(anonymous.created_at.getTime()).toBe(lead.created_at.getTime());
      const anonymousMessage = await t.dataSource.getRepository(ContactMessage).findOneByOrFail({ id: message.id });
      expect(anonymousMessage).toMatchObject({
        first_name: 'Anónimo',
        email: `anonimo-${message.id}@anonimizado.invalid`,
        phone: null,
      });
      expect(anonymousMessage.message).not.toContain(email);
      expect(await consents().count({ where: { email } })).toBe(0);
      expect(await t.dataSource.getRepository(OutboxMail).count({ where: { to_address: email } })).toBe(0);
      // Nobody else's data moved.
      expect((await leads().findOneByOrFail({ id: keptLead.id })).email).toBe(keptLead.email);
    });

    it('keeps the only admin', async () => {
      const admins = await t.dataSource.getRepository(User).find({ where: { is_superuser: true } });
      await t.dataSource.getRepository(User).update(
        admins.map((a) => a.id),
        { is_active: false },
      );
      const admin = await createUser(t, { admin: true });
      const res = await t
        .http()
        .delete(`/api/users/user/${admin.user.id}/`)
        .set(bearer(admin.token))
        .send({ password: admin.password });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(PRIVACY_MESSAGES.lastAdmin);
      if (admins.length)
        await t.dataSource.getRepository(User).update(
          admins.map((a) => a.id),
          { is_active: true },
        );
    });
  });

  describe('retention', () => {
    it('anonymises leads and contact messages past RETENTION_MONTHS and removes accounts never verified after 30 days', async () => {
      const old = await seedLead(t, destinationId, { email: uniqueEmail('old'), status: 'booked' });
      const recent = await seedLead(t, destinationId, { email: uniqueEmail('recent') });
      await leads().update({ id: old.id }, { created_at: monthsAgo(25) });
      await leads().update({ id: recent.id }, { created_at: monthsAgo(23) });
      const oldMessage = await contactMessage(uniqueEmail('oldmsg'));
      const recentMessage = await contactMessage(uniqueEmail('recentmsg'));
      await t.dataSource.getRepository(ContactMessage).update({ id: oldMessage.id }, { created_at: monthsAgo(25) });
      await t.dataSource.getRepository(ContactMessage).update({ id: recentMessage.id }, { created_at: monthsAgo(23) });
      const users = t.dataSource.getRepository(User);
      const stale = await createUser(t, { active: false });
      const fresh = await createUser(t, { active: false });
      const staleAgent = await createUser(t, { active: false, agent: true });
      const verifiedLongAgo = await createUser(t);
      const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600_000);
      await users.update({ id: stale.user.id }, { date_joined: daysAgo(31) });
      await users.update({ id: fresh.user.id }, { date_joined: daysAgo(29) });
      await users.update({ id: staleAgent.user.id }, { date_joined: daysAgo(31) });
      await users.update({ id: verifiedLongAgo.user.id }, { date_joined: daysAgo(400) });

      const done = await t.app.get(RetentionService).run();
      expect(done.leads).toBeGreaterThanOrEqual(1);

      const oldAfter = await leads().findOneByOrFail({ id: old.id });
      expect(oldAfter).toMatchObject({
        first_name: 'Anónimo',
        email: `anonimo-${old.id}@anonimizado.invalid`,
        status: 'booked',
      });
      expect(oldAfter.anonymised_at).toBeInstanceOf(Date);
      const recentAfter = await leads().findOneByOrFail({ id: recent.id });
      expect(recentAfter).toMatchObject({ email: recent.email, first_name: recent.first_name, anonymised_at: null });
      const messages = t.dataSource.getRepository(ContactMessage);
      expect((await messages.findOneByOrFail({ id: oldMessage.id })).first_name).toBe('Anónimo');
      expect((await messages.findOneByOrFail({ id: recentMessage.id })).email).toBe(recentMessage.email);
      expect(await users.exists({ where: { id: stale.user.id } })).toBe(false);
      expect(await users.exists({ where: { id: fresh.user.id } })).toBe(true);
      expect(await users.exists({ where: { id: staleAgent.user.id } })).toBe(true);
      expect(await users.exists({ where: { id: verifiedLongAgo.user.id } })).toBe(true);

      // A second run finds nothing more to do.
      expect(await t.app.get(RetentionService).run()).toEqual({ leads: 0, contact_messages: 0, accounts: 0 });
    });
  });

  describe('stop link', () => {
    let visitor: string;
    let link: string;

    it('the code mail carries the link (HTML) and the one-click List-Unsubscribe headers; the code stays the only 4-digit number', async () => {
      visitor = uniqueEmail('stopper');
      const sent = await t.http().post('/api/destination-lead/send-email-verification/').send({ email: visitor });
      expect(sent.status).toBe(200);
      const mail = await smtp.waitFor(visitor, (m) => /código/i.test(m.subject));
      expect(codeOf(mail)).toMatch(/^\d{4}$/);
      expect(mail.headers!['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      const header = mail.headers!['list-unsubscribe'];
      expect(header).toMatch(/^<http:\/\/localhost:3000\/api\/mail\/stop\/[a-p]{64}\/[a-p]{64}>$/);
      link = header.slice(1, -1);
      expect(mail.html).toContain(`href="${link}"`);
      // The link names the address only by its hash.
      expect(link).not.toContain(visitor);
      // PUBLIC_URL here holds a 4-digit port: the text names the link instead of printing it.
      expect(mail.text).toContain('Dejar de recibir correos');
    });

    it('GET shows a page with a button and records nothing; its POST records the stop: suppression, a withdrawn consent, the opt-in cleared', async () => {
      // The visitor had sent a lead asking for offers.
      const lead = await seedLead(t, destinationId, { email: visitor, marketing_opt_in_at: new Date() });
      const path = new URL(link).pathname;
      const page = await t.http().get(path).set('Accept', 'text/html');
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.text).toContain('<form method="post">');
      expect(
        await t.dataSource.getRepository(MailSuppression).exists({ where: { email_hash: addressHash(visitor) } }),
      ).toBe(false);
      expect(await consents().count({ where: { email: visitor } })).toBe(0);
      const done = await t
        .http()
        .post(path)
        .set('Accept', 'text/html')
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send('List-Unsubscribe=One-Click');
      expect(done.status).toBe(200);
      expect(done.text).toContain('no volveremos a enviarte correos automáticos');
      expect(
        await t.dataSource.getRepository(MailSuppression).findOneBy({ email_hash: addressHash(visitor) }),
      ).toMatchObject({ source: 'stop_link' });
      expect(await consents().find({ where: { email: visitor } })).toEqual([
        expect.objectContaining({ granted: false, source: 'stop_link' }),
      ]);
      expect((await leads().findOneByOrFail({ id: lead.id })).marketing_opt_in_at).toBeNull();
      // Once is enough: the same link again changes nothing.
      expect((await t.http().post(path).send({})).status).toBe(200);
      expect(await consents().count({ where: { email: visitor } })).toBe(1);
    });

    it('POST (one-click, form-encoded) answers 200; a link not signed by the server is refused', async () => {
      const other = uniqueEmail('oneclick');
      await t.http().post('/api/destination-lead/send-email-verification/').send({ email: other });
      const mail = await smtp.waitFor(other, (m) => /código/i.test(m.subject));
      const path = new URL(mail.headers!['list-unsubscribe'].slice(1, -1)).pathname;
      const res = await t
        .http()
        .post(path)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send('List-Unsubscribe=One-Click');
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(
        await t.dataSource.getRepository(MailSuppression).exists({ where: { email_hash: addressHash(other) } }),
      ).toBe(true);
      const [, , , , address, signature] = path.split('/');
      const forged = signature.slice(0, -1) + (signature.endsWith('a') ? 'b' : 'a');
      expect((await t.http().get(`/api/mail/stop/${address}/${forged}`)).status).toBe(404);
      expect((await t.http().post(`/api/mail/stop/${address}/${forged}`).send({})).status).toBe(404);
      expect((await t.http().get(`/api/mail/stop/${address}/not-a-token`)).status).toBe(404);
    });

    it('drops automated mail to a stopped address, but still sends the code the visitor asks for', async () => {
      const outbox = t.app.get(OutboxService);
      const queue = (to: string) =>
        t.dataSource.transaction((m) =>
          outbox.enqueue(
            m,
            { to, subject: 'Ofertas de verano', text: 'Ofertas', html: '<p>Ofertas</p>' },
            { kind: 'test-automated', label: 'Automated test mail', usefulForMs: 60_000, automated: true },
          ),
        );
      const allowed = uniqueEmail('allowed');
      await queue(visitor);
      await queue(allowed);
      const rows = t.dataSource.getRepository(OutboxMail);
      expect(await rows.count({ where: { kind: 'test-automated', to_address: visitor } })).toBe(0);
      expect(await rows.count({ where: { kind: 'test-automated', to_address: allowed } })).toBe(1);

      smtp.clear();
      // Past the 30 s between codes of one address.
      await t.dataSource.query('DELETE FROM lead_email_verifications WHERE email = ?', [visitor]);
      const sent = await t.http().post('/api/destination-lead/send-email-verification/').send({ email: visitor });
      expect(sent.status).toBe(200);
      const mail = await smtp.waitFor(visitor, (m) => /código/i.test(m.subject));
      expect(codeOf(mail)).toMatch(/^\d{4}$/);
    });
  });
});
