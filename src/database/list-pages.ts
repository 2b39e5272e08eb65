// The back-office lists' page reads, for every repository's list: filters applied (a `q` search
// through the dialect's index where it has one), the match count capped at LIST_COUNT_CAP, and one
// sorted page found by id first. src/admin/common/simple-rest.ts turns ra-data-simple-rest's query
// into the ParsedList read here; the repositories run it on their own query builders.
import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { LIST_COUNT_CAP } from '../../shared/api/admin';
import { isSqlite } from './dialect';
import { readRawMany } from './sqlite-read-pool';

export type SortDirection = 'ASC' | 'DESC';

/** A `q` search through an index of one dialect. */
export interface IndexedSearch {
  /** The search's condition, through the index. */
  sql: string;
  /** When the search is the list's only condition: its matches counted on the index alone. */
  count?: { select: string; from: string; where: string };
}

export interface WhereClause {
  sql: string;
  params: Record<string, unknown>;
  /** Set on the clause of the `q` search (see fetchPage): the same condition through the spec's indexes. */
  search?: {
    /** On SQLite (see `sqliteSearchIndex`). */
    sqlite?: IndexedSearch;
    /** On MySQL/MariaDB (see `mysqlSearchSuffixes`); dropped by the caller when that index is not ready. */
    mysql?: IndexedSearch;
  };
}

export interface ParsedList {
  where: WhereClause[];
  order: Array<[string, SortDirection]>;
  offset: number;
  limit: number;
}

export interface Page<T> {
  items: T[];
  /** The number of matches, at most LIST_COUNT_CAP (see `capped`). */
  total: number;
  offset: number;
  /** More than LIST_COUNT_CAP rows match: `total` is the cap, a floor. */
  capped?: boolean;
}

export function applyWhere<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  where: WhereClause[],
): SelectQueryBuilder<T> {
  for (const clause of where) qb.andWhere(indexedSearch(qb, clause)?.sql ?? clause.sql, clause.params);
  return qb;
}

/** The clause's search through the index of the query's dialect, if it has one. */
function indexedSearch(
  qb: Pick<SelectQueryBuilder<ObjectLiteral>, 'connection'>,
  clause: WhereClause,
): IndexedSearch | undefined {
  return isSqlite(qb.connection) ? clause.search?.sqlite : clause.search?.mysql;
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
  const only = parsed.where.length === 1 && !base.expressionMap.wheres.length ? parsed.where[0] : undefined;
  // The page's rows are read by id alone: the ids come from the list's own conditions, and applying
  // them again would only cost (on SQLite a `q` search's whole match set was read a second time, and
  // a status filter walked its index instead of looking up 25 ids).
  const rowsQuery = base.clone();
  applyWhere(base, parsed.where);
  const idColumn = `${base.alias}.id`;
  const idQuery = base.clone().select(idColumn, 'id');
  parsed.order.forEach(([column, direction], i) =>
    i === 0 ? idQuery.orderBy(column, direction) : idQuery.addOrderBy(column, direction),
  );
  const page = idQuery.offset(parsed.offset).limit(parsed.limit);
  const search = only?.search;
  const count = only && indexedSearch(base, only)?.count;
  const found =
    (search && !count ? await probeSearch(base, page, idColumn) : undefined) ??
    (await countAndPage(count, only?.params, base, page));
  const ids = found.total === 0 ? [] : found.ids;
  const capped = found.capped ? { capped: true } : {};
  if (!ids.length) return { items: [], total: found.total, offset: parsed.offset, ...capped };
  const rows = await load(rowsQuery).andWhere(`${idColumn} IN (:...pageIds)`, { pageIds: ids }).getMany();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const items = ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined);
  return { items, total: found.total, offset: parsed.offset, ...capped };
}

interface FoundPage {
  total: number;
  ids: number[];
  capped?: boolean;
}

const idsOf = (rows: Array<{ id: string | number }>) => rows.map((r) => Number(r.id));

/**
 * The match count and the page of ids, the heavy part: they run side by side (two connections of
 * the MySQL pool, or SQLite's read workers), so a page costs the slower of the two, not both. A
 * search alone is counted on its index where it has one (`IndexedSearch.count`): the matches need no look-up in
 * the table. Any other count stops at LIST_COUNT_CAP + 1 rows (a derived table with a LIMIT), so a
 * page of a filter matching most of 100,000 leads reads at most 10,001 index entries to count them.
 */
async function countAndPage<T extends ObjectLiteral>(
  count: IndexedSearch['count'],
  params: Record<string, unknown> | undefined,
  base: SelectQueryBuilder<T>,
  page: SelectQueryBuilder<T>,
): Promise<FoundPage> {
  const countQuery = count
    ? base.connection
        .createQueryBuilder()
        .select(count.select, 'total')
        .from(count.from, count.from)
        .where(count.where, params)
    : cappedCount(base);
  const [[counted], idRows] = await Promise.all([
    readRawMany<{ total: string | number }>(countQuery),
    readRawMany<{ id: string | number }>(page),
  ]);
  const total = Number(counted?.total ?? 0);
  if (total > LIST_COUNT_CAP) return { total: LIST_COUNT_CAP, ids: idsOf(idRows), capped: true };
  return { total, ids: idsOf(idRows) };
}

/** COUNT over at most LIST_COUNT_CAP + 1 matching rows: `SELECT COUNT(1) FROM (SELECT 1 … LIMIT 10001)`. */
function cappedCount<T extends ObjectLiteral>(base: SelectQueryBuilder<T>): SelectQueryBuilder<ObjectLiteral> {
  const matches = base
    .clone()
    .select('1', 'one')
    .limit(LIST_COUNT_CAP + 1);
  return base.connection
    .createQueryBuilder()
    .select('COUNT(1)', 'total')
    .from(`(${matches.getQuery()})`, 'capped')
    .setParameters(matches.getParameters());
}

/** A search that matches at most this many rows is counted and paged from one read of its index. */
const SEARCH_PROBE_ROWS = 1000;

/**
 * A search alone that no index can count (`LIKE '%…%'` on MySQL/MariaDB, or another list's search
 * on SQLite): the ids of its matches are read first, at most 1,001 of them (on MySQL/MariaDB from
 * the search column's covering index, where there is one). A few matches (one visitor's e-mail, a
 * rare name) are then counted and sorted from that one read; the page in the list's order would
 * otherwise walk the sort index through every row looking for them. A common word stops the read
 * early and is counted and paged as any filter (undefined).
 */
async function probeSearch<T extends ObjectLiteral>(
  base: SelectQueryBuilder<T>,
  page: SelectQueryBuilder<T>,
  idColumn: string,
): Promise<FoundPage | undefined> {
  const matched = idsOf(
    await readRawMany<{ id: string | number }>(
      base
        .clone()
        .select(idColumn, 'id')
        .limit(SEARCH_PROBE_ROWS + 1),
    ),
  );
  if (matched.length > SEARCH_PROBE_ROWS) return undefined;
  if (!matched.length) return { total: 0, ids: [] };
  const idRows = await readRawMany<{ id: string | number }>(
    page.clone().andWhere(`${idColumn} IN (:...probedIds)`, { probedIds: matched }),
  );
  return { total: matched.length, ids: idsOf(idRows) };
}
