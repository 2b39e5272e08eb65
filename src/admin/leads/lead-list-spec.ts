import { SelectQueryBuilder } from 'typeorm';
import { Lead } from '../../leads/entities/lead.entity';
import { LEAD_STATUSES } from '../../../shared/limits';
import { ListSpec } from '../common/simple-rest';

/** Leads list: priority leads first, then newest (index IDX_leads_priority_created). */
export const LEAD_LIST_SPEC: ListSpec = {
  resource: 'leads',
  alias: 'l',
  sortable: {
    id: ['l.id'],
    created_at: ['l.created_at'],
    formatted_created_at: ['l.created_at'],
    first_name: ['l.first_name'],
    last_name: ['l.last_name'],
    full_name: ['l.first_name', 'l.last_name'],
    email: ['l.email'],
    phone: ['l.phone'],
    date: ['l.date'],
    hour: ['l.hour'],
    status: ['l.status'],
    is_priority: ['l.is_priority'],
    destination_id: ['l.destination_id'],
    agent_id: ['l.agent_id'],
  },
  defaultOrder: [
    ['l.is_priority', 'DESC'],
    ['l.created_at', 'DESC'],
    ['l.id', 'DESC'],
  ],
  filters: {
    status: { column: 'l.status', kind: { oneOf: LEAD_STATUSES } },
    destination_id: { column: 'l.destination_id', kind: 'int' },
    agent_id: { column: 'l.agent_id', kind: 'nullable-int' },
    travel_pack_id: { column: 'l.travel_pack_id', kind: 'nullable-int' },
    is_priority: { column: 'l.is_priority', kind: 'bool' },
    // A repeat request: linked to the open lead of the same person (the lead desk's duplicates).
    is_repeat: { column: 'l.duplicate_of', kind: 'is-set' },
    email: { column: 'l.email', kind: 'email' },
    created_at_gte: { column: 'l.created_at', kind: 'from-date' },
    created_at_lte: { column: 'l.created_at', kind: 'to-date' },
  },
  // Names and e-mail in one indexed column (Lead.search_text): one comparison per lead, on the index alone.
  searchColumns: ['l.search_text'],
  // On SQLite, its trigrams (migration LeadSearchIndex): words are looked up, not compared with every lead.
  sqliteSearchIndex: 'leads_search',
  // On MySQL/MariaDB, its suffixes (migration LeadSearchSuffixes): the same, as prefixes of a key.
  mysqlSearchSuffixes: { table: 'lead_search_suffixes', rowColumn: 'lead_id' },
};

/** Joins what a lead row shows: destination and pack names, the agent's name (never the hash). */
export function joinLeadRefs(qb: SelectQueryBuilder<Lead>): SelectQueryBuilder<Lead> {
  return qb
    .leftJoin('l.destination', 'd')
    .addSelect(['d.id', 'd.name'])
    .leftJoin('l.travel_pack', 'tp')
    .addSelect(['tp.id', 'tp.name'])
    .leftJoin('l.agent', 'ag')
    .addSelect(['ag.id', 'ag.first_name', 'ag.last_name']);
}
