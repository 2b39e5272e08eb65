import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { GiveWay } from '../database/writes-waiting';
import { leadSlaMail } from '../mail/templates/lead-mails';
import { OutboxService } from '../mail/outbox.service';
import { LeadSlaRepository } from './lead-sla.repository';

/** A lead that waited longer than this is left to the back-office's flag: no late notice. */
const NOTICE_WINDOW_MS = 24 * 3600_000;
const BATCH = 100;

/**
 * The lead desk's SLA: a lead still `new` LEAD_SLA_MINUTES after it came in is flagged in the
 * back-office (computed there) and the agency inbox (LEADS_NOTIFY_EMAIL) is told once: the notice is
 * queued in the outbox in the transaction that claims the lead (sla_notified_at, set only where it
 * was null), so two instances or two runs never send it twice. Repeat requests and merged leads
 * are not waiting for anyone.
 */
@Injectable()
export class LeadSlaService {
  private readonly logger = new Logger(LeadSlaService.name);
  /** Each notice is a write transaction: it waits for visitors' writes first (follow-ups.service.ts says why). */
  private readonly giveWay = new GiveWay();

  constructor(
    private readonly leads: LeadSlaRepository,
    private readonly config: AppConfig,
    private readonly outbox: OutboxService,
  ) {}

  async notifyLate(now = new Date()): Promise<number> {
    const to = this.config.leadsNotifyEmail;
    if (!to) return 0;
    const slaMinutes = this.config.leadSlaMinutes;
    const deadline = new Date(now.getTime() - slaMinutes * 60_000);
    const late = await this.leads.findLate(deadline, new Date(now.getTime() - NOTICE_WINDOW_MS), BATCH);
    let sent = 0;
    for (const lead of late) {
      await this.giveWay.wait();
      try {
        const claimed = await this.leads.claim(lead.id, now, (em) =>
          this.outbox.enqueue(em, leadSlaMail(to, lead, slaMinutes, this.config.publicUrl), {
            kind: 'lead-sla-notice',
            label: `Lead #${lead.id} SLA notice`,
            refId: lead.id,
            usefulForMs: NOTICE_WINDOW_MS,
          }),
        );
        if (claimed) sent++;
      } catch (err) {
        this.logger.error(`SLA notice of lead #${lead.id} failed: ${(err as Error).message}`);
      }
    }
    return sent;
  }
}
