import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditEntry } from '../../audit/entities/audit-entry.entity';
import { fetchPage, Page, ParsedList } from '../../database/list-pages';

/** The audit log's reads for the back-office (entries are written by AuditService, in the writes' transactions). */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One page of entries by the list's filters and sort (alias `a`). */
  pageOf(parsed: ParsedList): Promise<Page<AuditEntry>> {
    return fetchPage(this.dataSource.getRepository(AuditEntry).createQueryBuilder('a'), parsed);
  }

  findById(id: number): Promise<AuditEntry | null> {
    return this.dataSource.getRepository(AuditEntry).findOne({ where: { id } });
  }
}
