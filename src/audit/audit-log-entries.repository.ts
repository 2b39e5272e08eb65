import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AuditEntry } from './entities/audit-entry.entity';

/** Rows per statement: a bulk action's entries stay within every driver's parameter limit. */
const CHUNK = 500;

/** The audit log's writes; every method takes the caller's EntityManager, so the entry commits with the change. */
@Injectable()
export class AuditLogEntriesRepository {
  /** Inserts the entries in the caller's transaction, one statement per 500 rows. */
  async insertMany(em: EntityManager, rows: ReadonlyArray<Omit<AuditEntry, 'id' | 'created_at'>>): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await em
        .createQueryBuilder()
        .insert()
        .into(AuditEntry)
        .values(rows.slice(i, i + CHUNK))
        .execute();
    }
  }
}
