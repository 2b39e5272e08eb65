import { Injectable, Logger } from '@nestjs/common';
import { UnitOfWork } from '../../database/unit-of-work';
import { GiveWay } from '../../database/writes-waiting';
import { DAY_MS } from '../../common/time/durations';
import { LeadsRepository } from '../../leads/leads.repository';
import { EmailTemplate } from './email-template.entity';
import { FollowUpsRepository } from './follow-ups.repository';
import { LeadMailService } from './lead-mail.service';

/** Leads followed up per run; the rest wait for the next one. */
const BATCH = 200;
/**
 * Only leads younger than the last step plus this many days are followed up: turning the sequence
 * on does not write to every old lead still marked new.
 */
const GRACE_DAYS = 2;

/**
 * The follow-up sequence: templates with a `sequence_day` (0, 2, 5…) are sent to leads still `new`
 * once that many days have passed since the lead came in. `leads.follow_up_day` holds the last
 * step sent; a step is claimed by `UPDATE … WHERE follow_up_day IS NULL OR < day` in the
 * transaction that queues the mail, so each step goes once, also with several instances. When
 * several steps are due at once (the job was down) only the latest is sent. A lead that left
 * `new` (or was anonymised or merged) gets nothing more.
 */
@Injectable()
export class FollowUpsService {
  private readonly logger = new Logger(FollowUpsService.name);

  /**
   * Each step is a write transaction: while visitors' writes wait to start (a flash sale), the next
   * one waits for them (JOB_GIVE_WAY_MS at most in one busy spell). A run at a burst's height
   * otherwise put up to BATCH transactions into the write queue among the visitors' (on SQLite, a
   * second during which every lead in flight waited: BENCHMARKS.md).
   */
  private readonly giveWay = new GiveWay();

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly followUps: FollowUpsRepository,
    private readonly leads: LeadsRepository,
    private readonly mail: LeadMailService,
  ) {}

  async run(): Promise<number> {
    try {
      return await this.sendDue(new Date());
    } catch (err) {
      this.logger.error(`Lead follow-ups failed: ${(err as Error).message}`);
      return 0;
    }
  }

  /**
   * One run, without the job's lease (the claim alone keeps each step to one mail): up to `limit`
   * due leads, oldest first. Returns how many were sent.
   */
  async sendDue(now = new Date(), limit = BATCH): Promise<number> {
    const steps = await this.followUps.steps();
    if (!steps.length) return 0;
    const days = steps.map((s) => s.sequence_day as number);
    const lastDay = days[days.length - 1];
    const since = new Date(now.getTime() - (lastDay + GRACE_DAYS) * DAY_MS);
    const leads = await this.followUps.candidates(days, now, since, limit);
    let sent = 0;
    for (const lead of leads) {
      await this.giveWay.wait();
      const age = now.getTime() - new Date(lead.created_at).getTime();
      const due = steps.filter(
        (s) => (s.sequence_day as number) * DAY_MS <= age && (lead.follow_up_day ?? -1) < (s.sequence_day as number),
      );
      if (!due.length) continue;
      if (await this.sendStep(lead.id, due[due.length - 1])) sent++;
    }
    return sent;
  }

  private sendStep(leadId: number, step: EmailTemplate): Promise<boolean> {
    const day = step.sequence_day as number;
    return this.unitOfWork.run(async (em) => {
      if (!(await this.followUps.claimStep(em, leadId, day))) return false;
      const lead = await this.leads.findWithRefs(em, leadId);
      if (!lead) return false;
      await this.mail.sendFollowUp(em, lead, step);
      return true;
    });
  }
}
