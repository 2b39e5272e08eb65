import { ForbiddenException, HttpException, HttpStatus, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { UnitOfWork } from '../database/unit-of-work';
import { OutboxService } from '../mail/outbox.service';
import { AdminLoginResult, TokenPair } from '../../shared/api/account';
import { ACCOUNT_MESSAGES } from '../../shared/rules/account';
import { User } from '../users/entities/user.entity';
import { UsersRepository } from '../users/users.repository';
import { dummyPasswordHash, verifyPassword } from '../users/passwords';
import { AccountLimitsService } from '../users/account-limits.service';
import { LoginThrottledException } from './login-throttled.exception';
import { SIGN_IN_LINK } from '../users/sign-in-link';
import { SignInLinkSentException } from './sign-in-link-sent.exception';
import { AccountGoneException, TokensService } from '../users/tokens.service';

type Checked =
  | { kind: 'ok'; user: User }
  | { kind: 'unknown' }
  | { kind: 'wrong' }
  | { kind: 'throttled'; retryAfterSeconds: number }
  | { kind: 'link' };

/**
 * Password logins. An unknown e-mail and a wrong password get one answer (401, one message), and
 * unknown e-mails still cost one argon2 verification (against a dummy hash) and count as failures,
 * so neither the answer, its timing nor the throttle tells which e-mails have accounts.
 */
@Injectable()
export class LoginService {
  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: TokensService,
    private readonly limits: AccountLimitsService,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /**
   * Site login: unknown e-mail or wrong password 401 (one answer for both), unverified 403, throttled
   * 429; a new device while the account is closed by its ceiling: 403 "sign-in link e-mailed if the
   * password is right".
   */
  async login(email: string, password: string, ip: string): Promise<TokenPair> {
    const checked = await this.check(email, password, ip);
    if (checked.kind === 'throttled') throw new LoginThrottledException(checked.retryAfterSeconds);
    if (checked.kind === 'link') throw new SignInLinkSentException();
    if (checked.kind === 'unknown' || checked.kind === 'wrong') {
      throw new UnauthorizedException(ACCOUNT_MESSAGES.loginWrongPassword);
    }
    if (!checked.user.is_active) throw new ForbiddenException(ACCOUNT_MESSAGES.loginUnverified);
    return this.open(checked.user, ip, 'site');
  }

  /**
   * Admin-shell login. Only an active admin or agent (staff) gets tokens; a customer's correct password
   * is refused with 403 and no tokens, so the admin shell never holds a customer's session. An agent's
   * tokens open the lead desk only: the server's guards keep the admin pages to admins.
   */
  async adminLogin(email: string, password: string, ip: string): Promise<AdminLoginResult> {
    const checked = await this.check(email, password, ip);
    const refused = { success: false, is_admin: false, is_agent: false };
    const fail = (status: HttpStatus, message: string, roles = refused) =>
      new HttpException({ ...roles, message }, status);
    if (checked.kind === 'throttled') throw new LoginThrottledException(checked.retryAfterSeconds, refused);
    if (checked.kind === 'link') throw new SignInLinkSentException(refused);
    if (checked.kind !== 'ok') throw fail(HttpStatus.UNAUTHORIZED, ACCOUNT_MESSAGES.adminLoginWrong);
    const { user } = checked;
    const roles = { is_admin: user.is_superuser, is_agent: user.is_agent };
    if (!user.is_superuser && !user.is_agent) throw fail(HttpStatus.FORBIDDEN, ACCOUNT_MESSAGES.adminLoginNotAdmin);
    if (!user.is_active) throw fail(HttpStatus.FORBIDDEN, ACCOUNT_MESSAGES.loginUnverified, { ...refused, ...roles });
    const pair = await this.open(user, ip, 'admin');
    return { success: true, ...roles, message: ACCOUNT_MESSAGES.adminLoginDone, ...pair };
  }

  private async check(email: string, password: string, ip: string): Promise<Checked> {
    const gate = await this.limits.loginGate(email, ip);
    if (!gate.allowed && !gate.accountClosed) return { kind: 'throttled', retryAfterSeconds: gate.retryAfterSeconds };
    const user = await this.users.findByEmail(email, {
      id: true,
      email: true,
      password_hash: true,
      is_active: true,
      is_superuser: true,
      is_agent: true,
    });
    if (!gate.allowed) return this.closedAccount(email, password, ip, user);
    if (!user) {
      await verifyPassword(await dummyPasswordHash(), password);
      await this.limits.recordLoginFailure(email, ip);
      return { kind: 'unknown' };
    }
    if (!(await verifyPassword(user.password_hash, password))) {
      await this.limits.recordLoginFailure(email, ip);
      return { kind: 'wrong' };
    }
    return { kind: 'ok', user };
  }

  /**
   * The account is closed by its ceiling and this client is not known to it. Every attempt takes
   * the same steps and gets the same answer, right password or not, known e-mail or not: one
   * password check, one failure counted (so the per-client throttle cannot tell them apart
   * either), one outbox row. Only the row of a right password for an active account names the
   * user, and only such a row becomes an e-mail (AccountMailerService writes the link when it sends).
   */
  private async closedAccount(email: string, password: string, ip: string, user: User | null): Promise<Checked> {
    const right = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
    await this.limits.recordLoginFailure(email, ip);
    const owner = user && right && user.is_active ? user : null;
    await this.outbox.enqueue(
      this.users.manager,
      { to: user?.email ?? email, subject: SIGN_IN_LINK.subject, text: '', html: '' },
      {
        kind: SIGN_IN_LINK.kind,
        label: 'Sign-in link e-mail',
        refId: owner?.id ?? null,
        usefulForMs: SIGN_IN_LINK.ttlMs,
      },
    );
    return { kind: 'link' };
  }

  /** A staff member's sign-in (admin or agent, on either login) goes to the audit log, with the last_login it sets. */
  private async open(user: User, ip: string, via: 'admin' | 'site'): Promise<TokenPair> {
    await this.limits.recordLoginSuccess(user.email, ip);
    if (user.is_superuser || user.is_agent) {
      await this.unitOfWork.run(async (em) => {
        await this.users.update(user.id, { last_login: new Date() }, em);
        await this.audit.record(
          em,
          { actor_id: user.id, ip },
          { action: 'sign_in', resource: 'session', record_id: user.id, changes: { via } },
        );
      });
    } else {
      await this.users.update(user.id, { last_login: new Date() });
    }
    try {
      return await this.tokens.issuePair(user);
    } catch (err) {
      // The account was deleted after its password was checked: the answer of a wrong password.
      if (!(err instanceof AccountGoneException)) throw err;
      if (via === 'site') throw new UnauthorizedException(ACCOUNT_MESSAGES.loginWrongPassword);
      throw new HttpException(
        { success: false, is_admin: false, is_agent: false, message: ACCOUNT_MESSAGES.adminLoginWrong },
        HttpStatus.UNAUTHORIZED,
      );
    }
  }
}
