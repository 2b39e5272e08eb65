import { Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager, IsNull, Not } from 'typeorm';
import { ConsentRepository } from '../consent/consent.repository';
import { UnitOfWork } from '../database/unit-of-work';
import { LeadEmailVerification } from '../leads/entities/lead-email-verification.entity';
import { Lead } from '../leads/entities/lead.entity';
import { MailSuppression } from '../mail/mail-suppression.entity';
import { addressHash, StopLinksService } from '../mail/stop-links.service';
import { User } from '../users/entities/user.entity';
import { PersonalDataRepository } from './personal-data.repository';

export const STOP_LINK_MESSAGES = {
  invalid: 'Este enlace para dejar de recibir correos no es válido.',
  done: 'Listo: no volveremos a enviarte correos automáticos a esta dirección.',
} as const;

/**
 * The one-click stop link of the automated mails to leads (GET shows a page, POST is RFC 8058's
 * one-click): the address's hash joins mail_suppressions (the outbox drops automated mail to it),
 * its marketing consent is withdrawn on its leads and account, and the withdrawal is recorded.
 * Using the link again changes nothing.
 */
@Injectable()
export class StopLinkService {
  constructor(
    private readonly links: StopLinksService,
    private readonly data: PersonalDataRepository,
    private readonly consent: ConsentRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async stop(addressToken: string, signatureToken: string): Promise<void> {
    const hash = this.links.verify(addressToken, signatureToken);
    if (!hash) throw new NotFoundException({ message: STOP_LINK_MESSAGES.invalid });
    await this.unitOfWork.run(async (m) => {
      const suppressions = m.getRepository(MailSuppression);
      if (await suppressions.exists({ where: { email_hash: hash } })) return;
      await suppressions.insert({ email_hash: hash, source: 'stop_link' });
      const email = await this.addressOf(m, hash);
      const account = email ? await m.getRepository(User).findOne({ where: { email }, select: { id: true } }) : null;
      if (email) {
        await m
          .getRepository(Lead)
          .update({ email, marketing_opt_in_at: Not(IsNull()) }, { marketing_opt_in_at: null });
        await m
          .getRepository(User)
          .update({ email, marketing_opt_in_at: Not(IsNull()) }, { marketing_opt_in_at: null });
      }
      // The link names the address by its hash only: when no row holds the address any more, the
      // record names it the same way.
      await this.consent.record(m, {
        email: email ?? `sha256:${hash}`,
        user_id: account?.id ?? null,
        granted: false,
        source: 'stop_link',
      });
    });
  }

  /**
   * The address behind a hash, among those that could receive mail from us and hold a consent:
   * leads and accounts that opted in, and addresses that asked for a lead code. Null: none left.
   */
  private async addressOf(m: EntityManager, hash: string): Promise<string | null> {
    const optedIn = { marketing_opt_in_at: Not(IsNull()) };
    const candidates = new Set<string>([
      ...(await m.getRepository(Lead).find({ where: optedIn, select: { email: true } })).map((r) => r.email),
      ...(await m.getRepository(User).find({ where: optedIn, select: { email: true } })).map((r) => r.email),
      ...(await m.getRepository(LeadEmailVerification).find({ select: { email: true } })).map((r) => r.email),
    ]);
    for (const email of candidates) if (addressHash(email) === hash) return email.toLowerCase();
    return null;
  }
}
