import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { UsersRepository } from './users.repository';

/** What another module does, in the same transaction, once an account's holder has proven its mailbox. */
export type MailboxProofFollower = (m: EntityManager, account: { id: number; email: string }) => Promise<void>;

/**
 * THE claim of an account's earlier records, once the person who holds the account has shown that
 * they control its mailbox (the verification link opened in the browser that signed up, the
 * confirmation link opened in the browser that asked, a password reset): the account records it
 * (earlier_leads_claimed_at), and every module that keeps records by e-mail address takes them over
 * for the account in the same transaction. Idempotent. The leads module follows it (the leads sent
 * with the address that belong to no account join it), so this module never reads the leads table.
 */
@Injectable()
export class MailboxProofService {
  private readonly followers: MailboxProofFollower[] = [];

  constructor(private readonly users: UsersRepository) {}

  /** Called by a module at start-up. */
  follow(follower: MailboxProofFollower): void {
    this.followers.push(follower);
  }

  async proven(m: EntityManager, userId: number): Promise<void> {
    await this.users.markEarlierLeadsClaimed(userId, m);
    const user = await this.users.findById(userId, { id: true, email: true }, m);
    if (!user) return;
    for (const follower of this.followers) await follower(m, { id: user.id, email: user.email });
  }
}
