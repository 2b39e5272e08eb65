import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Lead } from '../../leads/entities/lead.entity';
import { LEAD_EXPORT_COLUMNS } from '../../shared/api/admin';
import { iso } from '../common/formatting';
import { applyWhere, parseFilterOnly, WhereClause } from '../common/simple-rest';
import { LEAD_LIST_SPEC } from './lead-list-spec';

const BATCH = 1000;
/** Excel reads UTF-8 (accents in Spanish names) only with a byte-order mark. */
const BOM = '\uFEFF';

/**
 * A cell as CSV text. Cells a spreadsheet would run as a formula (= + - @, tab, carriage return)
 * get a leading apostrophe: a lead's name is typed by a stranger and agents open the file.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(cells: unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
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
  constructor(private readonly dataSource: DataSource) {}

  /** Validates the filter now (a 400 before any byte is sent), then streams. */
  open(filter: string | undefined): Readable {
    const where = parseFilterOnly(filter, LEAD_LIST_SPEC);
    return Readable.from(this.lines(where), { objectMode: false });
  }

  private async *lines(where: WhereClause[]): AsyncGenerator<string> {
    yield BOM + csvLine([...LEAD_EXPORT_COLUMNS]);
    let afterId = 0;
    for (;;) {
      const qb = this.dataSource
        .getRepository(Lead)
        .createQueryBuilder('l')
        .leftJoin('l.destination', 'd')
        .addSelect(['d.id', 'd.name']);
      applyWhere(qb, where).andWhere('l.id > :afterId', { afterId });
      const batch = await qb.orderBy('l.id', 'ASC').limit(BATCH).getMany();
      if (batch.length) yield batch.map((lead) => csvLine(leadRow(lead))).join('');
      if (batch.length < BATCH) return;
      afterId = batch[batch.length - 1].id;
    }
  }
}
