import { ConflictException, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import type { AuditContext } from '../../audit/audit-context';
import { AuditService } from '../../audit/audit.service';
import { AuthUser } from '../../common/decorators/auth-user';
import { UnitOfWork } from '../../database/unit-of-work';
import { LeadsRepository } from '../../leads/leads.repository';
import { AdminLeadDetail } from '../../../shared/api/admin';
import { ADMIN_LEAD_MESSAGES } from '../../../shared/rules/admin-lead';
import { AccountExistsError, UnverifiedAccountsService } from '../../users/unverified-accounts.service';
import { AdminLeadsService } from './admin-leads.service';
import { LeadEventsRepository } from '../../leads/lead-events.repository';

export const VERIFICATION_MAIL_FAILED = 'The verification e-mail could not be sent. Please try again later.';

/** A customer account made from a lead, inactive until the verification link is followed. */
@Injectable()
export class LeadAccountService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly leadRows: LeadsRepository,
    private readonly events: LeadEventsRepository,
    private readonly accounts: UnverifiedAccountsService,
    private readonly leads: AdminLeadsService,
    private readonly audit: AuditService,
  ) {}

  async createAccount(leadId: number, actor: AuthUser, ctx: AuditContext): Promise<AdminLeadDetail> {
    const lead = await this.leadRows.findById(leadId);
    if (!lead) throw new NotFoundException('Lead not found.');
    const exists = () =>
      new ConflictException({
        message: ADMIN_LEAD_MESSAGES.accountExists,
        errors: { email: ADMIN_LEAD_MESSAGES.accountExists },
      });
    if (lead.user_id) throw exists();
    let userId: number;
    try {
      const user = await this.accounts.createAndSendVerification({
        first_name: lead.first_name,
        last_name: lead.last_name,
        email: lead.email,
        phone: lead.phone,
      });
      userId = user.id;
    } catch (err) {
      if (err instanceof AccountExistsError) throw exists();
      throw new ServiceUnavailableException(VERIFICATION_MAIL_FAILED);
    }
    await this.unitOfWork.run(async (em) => {
      await this.leadRows.linkAccount(em, leadId, userId);
      await this.events.record(em, leadId, 'account_created', null, userId, actor.id);
      // The account itself (users) and the lead it now belongs to (leads), each in its own history.
      await this.audit.recordMany(em, ctx, [
        {
          action: 'create',
          resource: 'users',
          record_id: userId,
          changes: { email: [null, lead.email], from_lead: [null, leadId] },
        },
        { action: 'update', resource: 'leads', record_id: leadId, changes: { user_id: [lead.user_id, userId] } },
      ]);
    });
    return this.leads.get(leadId);
  }
}
