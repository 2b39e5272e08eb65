import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import type { MailMessage } from '../mail/mail.service';
import { OutboxEntry, OutboxService } from '../mail/outbox.service';
import { OutboxWorker } from '../mail/outbox-worker.service';
import { newLeadMail } from '../mail/templates/lead-mails';
import { LeadResponse } from '../../shared/api/leads';
import { LeadsRepository } from './leads.repository';

export const LEAD_NOTICE_KIND = 'lead-notice';
/** A notice a day late helps nobody: older ones are left to the back-office. */
const NOTICE_USEFUL_FOR_MS = 24 * 3600_000;

/**
 * Tells the agency about each new public lead (LEADS_NOTIFY_EMAIL) through the outbox, in the
 * transaction that creates the lead; delivery is recorded on the lead (notified_at).
 */
@Injectable()
export class LeadNotifierService {
  constructor(
    private readonly config: AppConfig,
    private readonly outbox: OutboxService,
    worker: OutboxWorker,
    leads: LeadsRepository,
  ) {
    worker.onDelivered(LEAD_NOTICE_KIND, (leadId, m) => leads.markNotified(m, leadId));
  }

  /** Whether notices are sent (LEADS_NOTIFY_EMAIL is set). */
  get sends(): boolean {
    return !!this.config.leadsNotifyEmail;
  }

  /** Queues the notice with the caller's transaction (no-op without LEADS_NOTIFY_EMAIL). */
  async queueNotice(manager: EntityManager, lead: LeadResponse): Promise<void> {
    const notice = this.notice(lead);
    if (notice) await this.outbox.enqueue(manager, notice.message, notice.entry);
  }

  /** The notice as an outbox row, for the raw-SQL lead intake (null without LEADS_NOTIFY_EMAIL). */
  notice(lead: LeadResponse): { message: MailMessage; entry: OutboxEntry } | null {
    const to = this.config.leadsNotifyEmail;
    if (!to) return null;
    return {
      message: newLeadMail(to, lead, this.config.publicUrl),
      entry: {
        kind: LEAD_NOTICE_KIND,
        label: `New lead #${lead.id} notice`,
        refId: lead.id,
        usefulForMs: NOTICE_USEFUL_FOR_MS,
      },
    };
  }
}
