import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { FindOptionsWhere, MoreThanOrEqual } from 'typeorm';
import { AuthUser } from '../common/decorators/auth-user';
import { Lead } from './entities/lead.entity';
import { LeadStatus } from '../../shared/limits';
import { OWN_LEADS_LIMIT, OWN_LEADS_MESSAGES, OwnLead } from '../../shared/api/own-leads';
import { ACCOUNT_MESSAGES } from '../../shared/rules/account';
import { formatDateTime } from '../../shared/rules/primitives';
import { User } from '../users/entities/user.entity';
import { UsersRepository } from '../users/users.repository';
import { LeadsRepository } from './leads.repository';

/**
 * The leads a person made: those sent with the e-mail their account has verified (a lead's e-mail
 * was itself proven with a code, so both belong to the same inbox), newest first. Those sent before
 * the account was verified count only once its holder has claimed them (MailboxProofService):
 * verifying proves the mailbox, not that the mailbox's owner is the one who signed up.
 */
@Injectable()
export class OwnLeadsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly leads: LeadsRepository,
  ) {}

  async list(userId: number, caller: AuthUser): Promise<OwnLead[]> {
    if (userId !== caller.id && !caller.is_admin) throw new ForbiddenException(OWN_LEADS_MESSAGES.forbidden);
    const user = await this.users.findById(userId, {
      id: true,
      email: true,
      is_active: true,
      email_verified_at: true,
      earlier_leads_claimed_at: true,
    });
    if (!user) throw new NotFoundException(ACCOUNT_MESSAGES.userNotFound);
    const since = user.is_active ? ownLeadsSince(user) : null;
    if (!since) return [];
    const rows = await this.leads.ownLeads({ ...since, email: user.email.toLowerCase() }, OWN_LEADS_LIMIT);
    return rows.map(toOwnLead);
  }
}

function toOwnLead(lead: Lead): OwnLead {
  return {
    id: lead.id,
    created_at: lead.created_at.toISOString(),
    formatted_created_at: formatDateTime(lead.created_at),
    destination: { id: lead.destination_id, name: lead.destination?.name ?? '' },
    travel_pack: lead.travel_pack ? { id: lead.travel_pack.id, name: lead.travel_pack.name } : null,
    date: lead.date ?? null,
    hour: lead.hour ?? null,
    status: lead.status as LeadStatus,
  };
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
