import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { AuditContext } from '../../audit/audit-context';
import { AuditService, diffForAudit } from '../../audit/audit.service';
import { AuthUser } from '../../common/decorators/auth-user';
import { supportsRowLocks } from '../../database/dialect';
import { UnitOfWork } from '../../database/unit-of-work';
import { LeadEvent } from '../../leads/entities/lead-event.entity';
import { Lead } from '../../leads/entities/lead.entity';
import { LeadStatus } from '../../../shared/limits';
import { ADMIN_LEAD_MESSAGES } from '../../../shared/rules/admin-lead';
import { validateLeadStatusChange } from '../../../shared/rules/lead-status';
import { User } from '../../users/entities/user.entity';
import { LeadNote } from '../desk/lead-note.entity';
import { LeadTask } from '../desk/lead-task.entity';
import { uniqueIds } from '../common/id-list.decorator';
import { BulkUpdateLeadsDto } from './dto/lead-desk.dto';
import { recordLeadEvent } from './lead-history';

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
      const qb = em.getRepository(Lead).createQueryBuilder('l').where('l.id IN (:...ids)', { ids }).orderBy('l.id');
      if (supportsRowLocks(em)) qb.setLock('pessimistic_write');
      const leads = await qb.getMany();
      const found = new Set(leads.map((l) => l.id));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length) {
        throw new NotFoundException({
          message: `Some leads were not found: ${missing.join(', ')}. Nothing was changed.`,
          missing_ids: missing,
        });
      }
      if (dto.agent_id != null && !(await em.exists(User, { where: { id: dto.agent_id, is_agent: true } }))) {
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
          await recordLeadEvent(em, lead.id, 'assignment', lead.agent_id, dto.agent_id, actor.id);
        }
        if (dto.status !== undefined && dto.status !== lead.status) {
          patch.status = dto.status;
          await recordLeadEvent(em, lead.id, 'status', lead.status, dto.status, actor.id);
        }
        if (!Object.keys(patch).length) continue;
        await em.update(Lead, { id: lead.id }, patch);
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
   * Moves the notes, tasks and history of lead `id` to `into`, points its repeat requests there too,
   * and keeps `id` as a closed pointer (merged_into); `into` records a 'merged' event.
   */
  async merge(id: number, into: number, actor: AuthUser, ctx: AuditContext): Promise<void> {
    if (id === into) throw invalid('into', 'A lead cannot be merged into itself.');
    await this.unitOfWork.run(async (em) => {
      const [lead, target] = await this.lockBoth(em, id, into);
      if (lead.merged_into != null)
        throw invalid('into', `Lead #${id} was already merged into lead #${lead.merged_into}.`);
      if (target.merged_into != null)
        throw invalid('into', `Lead #${into} was merged into lead #${target.merged_into}; merge into that one.`);
      await em.update(LeadNote, { lead_id: id }, { lead_id: into });
      await em.update(LeadTask, { lead_id: id }, { lead_id: into });
      await em.update(LeadEvent, { lead_id: id }, { lead_id: into });
      // Repeats of the merged lead now repeat the one it went into (never the target itself).
      if (target.duplicate_of === id) await em.update(Lead, { id: into }, { duplicate_of: null });
      await em
        .createQueryBuilder()
        .update(Lead)
        .set({ duplicate_of: into })
        .where('duplicate_of = :id AND id <> :into', { id, into })
        .execute();
      const patch: Partial<Lead> = { merged_into: into };
      if (lead.status !== 'booked') patch.status = MERGED_STATUS;
      await em.update(Lead, { id }, patch);
      await recordLeadEvent(em, into, 'merged', id, into, actor.id);
      await this.audit.record(em, ctx, {
        action: 'update',
        resource: 'leads',
        record_id: id,
        changes: diffForAudit({ ...lead }, patch, ['merged_into', 'status']),
      });
    });
  }

  private async lockBoth(em: EntityManager, id: number, into: number): Promise<[Lead, Lead]> {
    const qb = em
      .getRepository(Lead)
      .createQueryBuilder('l')
      .where('l.id IN (:...ids)', { ids: [id, into] })
      .orderBy('l.id');
    if (supportsRowLocks(em)) qb.setLock('pessimistic_write');
    const rows = await qb.getMany();
    const lead = rows.find((l) => l.id === id);
    const target = rows.find((l) => l.id === into);
    if (!lead) throw new NotFoundException('Lead not found.');
    if (!target) throw new NotFoundException(`Lead #${into} (into) not found.`);
    return [lead, target];
  }
}
