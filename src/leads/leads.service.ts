import { BadRequestException, ForbiddenException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, MoreThanOrEqual } from 'typeorm';
import { Destination } from '../catalogue/entities/destination.entity';
import { runInTransaction } from '../database/transactions';
import { LeadResponse } from '../shared/api/leads';
import { LeadSource, LeadStatus } from '../shared/limits';
import {
  LEAD_FLOW_MESSAGES,
  LEAD_MESSAGES,
  LEAD_VERIFICATION,
  normalizeEmail,
  normalizePhone,
  parseDestinationId,
  PUBLIC_LEAD_SOURCE,
} from '../shared/rules/lead';
import { User } from '../users/entities/user.entity';
import { CreateLeadDto } from './dto/create-lead.dto';
import { LeadEvent } from './entities/lead-event.entity';
import { Lead } from './entities/lead.entity';
import { LeadNotifierService } from './lead-notifier.service';
import { LeadVerificationService } from './lead-verification.service';
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

const MINUTE = 60_000;

@Injectable()
export class LeadsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly verification: LeadVerificationService,
    private readonly notifier: LeadNotifierService,
  ) {}

  /** The public form: only for an e-mail verified in the last 30 minutes; repeats return the first lead. */
  async submitPublicLead(dto: CreateLeadDto): Promise<SubmittedLead> {
    const destination = await this.findActiveDestination(dto.destination);
    const email = normalizeEmail(dto.email);
    const input: NewLead = {
      first_name: dto.first_name.trim(),
      last_name: dto.last_name.trim(),
      email,
      phone: normalizePhone(dto.phone) ?? '',
      date: dto.date?.trim() || null,
      hour: dto.hour?.trim() || null,
      destination_id: destination.id,
      source: PUBLIC_LEAD_SOURCE,
    };
    const result = await runInTransaction(
      this.dataSource,
      async (m): Promise<SubmittedLead> => {
        // Locks the e-mail's verification row (MySQL): identical submissions queue up here.
        if (!(await this.verification.isRecentlyVerified(m, email, true))) {
          throw new ForbiddenException({ message: LEAD_FLOW_MESSAGES.verifyFirst, success: false });
        }
        const since = new Date(Date.now() - LEAD_VERIFICATION.duplicateWindowMinutes * MINUTE);
        const existing = await m.getRepository(Lead).findOne({
          where: { email, destination_id: destination.id, created_at: MoreThanOrEqual(since) },
          order: { id: 'ASC' },
        });
        if (existing) return { lead: toLeadResponse(existing, destination), created: false };
        return { lead: await this.insertLead(m, input, destination, null), created: true };
      },
      { isolation: 'READ COMMITTED' },
    );
    if (result.created) this.notifier.notifyNewLead(result.lead);
    return result;
  }

  /**
   * Creates a lead and its 'created' event in one transaction (the admin API reuses this).
   * Marks a repeat customer (earlier lead or an account with the e-mail) as priority and links
   * the account. Pass `manager` to join a transaction the caller already runs.
   */
  async createLead(input: NewLead, opts: { actorId?: number | null; manager?: EntityManager } = {}): Promise<LeadResponse> {
    const destination = await (opts.manager ?? this.dataSource.manager)
      .getRepository(Destination)
      .findOne({ where: { id: input.destination_id }, select: { id: true, name: true } });
    if (!destination) throw this.destinationNotFound();
    if (opts.manager) return this.insertLead(opts.manager, input, destination, opts.actorId ?? null);
    return runInTransaction(this.dataSource, (m) => this.insertLead(m, input, destination, opts.actorId ?? null));
  }

  private async insertLead(
    m: EntityManager,
    input: NewLead,
    destination: Pick<Destination, 'id' | 'name'>,
    actorId: number | null,
  ): Promise<LeadResponse> {
    const email = normalizeEmail(input.email);
    const [earlierLeads, account] = await Promise.all([
      m.getRepository(Lead).count({ where: { email } }),
      m.getRepository(User).findOne({ where: { email }, select: { id: true } }),
    ]);
    const status = input.status ?? 'new';
    const lead = await m.getRepository(Lead).save(
      m.getRepository(Lead).create({
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
      }),
    );
    await m.getRepository(LeadEvent).insert({ lead_id: lead.id, kind: 'created', from_value: null, to_value: status, actor_id: actorId });
    return toLeadResponse(lead, destination);
  }

  private async findActiveDestination(raw: number | string): Promise<Pick<Destination, 'id' | 'name'>> {
    const id = parseDestinationId(raw);
    const destination =
      id === null
        ? null
        : await this.dataSource
            .getRepository(Destination)
            .findOne({ where: { id, status: 'active' }, select: { id: true, name: true } });
    if (!destination) throw this.destinationNotFound();
    return destination;
  }

  private destinationNotFound(): BadRequestException {
    return new BadRequestException({
      message: LEAD_MESSAGES.destinationNotFound,
      errors: { destination: LEAD_MESSAGES.destinationNotFound },
      success: false,
    });
  }
}
