import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/unit-of-work';
import { OutboxService } from '../mail/outbox.service';
import { OutboxWorker } from '../mail/outbox-worker.service';
import { contactForwardMail } from '../mail/templates/contact-mails';
import { SuccessResponse } from '../../shared/api/leads';
import { normalizeEmail, normalizePhone } from '../../shared/rules/primitives';
import { SubmitContactDto } from './dto/submit-contact.dto';
import { ContactMessagesRepository } from './contact-messages.repository';

export const CONTACT_SENT = 'Your message has been sent.';
export const CONTACT_FORWARD_KIND = 'contact-forward';
const FORWARD_USEFUL_FOR_MS = 2 * 24 * 3600_000;

/**
 * Stores contact-form messages and forwards them to the agency (LEADS_NOTIFY_EMAIL, else MAIL_FROM)
 * through the outbox; delivery is recorded on the message (forwarded_at).
 */
@Injectable()
export class ContactService {
  constructor(
    private readonly messages: ContactMessagesRepository,
    private readonly config: AppConfig,
    private readonly outbox: OutboxService,
    worker: OutboxWorker,
    private readonly unitOfWork: UnitOfWork,
  ) {
    worker.onDelivered(CONTACT_FORWARD_KIND, (id, m) => messages.markForwarded(m, id));
  }

  async submit(dto: SubmitContactDto): Promise<SuccessResponse> {
    const phone = dto.phone ? normalizePhone(dto.phone) : null;
    await this.unitOfWork.run(async (m) => {
      const message = await this.messages.insert(m, {
        first_name: dto.firstName.trim(),
        last_name: dto.lastName.trim(),
        email: normalizeEmail(dto.email),
        phone: phone || null,
        message: dto.message.trim(),
      });
      const to = this.config.leadsNotifyEmail ?? this.config.mailFrom;
      await this.outbox.enqueue(m, contactForwardMail(to, message), {
        kind: CONTACT_FORWARD_KIND,
        label: `Contact message #${message.id}`,
        refId: message.id,
        usefulForMs: FORWARD_USEFUL_FOR_MS,
      });
    });
    return { success: true, message: CONTACT_SENT };
  }
}
