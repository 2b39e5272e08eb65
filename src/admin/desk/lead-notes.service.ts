import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { AuditContext } from '../../audit/audit-context';
import { AuditService } from '../../audit/audit.service';
import type { AuthUser } from '../../common/decorators/auth-user';
import { UnitOfWork } from '../../database/unit-of-work';
import { LeadsRepository } from '../../leads/leads.repository';
import { AdminLeadNote } from '../../../shared/api/lead-desk';
import { ListQueryDto } from '../common/list-query.dto';
import { ListSpec, parseListQuery } from '../common/simple-rest';
import { Page } from '../../database/list-pages';
import { fullName, iso } from '../common/formatting';
import { CreateLeadNoteDto } from './dto/lead-desk.dto';
import { LeadNote } from './lead-note.entity';
import { LeadNotesRepository } from './lead-notes.repository';

const SPEC: ListSpec = {
  resource: 'lead-notes',
  alias: 'n',
  sortable: { id: ['n.id'], created_at: ['n.created_at'], lead_id: ['n.lead_id'] },
  defaultOrder: [['n.id', 'DESC']],
  filters: {
    lead_id: { column: 'n.lead_id', kind: 'int' },
    author_id: { column: 'n.author_id', kind: 'nullable-int' },
  },
  searchColumns: ['n.text'],
};

export const toAdminLeadNote = (n: LeadNote): AdminLeadNote => ({
  id: n.id,
  lead_id: n.lead_id,
  text: n.text,
  author_id: n.author_id,
  author_name: n.author ? fullName(n.author) : null,
  created_at: iso(n.created_at) ?? '',
});

/** A lead that does not exist, named in a body: 400 on the field. */
export async function requireLead(leads: LeadsRepository, em: EntityManager, leadId: number): Promise<void> {
  if (!(await leads.exists(em, leadId))) {
    const message = `Lead ${leadId} not found.`;
    throw new BadRequestException({ message, errors: { lead_id: message } });
  }
}

/** What agents write about a lead; only the author or a superuser deletes a note. */
@Injectable()
export class LeadNotesService {
  constructor(
    private readonly notes: LeadNotesRepository,
    private readonly audit: AuditService,
    private readonly unitOfWork: UnitOfWork,
    private readonly leads: LeadsRepository,
  ) {}

  async list(query: ListQueryDto): Promise<Page<AdminLeadNote>> {
    const page = await this.notes.pageOf(parseListQuery(query, SPEC));
    return { ...page, items: page.items.map(toAdminLeadNote) };
  }

  async get(id: number): Promise<AdminLeadNote> {
    return toAdminLeadNote(await this.find(this.notes.manager, id));
  }

  async create(dto: CreateLeadNoteDto, actor: AuthUser, ctx: AuditContext): Promise<AdminLeadNote> {
    const text = dto.text.trim();
    if (!text)
      throw new BadRequestException({
        message: 'text must not be blank.',
        errors: { text: 'text must not be blank.' },
      });
    const id = await this.unitOfWork.run(async (em) => {
      await requireLead(this.leads, em, dto.lead_id);
      const created = await this.notes.insert(em, { lead_id: dto.lead_id, text, author_id: actor.id });
      await this.audit.record(em, ctx, {
        action: 'create',
        resource: 'lead-notes',
        record_id: created,
        changes: { lead_id: [null, dto.lead_id], length: [null, text.length] },
      });
      return created;
    });
    return this.get(id);
  }

  async remove(id: number, actor: AuthUser, ctx: AuditContext): Promise<AdminLeadNote> {
    return this.unitOfWork.run(async (em) => {
      const note = await this.find(em, id);
      if (note.author_id !== actor.id && !actor.is_admin)
        throw new ForbiddenException('Only the author or a superuser may delete this note.');
      await this.notes.delete(em, id);
      await this.audit.record(em, ctx, {
        action: 'delete',
        resource: 'lead-notes',
        record_id: id,
        changes: { lead_id: [note.lead_id, null] },
      });
      return toAdminLeadNote(note);
    });
  }

  private async find(em: EntityManager, id: number): Promise<LeadNote> {
    const note = await this.notes.findWithAuthor(id, em);
    if (!note) throw new NotFoundException('Note not found.');
    return note;
  }
}
