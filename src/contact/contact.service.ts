import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { Between, DataSource, IsNull } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { runInTransaction, serializeWrites } from '../database/transactions';
import { BackgroundMailService } from '../leads/background-mail.service';
import { SuccessResponse } from '../shared/api/leads';
import { normalizeEmail, normalizePhone } from '../shared/rules/lead';
import { contactForwardMail } from './contact-mails';
import { SubmitContactDto } from './dto/submit-contact.dto';
import { ContactMessage } from './entities/contact-message.entity';

export const CONTACT_SENT = 'Your message has been sent.';

const MINUTE = 60_000;
/** Unforwarded messages younger than this are retried by the job; older ones are left to the logs. */
const RETRY_WINDOW_MS = 2 * 24 * 60 * MINUTE;
/** The first background delivery (with its own retries) is given this long before the job steps in. */
const RETRY_AFTER_MS = 10 * MINUTE;

/** Stores contact-form messages and forwards them to the agency (LEADS_NOTIFY_EMAIL, else MAIL_FROM). */
@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);
  private readonly inFlight = new Set<number>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly mailer: BackgroundMailService,
  ) {}

  async submit(dto: SubmitContactDto): Promise<SuccessResponse> {
    const phone = dto.phone ? normalizePhone(dto.phone) : null;
    const message = await runInTransaction(this.dataSource, (m) =>
      m.getRepository(ContactMessage).save(
        m.getRepository(ContactMessage).create({
          first_name: dto.firstName.trim(),
          last_name: dto.lastName.trim(),
          email: normalizeEmail(dto.email),
          phone: phone || null,
          message: dto.message.trim(),
          forwarded_at: null,
        }),
      ),
    );
    this.forward(message);
    return { success: true, message: CONTACT_SENT };
  }

  /** Re-sends messages whose forwarding failed (mail server down for longer than the retries). */
  @Cron(CronExpression.EVERY_10_MINUTES, { name: 'retry-contact-forwarding' })
  async retryUnforwarded(now = new Date()): Promise<number> {
    try {
      const pending = await this.dataSource.getRepository(ContactMessage).find({
        where: {
          forwarded_at: IsNull(),
          created_at: Between(new Date(now.getTime() - RETRY_WINDOW_MS), new Date(now.getTime() - RETRY_AFTER_MS)),
        },
        order: { id: 'ASC' },
        take: 100,
      });
      const queued = pending.filter((m) => !this.inFlight.has(m.id));
      queued.forEach((m) => this.forward(m));
      return queued.length;
    } catch (err) {
      this.logger.error(`Retrying contact forwarding failed: ${(err as Error).message}`);
      return 0;
    }
  }

  private forward(message: ContactMessage): void {
    const to = this.config.leadsNotifyEmail ?? this.config.mailFrom;
    this.inFlight.add(message.id);
    void this.mailer
      .enqueue(contactForwardMail(to, message), `Contact message #${message.id}`)
      .then(async (delivered) => {
        if (!delivered) return;
        await serializeWrites(this.dataSource, () =>
          this.dataSource.getRepository(ContactMessage).update({ id: message.id }, { forwarded_at: new Date() }),
        );
      })
      .catch((err: Error) => this.logger.error(`Contact message #${message.id}: marking as forwarded failed: ${err.message}`))
      .finally(() => this.inFlight.delete(message.id));
  }
}
