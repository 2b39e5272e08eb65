import { EntityManager, FindOptionsWhere, IsNull, MoreThanOrEqual } from 'typeorm';
import { Lead } from '../leads/entities/lead.entity';
import { User } from './entities/user.entity';

/**
 * THE claim of an account's earlier leads, once the person who holds the account has shown that
 * they control its mailbox (the verification link opened in the browser that signed up, the
 * confirmation link opened in the browser that asked, a password reset): the account records it,
 * and the leads sent with its address that belong to no account join it. Idempotent.
 */
export async function claimEarlierLeads(m: EntityManager, userId: number): Promise<void> {
  const users = m.getRepository(User);
  await users.update({ id: userId, earlier_leads_claimed_at: IsNull() }, { earlier_leads_claimed_at: new Date() });
  const user = await users.findOne({ where: { id: userId }, select: { id: true, email: true } });
  if (user) await m.getRepository(Lead).update({ email: user.email, user_id: IsNull() }, { user_id: user.id });
}

/**
 * Which of the leads sent with the account's address are the account's: all of them once the
 * earlier ones are claimed; until then only those sent after the address was verified (from the
 * verification's second, less one: datetime columns keep whole seconds, which MySQL rounds and
 * MariaDB truncates). null: none (not verified).
 */
export function ownLeadsSince(
  user: Pick<User, 'email_verified_at' | 'earlier_leads_claimed_at'>,
): FindOptionsWhere<Lead> | null {
  if (user.earlier_leads_claimed_at) return {};
  if (!user.email_verified_at) return null;
  const second = Math.floor(new Date(user.email_verified_at).getTime() / 1000) * 1000;
  return { created_at: MoreThanOrEqual(new Date(second - 1000)) };
}
