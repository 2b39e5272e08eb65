import { Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ConsentRepository } from '../consent/consent.repository';
import { UnitOfWork } from '../database/unit-of-work';
import { MailSuppressionsRepository } from '../mail/mail-suppressions.repository';
import { addressHash, StopLinksService } from '../mail/stop-links.service';
import { UsersRepository } from '../users/users.repository';
import { PersonalDataRepository } from './personal-data.repository';

export const STOP_LINK_MESSAGES = {
  invalid: 'Este enlace para dejar de recibir correos no es válido.',
  done: 'Listo: no volveremos a enviarte correos automáticos a esta dirección.',
} as const;

/**
 * The stop link of the automated mails to leads (its GET shows a page that changes nothing; its
 * POST, the page's button or RFC 8058's one-click, stops): the address's hash joins
 * mail_suppressions (the outbox drops automated mail to it),
 * its marketing consent is withdrawn on its leads and account, and the withdrawal is recorded.
 * Using the link again changes nothing.
 */
@Injectable()
export class StopLinkService {
  constructor(
    private readonly links: StopLinksService,
    private readonly data: PersonalDataRepository,
    private readonly consent: ConsentRepository,
    private readonly suppressions: MailSuppressionsRepository,
    private readonly users: UsersRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** The address hash of a link this server signed; 404 for any other. Reads nothing, writes nothing. */
  check(addressToken: string, signatureToken: string): string {
    const hash = this.links.verify(addressToken, signatureToken);
    if (!hash) throw new NotFoundException({ message: STOP_LINK_MESSAGES.invalid });
    return hash;
  }

  async stop(addressToken: string, signatureToken: string): Promise<void> {
    const hash = this.check(addressToken, signatureToken);
    await this.unitOfWork.run(async (m) => {
      if (await this.suppressions.exists(m, hash)) return;
      await this.suppressions.insert(m, hash, 'stop_link');
      const email = await this.addressOf(m, hash);
      const account = email ? await this.users.findByEmail(email, { id: true }, m) : null;
      if (email) await this.data.withdrawMarketing(m, email);
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
    const candidates = new Set<string>(await this.data.marketingAddresses(m));
    for (const email of candidates) if (addressHash(email) === hash) return email.toLowerCase();
    return null;
  }
}
