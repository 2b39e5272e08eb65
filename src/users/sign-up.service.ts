import { AuditService } from '../audit/audit.service';
import type { AuditContext } from '../audit/audit-context';
import { randomBytes } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  Logger,
  UnauthorizedException,
} from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { UnitOfWork } from '../database/unit-of-work';
import { AuthUser } from '../common/decorators/auth-user';
import { AppConfig } from '../config/app-config';
import { isDuplicateKey } from '../database/db-errors';
import { ActionResult, SignUpResult, VerifyEmailResult } from '../../shared/api/account';
import { ACCOUNT_MESSAGES } from '../../shared/rules/account';
import { AccountLimitsService } from './account-limits.service';
import { AdminSignUpDto } from './dto/admin-sign-up.dto';
import { MailboxProofService } from './mailbox-proof.service';
import { SignUpDto } from './dto/sign-up.dto';
import { User } from './entities/user.entity';
import { FirstAdminSetupService } from './first-admin-setup.service';
import { AccountMailerService } from './mail/account-mailer.service';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { UsersRepository } from './users.repository';
import { UserTokensService } from './user-tokens.service';
import { toUserProfile } from './user-profile';

/**
 * A public sign-up's answer, and the browser key for the sign-up's cookie (see browser-keys.ts).
 * A customer's answer is only {success, message}: the same for every address. An admin creating an
 * admin through this route also gets the new account (SignUpResult).
 */
export interface SignUpOutcome {
  result: ActionResult | SignUpResult;
  browserKey: string | null;
}

/**
 * Sign-up (inactive until the e-mailed link is used), e-mail verification, and admin creation.
 * The verification e-mail is queued in the outbox with the new account, in one transaction.
 */
@Injectable()
export class SignUpService {
  private readonly logger = new Logger(SignUpService.name);
  private firstAdminLock: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly userTokens: UserTokensService,
    private readonly mailer: AccountMailerService,
    private readonly config: AppConfig,
    private readonly setup: FirstAdminSetupService,
    private readonly audit: AuditService,
    private readonly mailboxProof: MailboxProofService,
    private readonly limits: AccountLimitsService,
  ) {}

  /**
   * A customer's sign-up also leaves a browser key (cookie) with its hash stored: the verification
   * link opened in this same browser shows that whoever signed up controls the mailbox, and only
   * then do the address's earlier leads join the account.
   *
   * Whatever the address, the answer is the same (status, body, a cookie of the same shape), so a
   * sign-up never tells whether the address has an account: a new address gets an inactive account
   * and its verification link, an unverified one a new link (signUpAgain), and one with a verified
   * or active account nothing but an e-mail to its owner saying someone tried. Either e-mail is
   * limited per recipient address (AccountLimitsService.takeSignUpMail); past the limit the answer
   * is still the usual one.
   */
  async signUp(dto: SignUpDto, caller: AuthUser | undefined, ctx?: AuditContext): Promise<SignUpOutcome> {
    if (dto.is_superuser) {
      if (!caller?.is_admin)
        throw new ForbiddenException({ message: ACCOUNT_MESSAGES.adminOnlyCreatesAdmins, success: false });
      return { result: await this.createAdmin(dto, ctx), browserKey: null };
    }
    const passwordHash = await hashPassword(dto.password);
    // Every sign-up does the same password work (one hash, one check), so its time tells nothing
    // either; the check is the one a sign-up of an unverified address needs (signUpAgain).
    const stored = await this.users.findByEmail(dto.email, { id: true, password_hash: true });
    const storedHash = stored?.password_hash.startsWith('$argon2') ? stored.password_hash : null;
    const matchedHash = (await verifyPassword(storedHash ?? (await dummyPasswordHash()), dto.password))
      ? storedHash
      : null;
    // Taken before the transaction, whatever the address holds, and given back if nothing is queued.
    const mail = await this.limits.takeSignUpMail(dto.email);
    try {
      const browserKey = await this.onceMoreIfRaced(() =>
        this.unitOfWork.run(async (m) => {
          const existing = await this.users.findByEmail(dto.email, undefined, m);
          if (existing) return this.signUpAgain(existing, matchedHash, mail, m);
          const created = await this.users.insert(
            {
              email: dto.email,
              first_name: dto.first_name,
              last_name: dto.last_name,
              phone: dto.phone ?? '',
              password_hash: passwordHash,
              is_active: false,
              is_superuser: false,
              is_agent: false,
            },
            m,
          );
          if (mail) await this.mailer.queueVerification(m, created);
          return this.userTokens.issue(created.id, 'signup_browser', m);
        }),
      );
      return { result: { success: true, message: ACCOUNT_MESSAGES.signUpDone }, browserKey };
    } catch (err) {
      if (mail) await this.limits.returnSignUpMail(dto.email).catch(() => undefined);
      throw err;
    }
  }

  /**
   * A sign-up for an address that has an account; resolves to the browser key for the cookie.
   *
   * Verified or active (or an admin): nothing is created or changed, the owner is told by e-mail,
   * and the cookie holds a key of the usual shape that is stored nowhere.
   *
   * Never verified: the mailbox gets a new link, so a stranger's (or a mistyped) sign-up cannot
   * block the real owner. Nothing of the second sign-up is applied: it must not decide the password
   * of an account it cannot prove is its own. When its password differs from the stored one
   * neither is kept, so the account can only be entered after its owner sets a password through
   * the reset link (which also verifies it). `matchedHash`: the stored hash the sign-up's password
   * was found to match before the transaction, or null.
   */
  private async signUpAgain(
    existing: User,
    matchedHash: string | null,
    mail: boolean,
    m: EntityManager,
  ): Promise<string> {
    if (existing.email_verified_at || existing.is_active || existing.is_superuser) {
      if (mail) await this.mailer.queueSignUpAttempt(m, existing);
      return randomBytes(32).toString('base64url');
    }
    if (existing.password_hash !== matchedHash) {
      await this.users.update(existing.id, { password_hash: `!unusable-${randomBytes(16).toString('hex')}` }, m);
    }
    if (mail) await this.mailer.queueVerification(m, existing);
    return this.userTokens.issue(existing.id, 'signup_browser', m);
  }

  /**
   * Admin shell sign-up: allowed to a signed-in admin, or, while no admin exists and ADMIN_EMAIL is
   * not set, to whoever presents the one-time set-up token printed in the server log (first-run
   * set-up). The admin is active at once.
   */
  async adminSignUp(
    dto: AdminSignUpDto,
    caller: AuthUser | undefined,
    setupToken?: string,
    ctx?: AuditContext,
  ): Promise<SignUpResult> {
    if (caller?.is_admin) return this.createAdmin(dto, ctx);
    if (caller) throw new ForbiddenException({ message: ACCOUNT_MESSAGES.adminOnlyCreatesAdmins, success: false });
    // Serialised so two simultaneous first-run sign-ups cannot both become the first admin.
    const attempt = this.firstAdminLock.then(async () => {
      const refuse = (message: string) => new UnauthorizedException({ message, success: false });
      if (this.config.adminEmail || !(await this.setup.isOpen())) throw refuse(ACCOUNT_MESSAGES.adminOnlyCreatesAdmins);
      // An admin made meanwhile by other means (create-admin, another replica) closes the first-run path.
      if (await this.users.anyAdmin()) {
        await this.setup.close();
        throw refuse(ACCOUNT_MESSAGES.adminOnlyCreatesAdmins);
      }
      if (!(await this.setup.matches(setupToken))) throw refuse(ACCOUNT_MESSAGES.setupLinkInvalid);
      // Across replicas: one creation at a time, and the admin check again inside it.
      const outcome = await this.setup.exclusively(async () => {
        if (await this.users.anyAdmin()) return null;
        const created = await this.createAdmin(dto, ctx);
        await this.setup.close();
        return created;
      });
      if (!outcome.done || !outcome.value) throw refuse(ACCOUNT_MESSAGES.adminOnlyCreatesAdmins);
      return outcome.value;
    });
    this.firstAdminLock = attempt.catch(() => undefined);
    return attempt;
  }

  /**
   * Activates the account. The answer is the spec's {success, message}; a browser that presents a
   * sign-up key (`browserKey`, from its cookie) also learns whether the earlier leads were claimed.
   * Only that browser, the one that signed up, claims them: a link opened anywhere else proves the
   * mailbox but not that its owner chose this account's password (a stranger may have signed up
   * the address), so the account then sees only leads sent from now on until its holder confirms
   * from the account page or resets the password.
   */
  async verifyEmail(uidb64: string, token: string, browserKey?: string): Promise<VerifyEmailResult> {
    const row = await this.userTokens.find(uidb64, token, 'verify_email');
    if (!row || !(await this.userTokens.consume(row))) {
      throw new BadRequestException({ message: ACCOUNT_MESSAGES.verificationInvalid, success: false });
    }
    const sameBrowser = !!(await this.userTokens.findOfUser(row.user_id, browserKey, 'signup_browser'));
    await this.unitOfWork.run(async (m) => {
      await this.users.update(row.user_id, { is_active: true, email_verified_at: new Date() }, m);
      if (!sameBrowser) return;
      await this.userTokens.voidAll(row.user_id, 'signup_browser', m);
      await this.mailboxProof.proven(m, row.user_id);
    });
    const result = { success: true, message: ACCOUNT_MESSAGES.verified };
    return browserKey === undefined ? result : { ...result, earlier_leads_confirmed: sameBrowser };
  }

  /** A new admin, active at once; the back-office audit log records it (the actor is null at first-run set-up). */
  private async createAdmin(dto: SignUpDto | AdminSignUpDto, ctx?: AuditContext): Promise<SignUpResult> {
    const passwordHash = await hashPassword(dto.password);
    const user = await this.withTakenCheck(async () => {
      if (await this.users.existsByEmail(dto.email)) throw this.taken();
      return this.unitOfWork.run(async (m) => {
        const created = await this.users.insert(
          {
            email: dto.email,
            first_name: dto.first_name,
            last_name: dto.last_name,
            phone: dto.phone ?? '',
            password_hash: passwordHash,
            is_agent: false,
            is_active: true,
            is_superuser: true,
            // An admin makes it, or the operator holding the set-up link: the address is vouched for.
            email_verified_at: new Date(),
            earlier_leads_claimed_at: new Date(),
          },
          m,
        );
        await this.audit.record(m, ctx ?? { actor_id: null, ip: null }, {
          action: 'create',
          resource: 'users',
          record_id: created.id,
          changes: {
            email: [null, created.email],
            first_name: [null, created.first_name],
            last_name: [null, created.last_name],
            is_superuser: [null, true],
          },
        });
        return created;
      });
    });
    this.logger.log(`Admin account ${user.id} created`);
    return { success: true, message: ACCOUNT_MESSAGES.adminSignUpDone, user: toUserProfile(user) };
  }

  private taken(): ConflictException {
    return new ConflictException({ message: ACCOUNT_MESSAGES.emailTaken, success: false });
  }

  /**
   * Two sign-ups racing on one new address: the loser runs once more and finds the winner's
   * account, so it is answered as any sign-up of that address is.
   */
  private async onceMoreIfRaced<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      return work();
    }
  }

  /** Two admins created at once with one address: the loser gets the same 409 as a sequential repeat. */
  private async withTakenCheck<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isDuplicateKey(err)) throw this.taken();
      throw err;
    }
  }
}
