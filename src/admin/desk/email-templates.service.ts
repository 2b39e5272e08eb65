import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { AuditContext } from '../../audit/audit-context';
import { AuditService, diffForAudit, snapshotForAudit } from '../../audit/audit.service';
import { UnitOfWork } from '../../database/unit-of-work';
import { ListQueryDto } from '../common/list-query.dto';
import { ListSpec, parseListQuery } from '../common/simple-rest';
import { Page } from '../../database/list-pages';
import { EmailTemplateInputDto } from './dto/email-template.dto';
import { EmailTemplate } from './email-template.entity';
import { EmailTemplatesRepository } from './email-templates.repository';

/** GET /api/admin/email-templates answers these. */
export interface AdminEmailTemplate {
  id: number;
  name: string;
  subject: string;
  body: string;
  sequence_day: number | null;
  created_at: string;
  updated_at: string;
}

const SPEC: ListSpec = {
  resource: 'email-templates',
  alias: 't',
  sortable: {
    id: ['t.id'],
    name: ['t.name'],
    sequence_day: ['t.sequence_day'],
    updated_at: ['t.updated_at'],
  },
  defaultOrder: [['t.name', 'ASC']],
  filters: { sequence_day: { column: 't.sequence_day', kind: 'nullable-int' } },
  searchColumns: ['t.name', 't.subject'],
};

const AUDIT_FIELDS = ['name', 'subject', 'body', 'sequence_day'];
const auditView = (t: EmailTemplate): Record<string, unknown> => ({ ...t });
const NAME_TAKEN = 'A template with this name already exists';

const toApi = (t: EmailTemplate): AdminEmailTemplate => ({
  id: t.id,
  name: t.name,
  subject: t.subject,
  body: t.body,
  sequence_day: t.sequence_day ?? null,
  created_at: new Date(t.created_at).toISOString(),
  updated_at: new Date(t.updated_at).toISOString(),
});

/** The replies agents send from a lead page, and the follow-up sequence of new leads. */
@Injectable()
export class EmailTemplatesService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly templates: EmailTemplatesRepository,
    private readonly audit: AuditService,
  ) {}

  async list(query: ListQueryDto): Promise<Page<AdminEmailTemplate>> {
    const parsed = parseListQuery(query, SPEC);
    const page = await this.templates.pageOf(parsed);
    return { ...page, items: page.items.map(toApi) };
  }

  async get(id: number): Promise<AdminEmailTemplate> {
    return toApi(await this.find(this.templates.manager, id));
  }

  /** The template, for a reply (404 naming the template). */
  async find(em: EntityManager, id: number): Promise<EmailTemplate> {
    const template = await this.templates.findById(em, id);
    if (!template) throw new NotFoundException('Template not found.');
    return template;
  }

  async create(dto: EmailTemplateInputDto, ctx: AuditContext): Promise<AdminEmailTemplate> {
    const saved = await this.unitOfWork.run(async (em) => {
      const template = this.templates.create(em);
      await this.apply(em, template, dto);
      const row = await this.templates.save(em, template);
      await this.audit.record(em, ctx, {
        action: 'create',
        resource: 'email-templates',
        record_id: row.id,
        changes: snapshotForAudit(auditView(row), AUDIT_FIELDS, 'created'),
      });
      return row;
    });
    return this.get(saved.id);
  }

  async update(id: number, dto: EmailTemplateInputDto, ctx: AuditContext): Promise<AdminEmailTemplate> {
    await this.unitOfWork.run(async (em) => {
      const template = await this.find(em, id);
      const before = auditView(template);
      await this.apply(em, template, dto);
      await this.templates.save(em, template);
      const changes = diffForAudit(before, auditView(template), AUDIT_FIELDS);
      if (Object.keys(changes).length)
        await this.audit.record(em, ctx, { action: 'update', resource: 'email-templates', record_id: id, changes });
    });
    return this.get(id);
  }

  async remove(id: number, ctx: AuditContext): Promise<AdminEmailTemplate> {
    return this.unitOfWork.run(async (em) => {
      const found = await this.find(em, id);
      await this.templates.delete(em, id);
      await this.audit.record(em, ctx, {
        action: 'delete',
        resource: 'email-templates',
        record_id: id,
        changes: snapshotForAudit(auditView(found), AUDIT_FIELDS, 'deleted'),
      });
      return toApi(found);
    });
  }

  private async apply(em: EntityManager, template: EmailTemplate, dto: EmailTemplateInputDto): Promise<void> {
    const name = dto.name.trim();
    const taken = await this.templates.nameTaken(em, name, template.id);
    if (taken) throw new BadRequestException({ message: NAME_TAKEN, errors: { name: NAME_TAKEN } });
    template.name = name;
    template.subject = dto.subject.trim();
    template.body = dto.body.trim();
    // Left out of the form: unchanged (a new template is sent by hand only).
    if (dto.sequence_day !== undefined || template.sequence_day === undefined)
      template.sequence_day = dto.sequence_day ?? null;
  }
}
