import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { AuditContext } from '../audit/audit-context';
import { AuthUser } from '../common/decorators/auth-user';
import { ConsentRepository } from '../consent/consent.repository';
import { UnitOfWork } from '../database/unit-of-work';
import { MailSuppressionsRepository } from '../mail/mail-suppressions.repository';
import { addressHash } from '../mail/stop-links.service';
import { ACCOUNT_MESSAGES } from '../../shared/rules/account';
import type { EraseResult, PersonalDataExport } from '../../shared/api/privacy';
import { PRIVACY_MESSAGES } from '../../shared/api/privacy';
import { Lead } from '../leads/entities/lead.entity';
import { User } from '../users/entities/user.entity';
import { verifyPassword } from '../users/passwords';
import { TokenRevocationService } from '../users/token-revocation.service';
import { toUserProfile } from '../users/user-profile';
import { UsersRepository } from '../users/users.repository';
import { ErasureService } from './erasure.service';
import { PersonalDataRepository, Person } from './personal-data.repository';
import { AppConfig } from '../config/app-config';

const iso = (d: Date | string | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

/** History entries that only point at another person's lead (the desk's related links): not the person's data. */
const LINKS_TO_OTHERS: ReadonlySet<string> = new Set(['related']);

/** A lead of the export is the person's by its account or its own address, whatever is attached to it. */
const isOwnLead = (lead: Pick<Lead, 'user_id' | 'email'>, person: Person): boolean =>
  (person.userId !== null && lead.user_id === person.userId) ||
  (person.since !== undefined && lead.email.trim().toLowerCase() === person.email);

/**
 * The person's rights over their data (GDPR arts. 15, 17, 20): download it, delete the account,
 * and an admin's erasure of everything that carries an address. Deletion and erasure anonymise
 * leads and contact messages (names, e-mail, phone, notes replaced; destination, dates and status
 * kept for statistics) and remove the rest, in one transaction.
 */
@Injectable()
export class PrivacyService {
  constructor(
    private readonly data: PersonalDataRepository,
    private readonly consent: ConsentRepository,
    private readonly users: UsersRepository,
    private readonly suppressions: MailSuppressionsRepository,
    private readonly audit: AuditService,
    private readonly accessTokens: TokenRevocationService,
    private readonly unitOfWork: UnitOfWork,
    private readonly config: AppConfig,
    private readonly erasure: ErasureService,
  ) {}

  /**
   * GET /users/user/{id}/export/: the owner's profile, leads (with history), contact messages and
   * consents — the person's own only: leads of the account or sent with its address (never one
   * merely linked or merged in under another identity), without the links to other people's
   * leads; the desk's notes about them as EXPORT_DESK_NOTES says (default: included).
   */
  async export(id: number, caller: AuthUser): Promise<PersonalDataExport> {
    if (id !== caller.id) throw new ForbiddenException(PRIVACY_MESSAGES.forbidden);
    const m = this.data.manager;
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundException(ACCOUNT_MESSAGES.userNotFound);
    const person = PersonalDataRepository.personOf(user);
    const [leads, messages, consents] = await Promise.all([
      this.data
        .leadIdsOf(m, person)
        .then((ids) => this.data.leadsWithHistory(ids, { notes: this.config.exportDeskNotes })),
      this.data.contactMessageIdsOf(m, person).then((ids) => this.data.contactMessages(ids)),
      this.consent.listFor([person.email], id),
    ]);
    return {
      exported_at: new Date().toISOString(),
      profile: {
        ...toUserProfile(user),
        marketing_opt_in: !!user.marketing_opt_in_at,
        marketing_opt_in_at: iso(user.marketing_opt_in_at),
        email_verified_at: iso(user.email_verified_at),
        last_login: iso(user.last_login),
      },
      leads: leads
        .filter(({ lead }) => isOwnLead(lead, person))
        .map(({ lead, events, notes }) => ({
          id: lead.id,
          created_at: iso(lead.created_at)!,
          first_name: lead.first_name,
          last_name: lead.last_name,
          email: lead.email,
          phone: lead.phone,
          date: lead.date ?? null,
          hour: lead.hour ?? null,
          status: lead.status,
          source: lead.source,
          destination: { id: lead.destination_id, name: lead.destination?.name ?? '' },
          travel_pack: lead.travel_pack ? { id: lead.travel_pack.id, name: lead.travel_pack.name } : null,
          notes: lead.notes,
          marketing_opt_in_at: iso(lead.marketing_opt_in_at),
          history: events
            .filter((e) => !LINKS_TO_OTHERS.has(e.kind))
            .map((e) => ({
              kind: e.kind,
              from_value: e.from_value,
              to_value: e.to_value,
              created_at: iso(e.created_at)!,
            })),
          ...(this.config.exportDeskNotes
            ? { desk_notes: notes.map((n) => ({ text: n.text, created_at: iso(n.created_at)! })) }
            : {}),
        })),
      contact_messages: messages.map((c) => ({
        id: c.id,
        created_at: iso(c.created_at)!,
        first_name: c.first_name,
        last_name: c.last_name,
        email: c.email,
        phone: c.phone,
        message: c.message,
      })),
      consent_records: consents.map((c) => ({
        id: c.id,
        created_at: iso(c.created_at)!,
        email: c.email,
        purpose: c.purpose,
        granted: !!c.granted,
        source: c.source,
      })),
    };
  }

  /**
   * DELETE /users/user/{id}/ with the password: in one transaction the account goes (sessions,
   * links) and the person is forgotten as an erasure forgets them (ErasureService: leads and contact
   * messages anonymised, audit entries scrubbed, mail, codes and consents removed); then every
   * access token of the account is denied at once, and the outbox files and the WAL follow.
   */
  async deleteAccount(id: number, caller: AuthUser, password: string): Promise<void> {
    if (id !== caller.id) throw new ForbiddenException(PRIVACY_MESSAGES.forbidden);
    const found = await this.users.findById(id, { id: true, password_hash: true });
    if (!found) throw new NotFoundException(ACCOUNT_MESSAGES.userNotFound);
    // The password is checked before the transaction: hashing holds no lock and no write turn.
    if (!(await verifyPassword(found.password_hash, password))) {
      const message = PRIVACY_MESSAGES.passwordWrong;
      throw new BadRequestException({ message, errors: { password: message } });
    }
    const forgotten = await this.unitOfWork.run(async (m) => {
      const user = await this.users.findById(
        id,
        { id: true, email: true, is_superuser: true, email_verified_at: true, earlier_leads_claimed_at: true },
        m,
      );
      if (!user) throw new NotFoundException(ACCOUNT_MESSAGES.userNotFound);
      await this.refuseLastAdmin(m, user);
      return this.erasure.forget(m, PersonalDataRepository.personOf(user));
    });
    await this.accessTokens.revokeUser(id);
    await this.erasure.afterCommit(forgotten.afterCommit);
  }

  /**
   * POST /admin/privacy/erase: every record that carries the address — the account, leads,
   * contact messages, lead codes and e-mail verifications, queued and kept e-mails (and their
   * outbox files), consent records — is removed or anonymised, the audit log and the desk's history
   * and tasks are scrubbed of the person (ErasureService), and the erasure itself is logged (with
   * its counts, never the address). Future automated mail to it stays stopped.
   */
  async erase(rawEmail: string, actor: AuthUser, ctx: AuditContext): Promise<EraseResult> {
    const email = rawEmail.trim().toLowerCase();
    const { result, userId, afterCommit } = await this.unitOfWork.run(async (m) => {
      const user = await this.users.findByEmail(email, { id: true, email: true, is_superuser: true }, m);
      if (user && user.id === actor.id) throw new ConflictException({ message: PRIVACY_MESSAGES.eraseSelf });
      if (user) await this.refuseLastAdmin(m, user);
      // Everything sent with the address, whenever, and everything of the account.
      const counts = await this.erasure.forget(m, { userId: user?.id ?? null, email, since: null });
      await this.suppressions.insertOrIgnore(m, addressHash(email), 'erase');
      const result: EraseResult = {
        accounts: user ? 1 : 0,
        leads: counts.leads,
        contact_messages: counts.contactMessages,
      };
      await this.audit.record(m, ctx, { action: 'erase', resource: 'privacy', changes: { ...result } });
      return { result, userId: user?.id ?? null, afterCommit: counts.afterCommit };
    });
    // The erased account's access tokens stop working at once (refresh tokens went with the account).
    if (userId !== null) await this.accessTokens.revokeUser(userId);
    await this.erasure.afterCommit(afterCommit);
    return result;
  }

  /** The last active admin cannot go: nobody could run the back-office any more. */
  private async refuseLastAdmin(m: EntityManager, user: Pick<User, 'id' | 'is_superuser'>): Promise<void> {
    if (!user.is_superuser) return;
    const others = await this.users.otherActiveAdmins(user.id, m);
    if (others === 0) throw new ConflictException({ message: PRIVACY_MESSAGES.lastAdmin });
  }
}
