import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AuthUser } from '../../common/decorators/auth-user';
import type { AuditContext } from '../../audit/audit-context';
import { AuditService, diffForAudit, snapshotForAudit } from '../../audit/audit.service';
import { AppConfig } from '../../config/app-config';
import { UnitOfWork } from '../../database/unit-of-work';
import { Lead } from '../../leads/entities/lead.entity';
import { LeadsService } from '../../leads/leads.service';
import { AdminLead, AdminLeadDetail, BulkDeleteResult, ADMIN_WRITABLE_FIELDS } from '../../../shared/api/admin';
import { LeadStatus } from '../../../shared/limits';
import { ADMIN_LEAD_MESSAGES, trimHour } from '../../../shared/rules/admin-lead';
import { validateLeadStatusChange } from '../../../shared/rules/lead-status';
import { isBlank, normalizeEmail, normalizePhone } from '../../../shared/rules/primitives';
import { uniqueIds } from '../common/id-list.decorator';
import { ListQueryDto } from '../common/list-query.dto';
import { missingIds } from '../common/not-found';
import { parseListQuery } from '../common/simple-rest';
import { Page } from '../../database/list-pages';
import { AdminLeadsRepository } from './admin-leads.repository';
import { DestinationsRepository } from '../destinations/destinations.repository';
import { LeadSearchIndex, reindexLeadText } from './lead-search-index.repository';
import { CreateAdminLeadDto } from './dto/create-admin-lead.dto';
import { UpdateAdminLeadDto } from './dto/update-admin-lead.dto';
import { loadLeadHistory } from './lead-history';
import { LeadEventsRepository } from '../../leads/lead-events.repository';
import { samePerson } from '../../leads/same-person';
import { LeadLinksRepository } from '../desk/lead-links.repository';
import { LEAD_LIST_SPEC } from './lead-list-spec';
import { toAdminLead, toDeskLead } from './lead-response';

/** What the audit log records of a lead: every field an update may write. */
const AUDIT_FIELDS = ADMIN_WRITABLE_FIELDS.leadsUpdate;
const auditView = (lead: Lead): Record<string, unknown> => ({ ...lead });

function invalid(field: string, message: string): BadRequestException {
  return new BadRequestException({ message, errors: { [field]: message } });
}

@Injectable()
export class AdminLeadsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly rows: AdminLeadsRepository,
    private readonly events: LeadEventsRepository,
    private readonly destinations: DestinationsRepository,
    private readonly leads: LeadsService,
    private readonly searchIndex: LeadSearchIndex,
    private readonly links: LeadLinksRepository,
    private readonly audit: AuditService,
    private readonly config: AppConfig,
  ) {}

  async list(query: ListQueryDto): Promise<Page<AdminLead>> {
    const parsed = parseListQuery(query, LEAD_LIST_SPEC);
    await this.searchIndex.beforeReading(parsed.where);
    const page = await this.rows.pageOf(parsed);
    return { ...page, items: await this.withDesk(this.rows.manager, page.items) };
  }

  async get(id: number): Promise<AdminLeadDetail> {
    const em = this.rows.manager;
    const lead = await this.findWithRefs(em, id);
    // Independent reads, side by side.
    const [[shape], history, mergeable_into, related_lead_ids] = await Promise.all([
      this.withDesk(em, [lead]),
      loadLeadHistory(this.events, em, id),
      this.mergeableInto(em, lead),
      this.links.relatedTo(em, id),
    ]);
    return { ...shape, history, mergeable_into, related_lead_ids };
  }

  /** The lead a repeat request may be merged into: the one it repeats, when it is the same person's. */
  private async mergeableInto(em: EntityManager, lead: Lead): Promise<number | null> {
    if (lead.duplicate_of == null || lead.merged_into != null) return null;
    const original = await this.rows.personOf(em, lead.duplicate_of);
    return original && original.merged_into == null && samePerson(lead, original).same ? original.id : null;
  }

  /** The rows as the back-office shows them: SLA flag and repeat-request counts (one grouped query). */
  private async withDesk(em: EntityManager, leads: Lead[]): Promise<AdminLead[]> {
    const counts = await this.rows.countRepeats(
      em,
      leads.map((l) => l.id),
    );
    const now = new Date();
    return leads.map((lead) =>
      toDeskLead(lead, { slaMinutes: this.config.leadSlaMinutes, repeatRequests: counts.get(lead.id) ?? 0, now }),
    );
  }

  async create(input: CreateAdminLeadDto, actor: AuthUser, ctx: AuditContext): Promise<AdminLeadDetail> {
    const dto = withBlankIdsAsNull(input);
    const destinationId = (dto.destination_id ?? dto.destination) as number;
    const id = await this.unitOfWork.run(async (em) => {
      await this.checkDestination(em, destinationId);
      if (dto.travel_pack_id) await this.checkPack(em, dto.travel_pack_id, destinationId);
      if (dto.agent_id) await this.checkAgent(em, dto.agent_id);
      const values = {
        first_name: dto.first_name.trim(),
        last_name: dto.last_name.trim(),
        email: normalizeEmail(dto.email),
        phone: normalizePhone(dto.phone) ?? '',
        date: dto.date?.trim() || null,
        hour: dto.hour ? trimHour(dto.hour) || null : null,
        status: (dto.status ?? 'new') as LeadStatus,
        source: 'admin' as const,
        destination_id: destinationId,
        travel_pack_id: dto.travel_pack_id ?? null,
        agent_id: dto.agent_id ?? null,
        notes: dto.notes?.trim() || null,
      };
      const lead = await this.leads.createLead(values, { actorId: actor.id, manager: em });
      if (dto.agent_id) await this.events.record(em, lead.id, 'assignment', null, dto.agent_id, actor.id);
      await this.audit.record(em, ctx, {
        action: 'create',
        resource: 'leads',
        record_id: lead.id,
        changes: snapshotForAudit(values, AUDIT_FIELDS, 'created'),
      });
      return lead.id;
    });
    return this.get(id);
  }

  async update(id: number, input: UpdateAdminLeadDto, actor: AuthUser, ctx: AuditContext): Promise<AdminLeadDetail> {
    const dto = withBlankIdsAsNull(input);
    await this.unitOfWork.run(async (em) => {
      const lead = await this.lockLead(em, id);
      const patch: Partial<Lead> = {};
      if (dto.first_name !== undefined) patch.first_name = dto.first_name.trim();
      if (dto.last_name !== undefined) patch.last_name = dto.last_name.trim();
      if (dto.email !== undefined) patch.email = normalizeEmail(dto.email);
      if (dto.phone !== undefined) patch.phone = normalizePhone(dto.phone) ?? '';
      const contactChanged =
        (patch.email !== undefined && patch.email !== normalizeEmail(lead.email)) ||
        (patch.phone !== undefined && patch.phone !== (normalizePhone(lead.phone) ?? ''));
      if (contactChanged && !actor.is_admin) throw new ForbiddenException(ADMIN_LEAD_MESSAGES.contactAdminOnly);
      // An empty (or blank) date or hour is omitted (left as it is); null clears it.
      if (dto.date !== undefined && dto.date?.trim() !== '') patch.date = dto.date === null ? null : dto.date.trim();
      if (dto.hour !== undefined && dto.hour?.trim() !== '') patch.hour = dto.hour === null ? null : trimHour(dto.hour);
      if (dto.is_priority !== undefined) patch.is_priority = dto.is_priority;
      if (dto.notes !== undefined) patch.notes = dto.notes?.trim() || null;

      const destinationId = dto.destination_id ?? dto.destination ?? lead.destination_id;
      if (destinationId !== lead.destination_id) {
        await this.checkDestination(em, destinationId);
        patch.destination_id = destinationId;
      }
      if (dto.travel_pack_id !== undefined) {
        if (dto.travel_pack_id !== null) await this.checkPack(em, dto.travel_pack_id, destinationId);
        patch.travel_pack_id = dto.travel_pack_id;
      } else if (patch.destination_id !== undefined && lead.travel_pack_id !== null) {
        // Moving the lead to another destination drops a pack that does not belong to it.
        const pack = await this.rows.packOf(em, lead.travel_pack_id);
        if (pack?.destination_id !== destinationId) patch.travel_pack_id = null;
      }
      if (dto.agent_id !== undefined && dto.agent_id !== lead.agent_id) {
        if (dto.agent_id !== null) await this.checkAgent(em, dto.agent_id);
        patch.agent_id = dto.agent_id;
        await this.events.record(em, id, 'assignment', lead.agent_id, dto.agent_id, actor.id);
      }
      if (dto.status !== undefined && dto.status !== lead.status) {
        const refused = validateLeadStatusChange(lead.status as LeadStatus, dto.status);
        if (refused) throw invalid('status', refused);
        patch.status = dto.status;
        await this.events.record(em, id, 'status', lead.status, dto.status, actor.id);
      }
      if (Object.keys(patch).length) await this.rows.update(em, id, patch);
      const changes = diffForAudit(auditView(lead), patch, AUDIT_FIELDS);
      if (Object.keys(changes).length)
        await this.audit.record(em, ctx, { action: 'update', resource: 'leads', record_id: id, changes });
      const searched = patch.first_name !== undefined || patch.last_name !== undefined || patch.email !== undefined;
      if (searched) await reindexLeadText(em, id);
    });
    return this.get(id);
  }

  async remove(id: number, ctx: AuditContext): Promise<AdminLead> {
    return this.unitOfWork.run(async (em) => {
      const lead = await this.findWithRefs(em, id);
      const shape = toAdminLead(lead);
      await this.rows.delete(em, [id]);
      await this.audit.record(em, ctx, {
        action: 'delete',
        resource: 'leads',
        record_id: id,
        changes: snapshotForAudit(auditView(lead), AUDIT_FIELDS, 'deleted'),
      });
      return shape;
    });
  }

  async bulkRemove(ids: number[], ctx: AuditContext): Promise<BulkDeleteResult> {
    const wanted = uniqueIds(ids);
    return this.unitOfWork.run(async (em) => {
      const leads = await this.rows.findForDelete(em, wanted);
      const found = new Set(leads.map((l) => l.id));
      const missing = wanted.filter((id) => !found.has(id));
      if (missing.length) throw missingIds('leads', missing);
      await this.rows.delete(em, wanted);
      await this.audit.recordMany(
        em,
        ctx,
        leads.map((lead) => ({
          action: 'bulk_delete' as const,
          resource: 'leads',
          record_id: lead.id,
          changes: snapshotForAudit(auditView(lead), AUDIT_FIELDS, 'deleted'),
        })),
      );
      return { deleted: wanted.length };
    });
  }

  private async findWithRefs(em: EntityManager, id: number): Promise<Lead> {
    const lead = await this.rows.findWithRefs(em, id);
    if (!lead) throw new NotFoundException('Lead not found.');
    return lead;
  }

  /** Reads the lead for an update; on MySQL locks its row so concurrent edits record a true history. */
  private async lockLead(em: EntityManager, id: number): Promise<Lead> {
    const lead = await this.rows.findLocked(em, id);
    if (!lead) throw new NotFoundException('Lead not found.');
    return lead;
  }

  private async checkDestination(em: EntityManager, id: number): Promise<void> {
    if (!(await this.destinations.exists(em, id))) {
      throw invalid('destination_id', ADMIN_LEAD_MESSAGES.destinationNotFound);
    }
  }

  private async checkPack(em: EntityManager, packId: number, destinationId: number): Promise<void> {
    const pack = await this.rows.packOf(em, packId);
    if (!pack) throw invalid('travel_pack_id', ADMIN_LEAD_MESSAGES.packNotFound);
    if (pack.destination_id !== destinationId)
      throw invalid('travel_pack_id', ADMIN_LEAD_MESSAGES.packOtherDestination);
  }

  private async checkAgent(em: EntityManager, agentId: number): Promise<void> {
    if (!(await this.rows.agentExists(em, agentId))) {
      throw invalid('agent_id', ADMIN_LEAD_MESSAGES.agentNotFound);
    }
  }
}

/** Optional references sent as '' (an emptied select) mean "none", like null. */
function withBlankIdsAsNull<T extends { travel_pack_id?: unknown; agent_id?: unknown }>(dto: T): T {
  const blank = (v: unknown) => typeof v === 'string' && isBlank(v);
  return {
    ...dto,
    ...(blank(dto.travel_pack_id) ? { travel_pack_id: null } : {}),
    ...(blank(dto.agent_id) ? { agent_id: null } : {}),
  };
}
