import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { stringify } from 'csv-stringify/sync';
import type { AuditContext } from '../../audit/audit-context';
import { AuditService } from '../../audit/audit.service';
import { UnitOfWork } from '../../database/unit-of-work';
import { Lead } from '../../leads/entities/lead.entity';
import { LEAD_EXPORT_COLUMNS } from '../../../shared/api/admin';
import { iso } from '../common/formatting';
import { LeadSearchIndex } from './lead-search-index.repository';
import { parseFilterOnly } from '../common/simple-rest';
import { WhereClause } from '../../database/list-pages';
import { AdminLeadsRepository } from './admin-leads.repository';
import { LEAD_LIST_SPEC } from './lead-list-spec';

const BATCH = 1000;

/**
 * Lead rows as CSV (RFC 4180, CRLF). Text cells a spreadsheet would run as a formula (starting
 * with = + - @, their full-width forms, a tab or a carriage return) get a leading apostrophe: a
 * lead's name is typed by a stranger and agents open the file. Besides commas and quotes, cells
 * holding a semicolon, a tab or any line break are quoted too: spreadsheets in Spanish locales
 * split on `;`, and a lone CR or LF would otherwise end the row.
 * The first chunk starts with a byte-order mark: Excel reads UTF-8 (accents) only with one.
 */
export function csvRows(rows: unknown[][], opts: { bom?: boolean } = {}): string {
  return stringify(rows, {
    bom: opts.bom ?? false,
    record_delimiter: 'windows',
    quoted_match: [';', '\t', '\r', '\n'],
    escape_formulas: true,
  });
}

function leadRow(lead: Lead): unknown[] {
  return [
    lead.id,
    iso(lead.created_at),
    lead.first_name,
    lead.last_name,
    lead.email,
    lead.phone,
    lead.date,
    lead.hour,
    lead.status,
    lead.destination?.name ?? '',
  ];
}

/** Streams every lead of a filter as CSV, reading the database in id-ordered batches (never all at once). */
@Injectable()
export class LeadsExportService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly leads: AdminLeadsRepository,
    private readonly searchIndex: LeadSearchIndex,
    private readonly audit: AuditService,
  ) {}

  /**
   * Validates the filter now (a 400 before any byte is sent) and records the export in the audit
   * log (the filter and how many rows it matches), then streams.
   */
  async open(filter: string | undefined, ctx: AuditContext): Promise<Readable> {
    const where = parseFilterOnly(filter, LEAD_LIST_SPEC);
    await this.searchIndex.beforeReading(where);
    await this.unitOfWork.run(async (em) => {
      const rows = await this.leads.countWhere(em, where);
      await this.audit.record(em, ctx, {
        action: 'export',
        resource: 'leads',
        changes: { filter: filter ? (JSON.parse(filter) as unknown) : {}, rows, format: 'csv' },
      });
    });
    return Readable.from(this.lines(where), { objectMode: false });
  }

  private async *lines(where: WhereClause[]): AsyncGenerator<string> {
    yield csvRows([[...LEAD_EXPORT_COLUMNS]], { bom: true });
    let afterId = 0;
    for (;;) {
      const batch = await this.leads.batchAfter(where, afterId, BATCH);
      if (batch.length) yield csvRows(batch.map(leadRow));
      if (batch.length < BATCH) return;
      afterId = batch[batch.length - 1].id;
    }
  }
}
