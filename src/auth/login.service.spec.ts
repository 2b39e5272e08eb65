import { HttpException } from '@nestjs/common';
import type { AuditService } from '../audit/audit.service';
import type { UnitOfWork } from '../database/unit-of-work';
import type { UsersRepository } from '../users/users.repository';
import type { OutboxService } from '../mail/outbox.service';
import { User } from '../users/entities/user.entity';
import { hashPassword } from '../users/passwords';
import type { AccountLimitsService, LoginGate } from '../users/account-limits.service';
import { LoginService } from './login.service';
import { SIGN_IN_LINK } from '../users/sign-in-link';
import type { TokensService } from '../users/tokens.service';

const PASSWORD = 'Duena-Clave-2031!';

/** What a rejected login answered: its status and body. */
async function answer(attempt: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await attempt;
  } catch (err) {
    if (err instanceof HttpException) return { status: err.getStatus(), body: err.getResponse() };
    throw err;
  }
  throw new Error('the login succeeded');
}

describe('LoginService past the account ceiling', () => {
  let hash: string;
  beforeAll(async () => {
    hash = await hashPassword(PASSWORD);
  });

  function setUp(gate: LoginGate, user: Partial<User> | null) {
    const users = {
      findByEmail: jest.fn().mockResolvedValue(user && Object.assign(new User(), user)),
      update: jest.fn(),
      repo: () => ({ manager: {} }),
    };
    const limits = {
      loginGate: jest.fn().mockResolvedValue(gate),
      recordLoginFailure: jest.fn(),
      recordLoginSuccess: jest.fn(),
    };
    const outbox = { enqueue: jest.fn() };
    const tokens = { issuePair: jest.fn().mockResolvedValue({ access: 'a', refresh: 'r' }) };
    const service = new LoginService(
      users as unknown as UsersRepository,
      tokens as unknown as TokensService,
      limits as unknown as AccountLimitsService,
      outbox as unknown as OutboxService,
      {} as AuditService,
      {} as UnitOfWork,
    );
    return { service, users, limits, outbox, tokens };
  }

  const closed: LoginGate = { allowed: false, retryAfterSeconds: 3600, accountClosed: true };
  const owner = (): Partial<User> => ({
    id: 7,
    email: 'owner@example.com',
    password_hash: hash,
    is_active: true,
    is_superuser: false,
  });
  /** The user id the queued sign-in mail names (null: the mail sends nothing). */
  const mailedTo = (outbox: { enqueue: jest.Mock }) => {
    expect(outbox.enqueue).toHaveBeenCalledTimes(1);
    const [, message, entry] = outbox.enqueue.mock.calls[0] as [
      unknown,
      { to: string },
      { kind: string; refId: unknown },
    ];
    expect(entry.kind).toBe(SIGN_IN_LINK.kind);
    return { refId: entry.refId, to: message.to };
  };

  it('answers the right password, a wrong one and an unknown e-mail alike; only the right one names the user', async () => {
    const right = setUp(closed, owner());
    const wrong = setUp(closed, owner());
    const unknown = setUp(closed, null);
    const answers = [
      await answer(right.service.login('owner@example.com', PASSWORD, '203.0.113.1')),
      await answer(wrong.service.login('owner@example.com', 'Otra-Clave-2031!', '203.0.113.2')),
      await answer(unknown.service.login('nobody@example.com', PASSWORD, '203.0.113.3')),
    ];
    expect(answers[0].status).toBe(403);
    expect(answers[0].body).toMatchObject({ sign_in_link: true });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(mailedTo(right.outbox)).toEqual({ refId: 7, to: 'owner@example.com' });
    expect(mailedTo(wrong.outbox).refId).toBeNull();
    expect(mailedTo(unknown.outbox)).toEqual({ refId: null, to: 'nobody@example.com' });
    // Every attempt counts as a failure, so the per-client throttle cannot tell them apart either.
    for (const s of [right, wrong, unknown]) expect(s.limits.recordLoginFailure).toHaveBeenCalledTimes(1);
    for (const s of [right, wrong, unknown]) expect(s.tokens.issuePair).not.toHaveBeenCalled();
  });

  it('sends nothing for an account that is not active', async () => {
    const s = setUp(closed, { ...owner(), is_active: false });
    expect((await answer(s.service.login('owner@example.com', PASSWORD, '203.0.113.4'))).status).toBe(403);
    expect(mailedTo(s.outbox).refId).toBeNull();
  });

  it('adds the admin shell’s flags on the admin login', async () => {
    const s = setUp(closed, { ...owner(), is_superuser: true });
    const res = await answer(s.service.adminLogin('owner@example.com', PASSWORD, '203.0.113.5'));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ sign_in_link: true, success: false, is_admin: false });
    expect(mailedTo(s.outbox).refId).toBe(7);
  });

  it('keeps a client throttled by its own failures at 429, without checking the password', async () => {
    const s = setUp({ allowed: false, retryAfterSeconds: 60 }, owner());
    expect((await answer(s.service.login('owner@example.com', PASSWORD, '203.0.113.6'))).status).toBe(429);
    expect(s.users.findByEmail).not.toHaveBeenCalled();
    expect(s.outbox.enqueue).not.toHaveBeenCalled();
  });
});
