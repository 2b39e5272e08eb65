import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { MailMessage, MailService } from '../mail/mail.service';

/** Waits between attempts: 3 attempts in all. */
export const BACKGROUND_MAIL_RETRY_DELAYS_MS = [2_000, 10_000];

/**
 * Sends e-mails off the request path: a visitor never waits for, nor fails because of, the
 * mail server. Each message gets a few attempts with growing pauses; a final failure is logged
 * (the lead or message itself is already safe in the database).
 */
@Injectable()
export class BackgroundMailService implements OnModuleDestroy {
  private readonly logger = new Logger(BackgroundMailService.name);
  private readonly pending = new Set<Promise<boolean>>();
  private readonly sleepers = new Set<() => void>();
  private closing = false;

  constructor(private readonly mail: MailService) {}

  /**
   * Queues a message and returns at once. The returned promise (never rejected) tells whether it
   * was finally delivered; callers may ignore it.
   */
  enqueue(message: MailMessage, label: string): Promise<boolean> {
    const job: Promise<boolean> = this.deliver(message, label).finally(() => this.pending.delete(job));
    this.pending.add(job);
    return job;
  }

  /** Resolves once every queued message was delivered or given up (used at shutdown and in tests). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    for (const wake of this.sleepers) wake();
    await this.idle();
  }

  private async deliver(message: MailMessage, label: string): Promise<boolean> {
    const attempts = BACKGROUND_MAIL_RETRY_DELAYS_MS.length + 1;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      try {
        await this.mail.send(message);
      } catch (err) {
        const reason = (err as Error)?.message ?? String(err);
        if (attempt === attempts || this.closing) {
          this.logger.error(`${label}: e-mail not delivered after ${attempt} attempt(s): ${reason}`);
          return false;
        }
        this.logger.warn(`${label}: e-mail attempt ${attempt} failed, retrying: ${reason}`);
        await this.pause(BACKGROUND_MAIL_RETRY_DELAYS_MS[attempt - 1]);
        continue;
      }
      return true;
    }
    return false;
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }
}
