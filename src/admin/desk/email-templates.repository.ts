import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, Not } from 'typeorm';
import { fetchPage, Page, ParsedList } from '../../database/list-pages';
import { EmailTemplate } from './email-template.entity';

/** The email_templates table's queries for its editor and replies. Pass `em` to work inside the caller's transaction. */
@Injectable()
export class EmailTemplatesRepository {
  constructor(private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** One page of templates by the list's filters and sort (alias `t`). */
  pageOf(parsed: ParsedList): Promise<Page<EmailTemplate>> {
    return fetchPage(this.dataSource.getRepository(EmailTemplate).createQueryBuilder('t'), parsed);
  }

  findById(em: EntityManager, id: number): Promise<EmailTemplate | null> {
    return em.findOne(EmailTemplate, { where: { id } });
  }

  /** True when another template (not `exceptId`) already has this name. */
  nameTaken(em: EntityManager, name: string, exceptId?: number): Promise<boolean> {
    return em.exists(EmailTemplate, { where: exceptId ? { name, id: Not(exceptId) } : { name } });
  }

  /** A new, unsaved template. */
  create(em: EntityManager): EmailTemplate {
    return em.create(EmailTemplate, {});
  }

  save(em: EntityManager, template: EmailTemplate): Promise<EmailTemplate> {
    return em.save(template);
  }

  async delete(em: EntityManager, id: number): Promise<void> {
    await em.delete(EmailTemplate, { id });
  }
}
