import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { Between, DataSource, IsNull } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { serializeWrites } from '../database/transactions';
import { LeadResponse } from '../shared/api/leads';
import { PUBLIC_LEAD_SOURCE } from '../shared/rules/lead';
import { BackgroundMailService } from './background-mail.service';
import { Lead } from './entities/lead.entity';
import { newLeadMail } from './lead-mails';
import { toLeadResponse } from './lead-response';

/** A lead not yet notified this long after its creation is retried (its own attempts are over by then). */
const RETRY_AFTER_MS = 2 * 60_000;
/** Older leads are left to the back-office: a notice a day late helps nobody. */
const RETRY_WINDOW_MS = 24 * 3600_000;

/**
 * Tells the agency about each new public lead (LEADS_NOTIFY_EMAIL), without holding up the visitor.
 * Delivery is recorded on the lead (notified_at), so a notice that failed, or was pending when the
 * process stopped, is sent again by a scheduled job.
 */
@Injectable()
export class LeadNotifierService {
  private readonly logger = new Logger(LeadNotifierService.name);
  private readonly inFlight = new Set<number>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly mailer: BackgroundMailService,
  ) {}

  notifyNewLead(lead: LeadResponse): void {
    const to = this.config.leadsNotifyEmail;
    if (!to || this.inFlight.has(lead.id)) return;
    this.inFlight.add(lead.id);
    void this.mailer
      .enqueue(newLeadMail(to, lead, this.config.publicUrl), `New lead #${lead.id} notice`)
      .then(async (delivered) => {
        if (!delivered) return;
        await serializeWrites(this.dataSource, () =>
          this.dataSource.getRepository(Lead).update({ id: lead.id }, { notified_at: new Date() }),
        );
      })
      .catch((err: Error) => this.logger.error(`Lead #${lead.id}: recording the notice failed: ${err.message}`))
      .finally(() => this.inFlight.delete(lead.id));
  }

  /** Sends the notices of public leads that are still not notified (mail server down, or a restart). */
  @Cron(CronExpression.EVERY_10_MINUTES, { name: 'retry-lead-notices' })
  async retryUnnotified(now = new Date()): Promise<number> {
    if (!this.config.leadsNotifyEmail) return 0;
    try {
      const pending = await this.dataSource.getRepository(Lead).find({
        where: {
          notified_at: IsNull(),
          source: PUBLIC_LEAD_SOURCE,
          created_at: Between(new Date(now.getTime() - RETRY_WINDOW_MS), new Date(now.getTime() - RETRY_AFTER_MS)),
        },
        relations: { destination: true },
        order: { id: 'ASC' },
        take: 100,
      });
      const queued = pending.filter((lead) => !this.inFlight.has(lead.id) && lead.destination);
      queued.forEach((lead) => this.notifyNewLead(toLeadResponse(lead, lead.destination!)));
      return queued.length;
    } catch (err) {
      this.logger.error(`Retrying lead notices failed: ${(err as Error).message}`);
      return 0;
    }
  }
}
