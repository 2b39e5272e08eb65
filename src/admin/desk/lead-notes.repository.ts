import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { fetchPage, Page, ParsedList } from '../../database/list-pages';
import { LeadNote } from './lead-note.entity';

/** The note's author, as much of it as a note shows (alias `n`). */
const withAuthor = (qb: SelectQueryBuilder<LeadNote>) =>
  qb.leftJoin('n.author', 'author').addSelect(['author.id', 'author.first_name', 'author.last_name']);

/** The lead_notes table: every query of it. Pass `em` to work inside the caller's transaction. */
@Injectable()
export class LeadNotesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** For a transaction that writes a note and its audit entry together. */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** One page of notes by the list's filters and sort, each with its author. */
  pageOf(parsed: ParsedList): Promise<Page<LeadNote>> {
    return fetchPage(this.dataSource.getRepository(LeadNote).createQueryBuilder('n'), parsed, withAuthor);
  }

  findWithAuthor(id: number, em: EntityManager = this.manager): Promise<LeadNote | null> {
    return withAuthor(em.createQueryBuilder(LeadNote, 'n')).where('n.id = :id', { id }).getOne();
  }

  async insert(em: EntityManager, row: Pick<LeadNote, 'lead_id' | 'text' | 'author_id'>): Promise<number> {
    return (await em.save(em.create(LeadNote, { ...row, created_at: new Date() }))).id;
  }

  async delete(em: EntityManager, id: number): Promise<void> {
    await em.delete(LeadNote, { id });
  }

  /** Moves lead `from`'s rows to lead `to` (a merge). */
  async moveToLead(em: EntityManager, from: number, to: number): Promise<void> {
    await em.update(LeadNote, { lead_id: from }, { lead_id: to });
  }
}
