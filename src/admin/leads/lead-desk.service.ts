import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { AuditContext } from '../../audit/audit-context';
import { AuditService, diffForAudit } from '../../audit/audit.service';
import { AuthUser } from '../../common/decorators/auth-user';
import { UnitOfWork } from '../../database/unit-of-work';
import { Lead } from '../../leads/entities/lead.entity';
import { LeadStatus } from '../../../shared/limits';
import { ADMIN_LEAD_MESSAGES } from '../../../shared/rules/admin-lead';
import { validateLeadStatusChange } from '../../../shared/rules/lead-status';
import { LeadNotesRepository } from '../desk/lead-notes.repository';
import { LeadLinksRepository } from '../desk/lead-links.repository';
import { LeadTasksRepository } from '../desk/lead-tasks.repository';
import { uniqueIds } from '../common/id-list.decorator';
import { BulkUpdateLeadsDto } from './dto/lead-desk.dto';
import { AdminLeadsRepository } from './admin-leads.repository';
import { LeadEventsRepository } from '../../leads/lead-events.repository';
import { samePerson } from '../../leads/same-person';

function invalid(field: string, message: string): BadRequestException {
  return new BadRequestException({ message, errors: { [field]: message } });
}

/** A merged lead is closed: it stays only as a pointer to the lead it was merged into. */
const MERGED_STATUS: LeadStatus = 'lost';

/** The lead desk's actions on several leads: bulk reassign / status, and merging a repeat into its original. */
@Injectable()
export class LeadDeskService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly rows: AdminLeadsRepository,
    private readonly events: LeadEventsRepository,
    private readonly notes: LeadNotesRepository,
    private readonly tasks: LeadTasksRepository,
    private readonly links: LeadLinksRepository,
    private readonly audit: AuditService,
  ) {}

  /**
   * Assigns and/or moves every lead (all or nothing): a move the pipeline refuses for one lead
   * refuses the request, naming the lead. Each change writes its history row and an audit entry.
   */
  async bulkUpdate(dto: BulkUpdateLeadsDto, actor: AuthUser, ctx: AuditContext): Promise<{ data: number[] }> {
    if (dto.agent_id === undefined && dto.status === undefined) {
      throw invalid('status', 'Choose an agent or a status to apply.');
    }
    const ids = uniqueIds(dto.ids);
    await this.unitOfWork.run(async (em) => {
      const leads = await this.rows.findManyLocked(em, ids);
      const found = new Set(leads.map((l) => l.id));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length) {
        throw new NotFoundException({
          message: `Some leads were not found: ${missing.join(', ')}. Nothing was changed.`,
          missing_ids: missing,
        });
      }
      if (dto.agent_id != null && !(await this.rows.agentExists(em, dto.agent_id))) {
        throw invalid('agent_id', ADMIN_LEAD_MESSAGES.agentNotFound);
      }
      if (dto.status !== undefined) {
        for (const lead of leads) {
          const refused = validateLeadStatusChange(lead.status as LeadStatus, dto.status);
          if (refused) throw invalid('status', `Lead #${lead.id} (${lead.first_name} ${lead.last_name}): ${refused}`);
        }
      }
      const audits = [];
      for (const lead of leads) {
        const patch: Partial<Lead> = {};
        if (dto.agent_id !== undefined && dto.agent_id !== lead.agent_id) {
          patch.agent_id = dto.agent_id;
          await this.events.record(em, lead.id, 'assignment', lead.agent_id, dto.agent_id, actor.id);
        }
        if (dto.status !== undefined && dto.status !== lead.status) {
          patch.status = dto.status;
          await this.events.record(em, lead.id, 'status', lead.status, dto.status, actor.id);
        }
        if (!Object.keys(patch).length) continue;
        await this.rows.update(em, lead.id, patch);
        audits.push({
          action: 'bulk_update' as const,
          resource: 'leads',
          record_id: lead.id,
          changes: diffForAudit({ ...lead }, patch, ['agent_id', 'status']),
        });
      }
      if (audits.length) await this.audit.recordMany(em, ctx, audits);
    });
    return { data: ids };
  }

  /**
   * Moves the notes, tasks, history and links of lead `id` to `into`, points its repeat requests
   * there too, and keeps `id` as a closed pointer (merged_into); `into` records a 'merged' event.
   * Only one person's leads merge (samePerson): two people's answer 409, nothing moved.
   */
  async merge(id: number, into: number, actor: AuthUser, ctx: AuditContext): Promise<void> {
    if (id === into) throw invalid('into', 'A lead cannot be merged into itself.');
    await this.unitOfWork.run(async (em) => {
      const [lead, target] = await this.lockBoth(em, id, into);
      if (lead.merged_into != null)
        throw invalid('into', `Lead #${id} was already merged into lead #${lead.merged_into}.`);
      if (target.merged_into != null)
        throw invalid('into', `Lead #${into} was merged into lead #${target.merged_into}; merge into that one.`);
      const verdict = samePerson(lead, target);
      if (!verdict.same) throw new ConflictException(`${verdict.message} ${ADMIN_LEAD_MESSAGES.linkInstead}`);
      await this.notes.moveToLead(em, id, into);
      await this.tasks.moveToLead(em, id, into);
      await this.events.moveToLead(em, id, into);
      await this.links.moveToLead(em, id, into);
      // Repeats of the merged lead now repeat the one it went into (never the target itself).
      await this.rows.repointRepeats(em, id, into);
      const patch: Partial<Lead> = { merged_into: into };
      if (lead.status !== 'booked') patch.status = MERGED_STATUS;
      await this.rows.update(em, id, patch);
      await this.events.record(em, into, 'merged', id, into, actor.id);
      await this.audit.record(em, ctx, {
        action: 'update',
        resource: 'leads',
        record_id: id,
        changes: diffForAudit({ ...lead }, patch, ['merged_into', 'status']),
      });
    });
  }

  /**
   * Links lead `id` and lead `other` as related (another person's lead of the same trip or
   * household): nothing moves between them; both leads record a 'related' event and an audit
   * entry. Linking a linked pair again changes nothing.
   */
  async relate(id: number, other: number, actor: AuthUser, ctx: AuditContext): Promise<void> {
    if (id === other) throw invalid('other_id', 'A lead cannot be related to itself.');
    await this.unitOfWork.run(async (em) => {
      const [lead, target] = await this.lockBoth(em, id, other, 'other_id');
      for (const l of [lead, target])
        if (l.merged_into != null)
          throw invalid('other_id', `Lead #${l.id} was merged into lead #${l.merged_into}; link that one.`);
      if (await this.links.exists(em, id, other)) return;
      await this.links.insert(em, id, other, actor.id);
      await this.events.record(em, id, 'related', null, other, actor.id);
      await this.events.record(em, other, 'related', null, id, actor.id);
      await this.audit.recordMany(
        em,
        ctx,
        [
          [id, other],
          [other, id],
        ].map(([recordId, linked]) => ({
          action: 'update' as const,
          resource: 'leads',
          record_id: recordId,
          changes: { related_lead_id: [null, linked] },
        })),
      );
    });
  }

  private async lockBoth(em: EntityManager, id: number, into: number, field = 'into'): Promise<[Lead, Lead]> {
    const rows = await this.rows.findManyLocked(em, [id, into]);
    const lead = rows.find((l) => l.id === id);
    const target = rows.find((l) => l.id === into);
    if (!lead) throw new NotFoundException('Lead not found.');
    if (!target) throw new NotFoundException(`Lead #${into} (${field}) not found.`);
    return [lead, target];
  }
}
