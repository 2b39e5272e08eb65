import { EmailTemplate } from '../src/admin/desk/email-template.entity';
import { FollowUpsService } from '../src/admin/desk/follow-ups.service';
import { ConsentRecord } from '../src/consent/entities/consent-record.entity';
import { Lead } from '../src/leads/entities/lead.entity';
import { MailSuppression } from '../src/mail/mail-suppression.entity';
import { addressHash } from '../src/mail/stop-links.service';
import { seedDestination, seedLead } from './support/admin-fixtures';
import { startSmtp, TestSmtp } from './support/smtp';
import { bootTestApp, TestApp } from './support/test-app';

const DAY_MS = 86_400_000;

/**
 * The stop link of the automated mails: a mail scanner (or a link preview) that fetches it must not
 * withdraw anyone's consent. Its GET shows a page with a button and changes nothing; only a POST
 * stops the mail, the page's button or RFC 8058's one-click from the mail provider, whose headers
 * (List-Unsubscribe, List-Unsubscribe-Post) the follow-up mails carry.
 */
describe('probe 4: the stop link acts on POST only', () => {
  jest.setTimeout(60_000);
  let t: TestApp;
  let smtp: TestSmtp;
  let destinationId: number;
  let followUps: FollowUpsService;

  const stopped = (email: string) =>
    t.dataSource.getRepository(MailSuppression).exists({ where: { email_hash: addressHash(email) } });
  const consents = (email: string) => t.dataSource.getRepository(ConsentRecord).find({ where: { email } });
  const optIn = async (id: number) =>
    (await t.dataSource.getRepository(Lead).findOneByOrFail({ id })).marketing_opt_in_at;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await bootTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://viajes.example' });
    destinationId = (await seedDestination(t, { name: 'Cancún' })).id;
    const templates = t.dataSource.getRepository(EmailTemplate);
    await templates.save([
      templates.create({ name: 'Paso 0', subject: 'Hola {{nombre}}', body: 'Tu viaje', sequence_day: 0 }),
      templates.create({ name: 'Paso 2', subject: 'Otra vez {{nombre}}', body: 'Seguimos aquí', sequence_day: 2 }),
    ]);
    followUps = t.app.get(FollowUpsService);
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** A lead who asked for offers, and the first follow-up mail it got, with its stop link. */
  async function leadWithFollowUp(name: string) {
    const email = `${name.toLowerCase()}-${Date.now()}@example.com`;
    const lead = await seedLead(t, destinationId, { first_name: name, email, marketing_opt_in_at: new Date() });
    const now = new Date(new Date(lead.created_at).getTime() + 60_000);
    await followUps.sendDue(now);
    const mail = await smtp.waitFor(email, (m) => m.subject === `Hola ${name}`);
    return { email, lead, mail, now };
  }

  it('follow-up mails carry the one-click headers (RFC 8058), whose link is the one in the body', async () => {
    const { mail } = await leadWithFollowUp('Cabeceras');
    expect(mail.headers?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const header = mail.headers?.['list-unsubscribe'] ?? '';
    expect(header).toMatch(/^<https:\/\/viajes\.example\/api\/mail\/stop\/[a-p]{64}\/[a-p]{64}>$/);
    expect(mail.html).toContain(`href="${header.slice(1, -1)}"`);
    expect(mail.text).toContain(header.slice(1, -1));
  });

  it('GET (a scanner, a preview, the person) shows a page with a button and changes nothing', async () => {
    const { email, lead, mail, now } = await leadWithFollowUp('Escaner');
    const path = new URL(mail.headers!['list-unsubscribe'].slice(1, -1)).pathname;

    // A scanner asks for anything; a browser for HTML; with or without a trailing slash, twice.
    for (const [accept, url] of [
      ['*/*', path],
      ['text/html,application/xhtml+xml', path],
      ['text/html', `${path}/`],
    ]) {
      const page = await t.http().get(url).set('Accept', accept);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.text).toMatch(/<html lang="es">/);
      expect(page.text).toMatch(/<form method="post">/);
      expect(page.text).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
      expect(page.text).toMatch(/<button type="submit">Dejar de recibir correos<\/button>/);
      expect(page.text).not.toContain('no volveremos a enviarte correos automáticos a esta dirección');
    }
    expect((await t.http().head(path)).status).toBe(200);

    expect(await stopped(email)).toBe(false);
    expect(await consents(email)).toEqual([]);
    expect(await optIn(lead.id)).not.toBeNull();
    // The next follow-up still goes.
    await followUps.sendDue(new Date(now.getTime() + 2 * DAY_MS));
    await smtp.waitFor(email, (m) => m.subject === 'Otra vez Escaner');
  });

  it('the one-click POST (form-encoded, no cookie, no CSRF token) withdraws; the next follow-up is not sent', async () => {
    const { email, lead, mail, now } = await leadWithFollowUp('Unclic');
    const path = new URL(mail.headers!['list-unsubscribe'].slice(1, -1)).pathname;
    const res = await t
      .http()
      .post(path)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: expect.stringMatching(/no volveremos a enviarte correos/) });

    expect(await stopped(email)).toBe(true);
    expect(await consents(email)).toEqual([expect.objectContaining({ granted: false, source: 'stop_link' })]);
    expect(await optIn(lead.id)).toBeNull();
    await followUps.sendDue(new Date(now.getTime() + 2 * DAY_MS));
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.mails.filter((m) => m.to.includes(email)).map((m) => m.subject)).toEqual(['Hola Unclic']);
  });

  it("the page's button (a browser's form POST) withdraws and answers the confirmation page", async () => {
    const { email, mail } = await leadWithFollowUp('Boton');
    const path = new URL(mail.headers!['list-unsubscribe'].slice(1, -1)).pathname;
    const res = await t
      .http()
      .post(path)
      .set('Accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('no volveremos a enviarte correos automáticos a esta dirección');
    expect(await stopped(email)).toBe(true);
    // Sent again, it changes nothing more.
    expect((await t.http().post(path).set('Content-Type', 'application/x-www-form-urlencoded').send('')).status).toBe(
      200,
    );
    expect(await consents(email)).toHaveLength(1);
  });

  it('a link this server did not sign is a 404 on GET and POST', async () => {
    const { mail } = await leadWithFollowUp('Falso');
    const path = new URL(mail.headers!['list-unsubscribe'].slice(1, -1)).pathname;
    const forged = `${path.slice(0, -1)}${path.endsWith('b') ? 'c' : 'b'}`;
    expect((await t.http().get(forged).set('Accept', 'text/html')).status).toBe(404);
    expect(
      (
        await t
          .http()
          .post(forged)
          .set('Content-Type', 'application/x-www-form-urlencoded')
          .send('List-Unsubscribe=One-Click')
      ).status,
    ).toBe(404);
  });
});
