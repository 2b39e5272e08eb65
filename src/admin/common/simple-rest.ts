import { BadRequestException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { ADMIN_DEFAULT_PAGE_SIZE, ADMIN_MAX_IDS, ADMIN_MAX_PAGE_SIZE, AdminResource } from '../../shared/api/admin';
import { readRawMany } from '../../database/sqlite-read-pool';
import { ListQueryDto } from './list-query.dto';

export type SortDirection = 'ASC' | 'DESC';
export type FilterKind =
  'int' | 'nullable-int' | 'bool' | 'email' | 'from-date' | 'to-date' | { oneOf: readonly string[] };

/** How one resource maps ra-data-simple-rest parameters onto its table. Columns are `alias.property`. */
export interface ListSpec {
  resource: AdminResource;
  alias: string;
  /** API sort field -> columns (e.g. full_name -> first_name, last_name). */
  sortable: Record<string, string[]>;
  defaultOrder: Array<[string, SortDirection]>;
  filters: Record<string, { column: string; kind: FilterKind }>;
  /** Each word of `q` must match one of these columns (contains, case-insensitive). */
  searchColumns: string[];
}

export interface WhereClause {
  sql: string;
  params: Record<string, unknown>;
}

export interface ParsedList {
  where: WhereClause[];
  order: Array<[string, SortDirection]>;
  offset: number;
  limit: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  offset: number;
}

const MAX_SEARCH_WORDS = 5;

function parseJson(text: string | undefined, what: string, expected: string): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestException(`Invalid ${what} parameter: expected ${expected}.`);
  }
}

/** LIKE pattern for "contains", with the wildcards of the input escaped by '!'. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

function parseSort(text: string | undefined, spec: ListSpec): Array<[string, SortDirection]> {
  const expected = '["field","ASC"|"DESC"]';
  const value = parseJson(text, 'sort', expected);
  if (value === undefined) return spec.defaultOrder;
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || typeof value[1] !== 'string') {
    throw new BadRequestException(`Invalid sort parameter: expected ${expected}.`);
  }
  const direction = value[1].toUpperCase();
  if (direction !== 'ASC' && direction !== 'DESC')
    throw new BadRequestException(`Invalid sort parameter: expected ${expected}.`);
  const columns = Object.prototype.hasOwnProperty.call(spec.sortable, value[0]) ? spec.sortable[value[0]] : undefined;
  if (!columns) throw new BadRequestException(`Cannot sort ${spec.resource} by "${value[0]}".`);
  return columns.map((c) => [c, direction] as [string, SortDirection]);
}

function parseRange(text: string | undefined): { offset: number; limit: number } {
  const value = parseJson(text, 'range', '[start, end]');
  if (value === undefined) return { offset: 0, limit: ADMIN_DEFAULT_PAGE_SIZE };
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    !value.every((n) => Number.isSafeInteger(n) && n >= 0) ||
    value[1] < value[0]
  ) {
    throw new BadRequestException('Invalid range parameter: expected [start, end].');
  }
  return { offset: value[0], limit: Math.min(value[1] - value[0] + 1, ADMIN_MAX_PAGE_SIZE) };
}

function badFilter(key: string): never {
  throw new BadRequestException(`Invalid value for filter "${key}".`);
}

function toInt(value: unknown, key: string): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) return badFilter(key);
  return n;
}

function toBool(value: unknown, key: string): boolean {
  if (value === true || value === 'true' || value === 1) return true;
  if (value === false || value === 'false' || value === 0) return false;
  return badFilter(key);
}

function toDate(value: unknown, key: string, endOfDay: boolean): Date {
  if (typeof value !== 'string') return badFilter(key);
  const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dayOnly ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(date.getTime())) return badFilter(key);
  if (dayOnly && endOfDay) date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

function idClause(column: string, value: unknown, key: string, param: string): WhereClause {
  if (Array.isArray(value)) {
    if (value.length > ADMIN_MAX_IDS)
      throw new BadRequestException(`Filter "${key}" accepts at most ${ADMIN_MAX_IDS} values.`);
    const ids = value.map((v) => toInt(v, key));
    return ids.length ? { sql: `${column} IN (:...${param})`, params: { [param]: ids } } : { sql: '1 = 0', params: {} };
  }
  return { sql: `${column} = :${param}`, params: { [param]: toInt(value, key) } };
}

function searchClause(q: string, spec: ListSpec): WhereClause | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const params: Record<string, unknown> = {};
  const words = text.split(/\s+/).slice(0, MAX_SEARCH_WORDS);
  const byWords = words
    .map((word, i) => {
      params[`q_w${i}`] = containsPattern(word);
      return `(${spec.searchColumns.map((c) => `${c} LIKE :q_w${i} ESCAPE '!'`).join(' OR ')})`;
    })
    .join(' AND ');
  const idText = text.replace(/^#/, '');
  if (/^\d{1,9}$/.test(idText)) {
    params.q_id = Number(idText);
    return { sql: `(${spec.alias}.id = :q_id OR (${byWords}))`, params };
  }
  return { sql: `(${byWords})`, params };
}

function filterClauses(text: string | undefined, spec: ListSpec): WhereClause[] {
  const value = parseJson(text, 'filter', 'a JSON object');
  if (value === undefined || value === null) return [];
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new BadRequestException('Invalid filter parameter: expected a JSON object.');
  }
  const clauses: WhereClause[] = [];
  Object.entries(value as Record<string, unknown>).forEach(([key, raw], index) => {
    const param = `f${index}`;
    if (key === 'q') {
      if (typeof raw !== 'string' && typeof raw !== 'number') return badFilter(key);
      const clause = searchClause(String(raw), spec);
      if (clause) clauses.push(clause);
      return;
    }
    if (key === 'id') {
      clauses.push(idClause(`${spec.alias}.id`, raw, key, param));
      return;
    }
    const filter = Object.prototype.hasOwnProperty.call(spec.filters, key) ? spec.filters[key] : undefined;
    if (!filter) throw new BadRequestException(`Unknown filter "${key}" for ${spec.resource}.`);
    const { column, kind } = filter;
    if (kind === 'int' || kind === 'nullable-int') {
      if (raw === null && kind === 'nullable-int') clauses.push({ sql: `${column} IS NULL`, params: {} });
      else clauses.push(idClause(column, raw, key, param));
    } else if (kind === 'bool') {
      clauses.push({ sql: `${column} = :${param}`, params: { [param]: toBool(raw, key) } });
    } else if (kind === 'email') {
      if (typeof raw !== 'string') badFilter(key);
      clauses.push({ sql: `${column} = :${param}`, params: { [param]: (raw as string).trim().toLowerCase() } });
    } else if (kind === 'from-date') {
      clauses.push({ sql: `${column} >= :${param}`, params: { [param]: toDate(raw, key, false) } });
    } else if (kind === 'to-date') {
      const date = toDate(raw, key, true);
      const dayOnly = typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw);
      clauses.push({ sql: `${column} ${dayOnly ? '<' : '<='} :${param}`, params: { [param]: date } });
    } else {
      const values = Array.isArray(raw) ? raw : [raw];
      if (!values.length || values.some((v) => typeof v !== 'string' || !kind.oneOf.includes(v))) badFilter(key);
      clauses.push({ sql: `${column} IN (:...${param})`, params: { [param]: values } });
    }
  });
  return clauses;
}

/** Parses sort/range/filter (400 on anything malformed or not whitelisted). */
export function parseListQuery(query: ListQueryDto, spec: ListSpec): ParsedList {
  const order = parseSort(query.sort, spec);
  const idColumn = `${spec.alias}.id`;
  // A unique last key keeps pages stable when the sorted values repeat.
  const stableOrder = order.some(([c]) => c === idColumn)
    ? order
    : [...order, [idColumn, order[order.length - 1]?.[1] ?? 'ASC'] as [string, SortDirection]];
  return { where: filterClauses(query.filter, spec), order: stableOrder, ...parseRange(query.range) };
}

/** Parses only the filter (for exports). */
export function parseFilterOnly(filter: string | undefined, spec: ListSpec): WhereClause[] {
  return filterClauses(filter, spec);
}

export function applyWhere<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  where: WhereClause[],
): SelectQueryBuilder<T> {
  for (const clause of where) qb.andWhere(clause.sql, clause.params);
  return qb;
}

/**
 * Filters, counts and reads one sorted page. The page is found by id first (the sort and the
 * filters often run on an index alone), then only those rows are loaded with `load`'s joins:
 * a deep page of 100,000 leads does not drag 50,000 joined rows through the database.
 */
export async function fetchPage<T extends ObjectLiteral>(
  base: SelectQueryBuilder<T>,
  parsed: ParsedList,
  load: (qb: SelectQueryBuilder<T>) => SelectQueryBuilder<T> = (qb) => qb,
): Promise<Page<T>> {
  applyWhere(base, parsed.where);
  const idColumn = `${base.alias}.id`;
  const idQuery = base.clone().select(idColumn, 'id');
  parsed.order.forEach(([column, direction], i) =>
    i === 0 ? idQuery.orderBy(column, direction) : idQuery.addOrderBy(column, direction),
  );
  // The match count and the page of ids are the heavy part: they run side by side (two connections
  // of the MySQL pool, or SQLite's read workers), so a page costs the slower of the two, not both.
  const [[counted], idRows] = await Promise.all([
    readRawMany<{ total: string | number }>(base.clone().select('COUNT(1)', 'total')),
    readRawMany<{ id: string | number }>(idQuery.offset(parsed.offset).limit(parsed.limit)),
  ]);
  const total = Number(counted?.total ?? 0);
  const ids = total === 0 ? [] : idRows.map((r) => Number(r.id));
  if (!ids.length) return { items: [], total, offset: parsed.offset };
  const rows = await load(base.clone()).andWhere(`${idColumn} IN (:...pageIds)`, { pageIds: ids }).getMany();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const items = ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined);
  return { items, total, offset: parsed.offset };
}

/** `Content-Range: packs 0-24/137` (or `packs *\/0` for an empty page), which ra-data-simple-rest reads. */
export function setContentRange(reply: FastifyReply, resource: AdminResource, page: Page<unknown>): void {
  const range = page.items.length ? `${page.offset}-${page.offset + page.items.length - 1}` : '*';
  reply.header('Content-Range', `${resource} ${range}/${page.total}`);
}
