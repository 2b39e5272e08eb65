import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/decorators/auth-user';
import { UnitOfWork } from '../../database/unit-of-work';
import { Lead } from '../../leads/entities/lead.entity';
import { LeadsRepository } from '../../leads/leads.repository';
import { OutboxService } from '../../mail/outbox.service';
import { StopLinksService } from '../../mail/stop-links.service';
import { leadReplyMail, textToHtml } from '../../mail/templates/reply-mails';
import type { MailMessage } from '../../mail/mail.service';
import type { User } from '../../users/entities/user.entity';
import { UsersRepository } from '../../users/users.repository';
import { LeadEventsRepository } from '../../leads/lead-events.repository';
import {
  EMAIL_TEMPLATE_MESSAGES,
  fillVariables,
  TemplateVariable,
  unknownVariable,
} from '../../../shared/rules/email-template';
import { ADMIN_LEAD_MESSAGES } from '../../../shared/rules/admin-lead';
import { PUBLIC_LEAD_SOURCE } from '../../../shared/rules/lead';
import { SendLeadEmailDto } from './dto/email-template.dto';
import { EmailTemplate } from './email-template.entity';
import { EmailTemplatesRepository } from './email-templates.repository';

/** What POST /api/admin/leads/{id}/preview-email answers (send-email answers it too, once queued). */
export interface LeadEmailPreview {
  to: string;
  subject: string;
  body_text: string;
  body_html: string;
}

/** Kinds of outbox rows: a reply by hand, and the automated follow-ups (stop link, suppressions). */
const LEAD_REPLY_MAIL = 'lead-reply';
const LEAD_FOLLOW_UP_MAIL = 'lead-follow-up';
const USEFUL_FOR_MS = 3 * 24 * 60 * 60 * 1000;
/** lead_events.to_value holds at most this many characters of the subject. */
const EVENT_VALUE_MAX = 100;

/** US dollars the way the site writes them: $1,299 or $1,299.50. */
function formatUsd(amount: number): string {
  const cents = Math.round(amount * 100);
  const whole = Math.trunc(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = cents % 100;
  return `$${whole}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

const fullName = (u: Pick<User, 'first_name' | 'last_name'>) => `${u.first_name} ${u.last_name}`.trim();

interface Rendered {
  message: MailMessage;
  subject: string;
}

/**
 * An agent's own text goes only to an address its person confirmed (a public lead, verified by the
 * e-mailed code): a lead typed in the back-office gets from an agent a template as it is, so the
 * desk cannot write whatever it likes in the agency's name to any address it types in. Admins may.
 */
function assertMayWrite(lead: Lead, dto: SendLeadEmailDto, actor: AuthUser): void {
  if (actor.is_admin || lead.source === PUBLIC_LEAD_SOURCE) return;
  if (typeof dto.subject === 'string' || typeof dto.body === 'string')
    throw new ForbiddenException(ADMIN_LEAD_MESSAGES.typedAddressTemplateOnly);
}

/** Replies to a lead from the back-office: templates filled with the lead's data, sent through the outbox. */
@Injectable()
export class LeadMailService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly leads: LeadsRepository,
    private readonly events: LeadEventsRepository,
    private readonly templates: EmailTemplatesRepository,
    private readonly users: UsersRepository,
    private readonly outbox: OutboxService,
    private readonly stopLinks: StopLinksService,
  ) {
    outbox.withStopLink(LEAD_FOLLOW_UP_MAIL);
  }

  async preview(leadId: number, dto: SendLeadEmailDto, actor: AuthUser): Promise<LeadEmailPreview> {
    const em = this.templates.manager;
    const lead = await this.findLead(em, leadId);
    assertMayWrite(lead, dto, actor);
    const { message } = await this.render(em, lead, await this.source(dto, em), actor.id);
    return toPreview(message);
  }

  async send(leadId: number, dto: SendLeadEmailDto, actor: AuthUser): Promise<LeadEmailPreview> {
    return this.unitOfWork.run(async (em) => {
      const lead = await this.findLead(em, leadId);
      assertMayWrite(lead, dto, actor);
      const { message, subject } = await this.render(em, lead, await this.source(dto, em), actor.id);
      await this.outbox.enqueue(em, message, {
        kind: LEAD_REPLY_MAIL,
        label: 'Lead reply',
        refId: lead.id,
        usefulForMs: USEFUL_FOR_MS,
      });
      await this.events.record(em, lead.id, 'email', null, subject.slice(0, EVENT_VALUE_MAX), actor.id);
      return toPreview(message);
    });
  }

  /**
   * One step of the follow-up sequence, in the caller's transaction: an automated mail (dropped for
   * an address that used a stop link) with the stop link, and its `email` event (actor null).
   */
  async sendFollowUp(em: EntityManager, lead: Lead, template: EmailTemplate): Promise<void> {
    const { message, subject } = await this.render(em, lead, template, null, this.stopLinks.url(lead.email));
    await this.outbox.enqueue(em, message, {
      kind: LEAD_FOLLOW_UP_MAIL,
      label: 'Lead follow-up',
      refId: lead.id,
      usefulForMs: USEFUL_FOR_MS,
      automated: true,
    });
    await this.events.record(em, lead.id, 'email', null, subject.slice(0, EVENT_VALUE_MAX), null);
  }

  private async source(dto: SendLeadEmailDto, em: EntityManager): Promise<{ subject: string; body: string }> {
    let template: EmailTemplate | null = null;
    if (dto.template_id !== undefined && dto.template_id !== null) {
      template = await this.templates.findById(em, dto.template_id);
      if (!template) throw new NotFoundException(EMAIL_TEMPLATE_MESSAGES.templateNotFound);
    }
    // A template's subject or body may be replaced by an edited one.
    const subject = typeof dto.subject === 'string' ? dto.subject.trim() : template?.subject;
    const body = typeof dto.body === 'string' ? dto.body.trim() : template?.body;
    // The rules (SEND_EMAIL_RULES) already required them; this keeps a direct call safe.
    if (!subject || !body) {
      throw new BadRequestException({
        message: EMAIL_TEMPLATE_MESSAGES.templateOrText,
        errors: { template_id: EMAIL_TEMPLATE_MESSAGES.templateOrText },
      });
    }
    for (const [field, text] of [
      ['subject', subject],
      ['body', body],
    ] as const) {
      const unknown = unknownVariable(text);
      if (unknown !== undefined) {
        const message = EMAIL_TEMPLATE_MESSAGES.unknownVariable(unknown);
        throw new BadRequestException({ message, errors: { [field]: message } });
      }
    }
    return { subject, body };
  }

  private async findLead(em: EntityManager, id: number): Promise<Lead> {
    const lead = await this.leads.findWithRefs(em, id);
    if (!lead) throw new NotFoundException('Lead not found.');
    if (lead.anonymised_at) throw new ConflictException(EMAIL_TEMPLATE_MESSAGES.anonymised);
    return lead;
  }

  private async render(
    em: EntityManager,
    lead: Lead,
    source: { subject: string; body: string },
    actorId: number | null,
    stopUrl?: string,
  ): Promise<Rendered> {
    // The lead's agent signs; an unassigned lead: the one who sends it.
    const signer = lead.agent ?? (actorId === null ? null : await this.users.findById(actorId, undefined, em));
    const pack = lead.travel_pack ?? null;
    const price =
      pack === null
        ? ''
        : formatUsd(
            pack.discount_price !== null && pack.discount_price < pack.price ? pack.discount_price : pack.price,
          );
    const values: Record<TemplateVariable, string> = {
      nombre: lead.first_name,
      apellido: lead.last_name,
      destino: lead.destination?.name ?? '',
      pack: pack?.name ?? '',
      precio: price,
      agente: signer ? fullName(signer) : '',
    };
    // A subject is one line: a value cannot break it.
    const subject = fillVariables(source.subject, values)
      .replace(/[\r\n]+/g, ' ')
      .trim();
    const text = fillVariables(source.body, values);
    // Escaped per paragraph: the template's own text and every value are escaped once.
    const htmlContent = textToHtml(text);
    const message = leadReplyMail(lead.email, { subject, text, htmlContent, replyTo: signer?.email }, stopUrl);
    return { message, subject };
  }
}

const toPreview = (m: MailMessage): LeadEmailPreview => ({
  to: m.to,
  subject: m.subject,
  body_text: m.text,
  body_html: m.html,
});
