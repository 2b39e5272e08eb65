import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { HOUR_MS } from '../common/time/durations';
import { UnitOfWork } from '../database/unit-of-work';
import { PersonalDataRepository } from './personal-data.repository';

/** Accounts whose address was never verified are removed this long after the sign-up. */
export const UNVERIFIED_ACCOUNT_DAYS = 30;
/** Rows per transaction: a large first run does not hold the database for long. */
const BATCH = 200;

/**
 * The retention periods (README "Retention"), applied once a day by one instance of the fleet:
 * leads and contact messages older than RETENTION_MONTHS are anonymised (destination, dates and
 * status stay for statistics), and accounts never verified are removed after 30 days. E-mails
 * that carried a code or a link lose their bodies when delivered and are deleted 7 days later by
 * the outbox's own hourly purge (OutboxWorker.purge). The job is a plain method so tests can run it.
 */
@Injectable()
export class RetentionService {
  private readonly logger = new Logger(RetentionService.name);

  constructor(
    private readonly data: PersonalDataRepository,
    private readonly config: AppConfig,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async run(now = new Date()): Promise<{ leads: number; contact_messages: number; accounts: number }> {
    const done = { leads: 0, contact_messages: 0, accounts: 0 };
    try {
      const before = new Date(now);
      before.setUTCMonth(before.getUTCMonth() - this.config.retentionMonths);
      for (;;) {
        const { leads, contactMessages } = await this.data.idsOlderThan(before, BATCH);
        if (!leads.length && !contactMessages.length) break;
        await this.unitOfWork.run(async (m) => {
          done.leads += await this.data.anonymiseLeads(m, leads, now);
          done.contact_messages += await this.data.anonymiseContactMessages(m, contactMessages, now);
        });
      }
      const joinedBefore = new Date(now.getTime() - UNVERIFIED_ACCOUNT_DAYS * 24 * HOUR_MS);
      for (;;) {
        const ids = await this.data.unverifiedAccountsBefore(joinedBefore, BATCH);
        if (!ids.length) break;
        await this.unitOfWork.run(async (m) => {
          for (const id of ids) await this.data.deleteAccount(m, id);
        });
        done.accounts += ids.length;
      }
      if (done.leads || done.contact_messages || done.accounts)
        this.logger.log(
          `Retention: ${done.leads} lead(s) and ${done.contact_messages} contact message(s) anonymised, ${done.accounts} unverified account(s) removed`,
        );
    } catch (err) {
      this.logger.error(`The retention job failed: ${(err as Error).message}`);
    }
    return done;
  }
}
