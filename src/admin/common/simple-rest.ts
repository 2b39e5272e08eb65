import { BadRequestException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  ADMIN_DEFAULT_PAGE_SIZE,
  ADMIN_MAX_IDS,
  ADMIN_MAX_PAGE_SIZE,
  AdminListResource,
} from '../../../shared/api/admin';
import { IndexedSearch, Page, ParsedList, SortDirection, WhereClause } from '../../database/list-pages';
import { holdsControlCharacter, QUERY_CONTROL_CHARACTERS } from '../../../shared/rules/query';
import { ListQueryDto } from './list-query.dto';

/** `text`: equal to one string of at most 100 characters (a number is taken as its digits). */
/** `is-set`: true matches rows whose column holds a value, false rows whose column is NULL. */
export type FilterKind =
  | 'int'
  | 'nullable-int'
  | 'bool'
  | 'is-set'
  | 'email'
  | 'text'
  | 'from-date'
  | 'to-date'
  | { oneOf: readonly string[] };

/** How one resource maps ra-data-simple-rest parameters onto its table. Columns are `alias.property`. */
export interface ListSpec {
  resource: AdminListResource;
  alias: string;
  /** API sort field -> columns (e.g. full_name -> first_name, last_name). */
  sortable: Record<string, string[]>;
  defaultOrder: Array<[string, SortDirection]>;
  filters: Record<string, { column: string; kind: FilterKind }>;
  /** Each word of `q` must match one of these columns (contains, case-insensitive). */
  searchColumns: string[];
  /**
   * On SQLite: an FTS5 trigram table over the one search column, whose rowid is the row's id
   * (leads: `leads_search`). Words of three characters or more are then looked up in it instead
   * of compared with every row.
   */
  sqliteSearchIndex?: string;
  /**
   * On MySQL/MariaDB: a table of the first SEARCH_SUFFIX_CHARS characters of the search column
   * from every position (`suffix`, in the column's collation) and the row's id (`rowColumn`), with
   * the primary key (suffix, row) (leads: `lead_search_suffixes`). Words of three characters or
   * more are then found as prefixes of that key instead of compared with every row.
   */
  mysqlSearchSuffixes?: { table: string; rowColumn: string };
}

const MAX_SEARCH_WORDS = 5;
/** A trigram index finds words of at least this many characters; shorter ones are compared row by row. */
const MIN_INDEXED_WORD = 3;
/**
 * How many characters of the search text a MySQL/MariaDB suffix row keeps: a longer word is found
 * by its first ones and then compared with the text (few leads share 8 characters of a name or an
 * e-mail), a shorter one on the index alone.
 */
export const SEARCH_SUFFIX_CHARS = 8;

function parseJson(text: string | undefined, what: string, expected: string): unknown {
  if (text === undefined || text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadRequestException(`Invalid ${what} parameter: expected ${expected}.`);
  }
  // A control character written as a JSON escape ("\u0000") gets past the raw query's check
  // (query-characters.ts); in a search it would reach the full-text index (SQLite: a 500).
  if (holdsControlCharacter(value)) throw new BadRequestException(QUERY_CONTROL_CHARACTERS);
  return value;
}

const escapeLike = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

/** LIKE pattern for "contains", with the wildcards of the input escaped by '!'. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
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

/** One FTS5 phrase per word: the word's text as a literal substring (double quotes doubled). */
function ftsQuery(words: string[]): string {
  return words.map((word) => `"${word.replace(/"/g, '""')}"`).join(' AND ');
}

function searchClause(q: string, spec: ListSpec): WhereClause | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const params: Record<string, unknown> = {};
  const words = text.split(/\s+/).slice(0, MAX_SEARCH_WORDS);
  const likeWord = (word: string, i: number) => {
    params[`q_w${i}`] = containsPattern(word);
    return `(${spec.searchColumns.map((c) => `${c} LIKE :q_w${i} ESCAPE '!'`).join(' OR ')})`;
  };
  const byWords = words.map(likeWord).join(' AND ');
  const idText = text.replace(/^#/, '');
  const byId = /^\d{1,9}$/.test(idText) ? `${spec.alias}.id = :q_id` : undefined;
  if (byId) params.q_id = Number(idText);
  const either = (condition: string) => (byId ? `(${byId} OR (${condition}))` : `(${condition})`);
  const clause: WhereClause = { sql: either(byWords), params, search: {} };
  const isIndexed = (word: string) => [...word].length >= MIN_INDEXED_WORD;
  const indexed = words.filter(isIndexed);
  if (!indexed.length) return clause;
  const index = spec.sqliteSearchIndex;
  if (index) {
    params.q_fts = ftsQuery(indexed);
    // The unary + keeps the id column out of the plan's index choice: the list's sort (or another
    // filter's) index drives the read and probes the set of matches, so a page of a common word
    // stops after its 25 rows instead of fetching and sorting every match.
    const inIndex = `+${spec.alias}.id IN (SELECT rowid FROM "${index}" WHERE "${index}" MATCH :q_fts)`;
    const rest = words.map((word, i) => (isIndexed(word) ? undefined : likeWord(word, i))).filter(Boolean);
    const countable = !byId && !rest.length;
    clause.search!.sqlite = {
      sql: either([inIndex, ...rest].join(' AND ')),
      count: countable ? { select: 'COUNT(1)', from: index, where: `"${index}" MATCH :q_fts` } : undefined,
    };
  }
  if (spec.mysqlSearchSuffixes) clause.search!.mysql = mysqlSuffixSearch(words, spec, params, likeWord, byId);
  return clause;
}

/**
 * The search through the suffix table (see `mysqlSearchSuffixes`): each word of three characters or
 * more is a prefix of its leads' suffix rows, one range of the primary key; a word longer than the
 * rows is then also compared with the text. An id typed as the search joins the same read (its
 * rows, by the table's row index), so the condition stays one semi-join MySQL/MariaDB can run from
 * the index.
 */
function mysqlSuffixSearch(
  words: string[],
  spec: ListSpec,
  params: Record<string, unknown>,
  likeWord: (word: string, i: number) => string,
  byId: string | undefined,
): IndexedSearch {
  const { table, rowColumn } = spec.mysqlSearchSuffixes!;
  const idColumn = `${spec.alias}.id`;
  const conditions = words.map((word, i) => {
    const chars = [...word];
    // A short word comes with others (an id is one word): they narrow the rows, it is compared.
    if (chars.length < MIN_INDEXED_WORD) return likeWord(word, i);
    params[`q_s${i}`] = `${escapeLike(chars.slice(0, SEARCH_SUFFIX_CHARS).join(''))}%`;
    const rows = `\`suffix\` LIKE :q_s${i} ESCAPE '!'${byId ? ` OR \`${rowColumn}\` = :q_id` : ''}`;
    const inIndex = `${idColumn} IN (SELECT \`${rowColumn}\` FROM \`${table}\` WHERE ${rows})`;
    if (chars.length <= SEARCH_SUFFIX_CHARS) return inIndex;
    return `${inIndex} AND ${byId ? `(${byId} OR ${likeWord(word, i)})` : likeWord(word, i)}`;
  });
  const [only] = words;
  const countable =
    words.length === 1 && [...only].length >= MIN_INDEXED_WORD && [...only].length <= SEARCH_SUFFIX_CHARS;
  return {
    sql: `(${conditions.join(' AND ')})`,
    count: countable
      ? {
          select: `COUNT(DISTINCT \`${rowColumn}\`)`,
          from: table,
          where: `\`suffix\` LIKE :q_s0 ESCAPE '!'${byId ? ` OR \`${rowColumn}\` = :q_id` : ''}`,
        }
      : undefined,
  };
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
    } else if (kind === 'is-set') {
      clauses.push({ sql: `${column} IS ${toBool(raw, key) ? 'NOT NULL' : 'NULL'}`, params: {} });
    } else if (kind === 'email') {
      if (typeof raw !== 'string') badFilter(key);
      clauses.push({ sql: `${column} = :${param}`, params: { [param]: (raw as string).trim().toLowerCase() } });
    } else if (kind === 'text') {
      if ((typeof raw !== 'string' && typeof raw !== 'number') || String(raw).length > 100) badFilter(key);
      clauses.push({ sql: `${column} = :${param}`, params: { [param]: String(raw).trim() } });
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

/**
 * `Content-Range: packs 0-24/137` (or `packs *\/0` for an empty page), which ra-data-simple-rest reads;
 * past LIST_COUNT_CAP matches, `leads 0-24/10000+` (its parseInt reads 10000).
 */
export function setContentRange(reply: FastifyReply, resource: AdminListResource, page: Page<unknown>): void {
  const range = page.items.length ? `${page.offset}-${page.offset + page.items.length - 1}` : '*';
  reply.header('Content-Range', `${resource} ${range}/${page.total}${page.capped ? '+' : ''}`);
}
