import { BadRequestException, ForbiddenException, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CatalogueRepository } from '../catalogue/catalogue.repository';
import { Destination } from '../catalogue/entities/destination.entity';
import { UnitOfWork } from '../database/unit-of-work';
import { LeadResponse } from '../../shared/api/leads';
import { LeadSource, LeadStatus } from '../../shared/limits';
import { LEAD_FLOW_MESSAGES, LEAD_MESSAGES, parseDestinationId, PUBLIC_LEAD_SOURCE } from '../../shared/rules/lead';
import { normalizeEmail, normalizePhone } from '../../shared/rules/primitives';
import { UsersRepository } from '../users/users.repository';
import { CreateLeadDto } from './dto/create-lead.dto';
import { OutboxService, outboxStatement } from '../mail/outbox.service';
import { MetricsService } from '../metrics/metrics.service';
import { LeadNotifierService } from './lead-notifier.service';
import { LeadIntakeRepository } from './intake/lead-intake.repository';
import { LeadsRepository } from './leads.repository';
import { LeadEventsRepository } from './lead-events.repository';
import { toLeadResponse } from './lead-response';

/** What a new lead needs; strings already validated by the caller's rules. */
export interface NewLead {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  date?: string | null;
  hour?: string | null;
  destination_id: number;
  travel_pack_id?: number | null;
  status?: LeadStatus;
  source: LeadSource;
  agent_id?: number | null;
  notes?: string | null;
}

export interface SubmittedLead {
  lead: LeadResponse;
  /** False when an identical recent submission was found and returned instead. */
  created: boolean;
}

@Injectable()
export class LeadsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly catalogue: CatalogueRepository,
    private readonly intake: LeadIntakeRepository,
    private readonly leads: LeadsRepository,
    private readonly events: LeadEventsRepository,
    private readonly users: UsersRepository,
    private readonly notifier: LeadNotifierService,
    private readonly outbox: OutboxService,
    private readonly metrics: MetricsService,
  ) {}

  /** The public form: only for an e-mail verified in the last 30 minutes; repeats return the first lead. */
  async submitPublicLead(dto: CreateLeadDto, { counted = true } = {}): Promise<SubmittedLead> {
    const destinationId = parseDestinationId(dto.destination);
    if (destinationId === null) throw this.destinationNotFound();
    const outcome = await this.intake.submit(
      {
        first_name: dto.first_name.trim(),
        last_name: dto.last_name.trim(),
        email: normalizeEmail(dto.email),
        phone: normalizePhone(dto.phone) ?? '',
        date: dto.date?.trim() || null,
        hour: dto.hour?.trim() || null,
        destination_id: destinationId,
        source: PUBLIC_LEAD_SOURCE,
        marketing_opt_in: dto.marketing_opt_in === true,
      },
      // The agency's notice goes to the outbox in the lead's own transaction (the marketing consent,
      // when the box was ticked, is recorded there too).
      this.notifier.sends
        ? (lead, destination) => {
            const notice = this.notifier.notice(toLeadResponse(lead, destination))!;
            return outboxStatement(notice.message, notice.entry);
          }
        : undefined,
    );
    if (counted)
      this.metrics.leadReceived(outcome.kind === 'created' || outcome.kind === 'repeat' ? outcome.kind : 'refused');
    if (outcome.kind === 'no-destination') throw this.destinationNotFound();
    if (outcome.kind === 'not-verified')
      throw new ForbiddenException({ message: LEAD_FLOW_MESSAGES.verifyFirst, success: false });
    const lead = toLeadResponse(outcome.lead, outcome.destination);
    if (outcome.kind === 'repeat') return { lead, created: false };
    // The notice was written to the outbox with the lead (raw SQLite writes announce no commit).
    this.outbox.kick();
    return { lead, created: true };
  }

  /**
   * Creates a lead and its 'created' event in one transaction (the admin API reuses this).
   * Marks a repeat customer (earlier lead or an account with the e-mail) as priority and links
   * the account. Pass `manager` to join a transaction the caller already runs.
   */
  async createLead(
    input: NewLead,
    opts: { actorId?: number | null; manager?: EntityManager } = {},
  ): Promise<LeadResponse> {
    const destination = await this.catalogue.destinationName(input.destination_id, opts.manager);
    if (!destination) throw this.destinationNotFound();
    if (opts.manager) return this.insertLead(opts.manager, input, destination, opts.actorId ?? null);
    return this.unitOfWork.run((m) => this.insertLead(m, input, destination, opts.actorId ?? null));
  }

  private async insertLead(
    m: EntityManager,
    input: NewLead,
    destination: Pick<Destination, 'id' | 'name'>,
    actorId: number | null,
  ): Promise<LeadResponse> {
    const email = normalizeEmail(input.email);
    const [earlierLeads, account] = await Promise.all([
      this.leads.countByEmail(m, email),
      // Only an account that proved this address: an unverified sign-up must not collect someone's leads.
      this.users.findVerifiedByEmail(email, m),
    ]);
    const status = input.status ?? 'new';
    const lead = await this.leads.insert(m, {
      first_name: input.first_name.trim(),
      last_name: input.last_name.trim(),
      email,
      phone: input.phone,
      date: input.date || null,
      hour: input.hour || null,
      status,
      source: input.source,
      destination_id: destination.id,
      travel_pack_id: input.travel_pack_id ?? null,
      agent_id: input.agent_id ?? null,
      user_id: account?.id ?? null,
      is_priority: earlierLeads > 0 || !!account,
      notes: input.notes ?? null,
    });
    await this.events.record(m, lead.id, 'created', null, status, actorId);
    return toLeadResponse(lead, destination);
  }

  private destinationNotFound(): BadRequestException {
    return new BadRequestException({
      message: LEAD_MESSAGES.destinationNotFound,
      errors: { destination: LEAD_MESSAGES.destinationNotFound },
      success: false,
    });
  }
}
