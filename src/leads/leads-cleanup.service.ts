import { Injectable, Logger } from '@nestjs/common';
import { LeadVerificationService } from './lead-verification.service';

/** Scheduled housekeeping of the lead flow. The job is a plain method so tests can run it. */
@Injectable()
export class LeadsCleanupService {
  private readonly logger = new Logger(LeadsCleanupService.name);

  constructor(private readonly verification: LeadVerificationService) {}

  /**
   * Expired codes whose hourly resend window is over carry no information any more. (Per-IP
   * counters live in the throttler's storage, which expires them itself.)
   */
  async purgeExpiredVerifications(now = new Date()): Promise<number> {
    try {
      const removed = await this.verification.purgeExpired(now);
      if (removed) this.logger.log(`Purged ${removed} expired e-mail verification code(s)`);
      return removed;
    } catch (err) {
      this.logger.error(`Purging expired e-mail verification codes failed: ${(err as Error).message}`);
      return 0;
    }
  }
}
