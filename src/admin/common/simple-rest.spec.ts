import { BadRequestException } from '@nestjs/common';
import { QUERY_CONTROL_CHARACTERS } from '../../../shared/rules/query';
import { containsPattern, ListSpec, parseListQuery } from './simple-rest';

const spec: ListSpec = {
  resource: 'packs',
  alias: 'p',
  sortable: { id: ['p.id'], name: ['p.name'], full: ['p.a', 'p.b'] },
  defaultOrder: [['p.is_featured', 'DESC']],
  filters: {
    destination_id: { column: 'p.destination_id', kind: 'int' },
    is_featured: { column: 'p.is_featured', kind: 'bool' },
  },
  searchColumns: ['p.name'],
};

describe('parseListQuery', () => {
  it('defaults to the spec order plus the id, and to the first 1000 rows', () => {
    expect(parseListQuery({}, spec)).toEqual({
      where: [],
      order: [
        ['p.is_featured', 'DESC'],
        ['p.id', 'DESC'],
      ],
      offset: 0,
      limit: 1000,
    });
  });

  it('maps a sort field to its columns and keeps the id as the last key', () => {
    expect(parseListQuery({ sort: '["full","asc"]' }, spec).order).toEqual([
      ['p.a', 'ASC'],
      ['p.b', 'ASC'],
      ['p.id', 'ASC'],
    ]);
    expect(parseListQuery({ sort: '["id","DESC"]' }, spec).order).toEqual([['p.id', 'DESC']]);
  });

  it('cuts a range to 1000 rows', () => {
    expect(parseListQuery({ range: '[10,5000]' }, spec)).toMatchObject({ offset: 10, limit: 1000 });
    expect(parseListQuery({ range: '[0,24]' }, spec)).toMatchObject({ offset: 0, limit: 25 });
  });

  it('refuses what is not whitelisted or well formed', () => {
    for (const query of [
      { sort: '["__proto__","ASC"]' },
      { sort: '["constructor","ASC"]' },
      { range: '[3,1]' },
      { filter: '{"toString":1}' },
      { filter: '"x"' },
    ]) {
      expect(() => parseListQuery(query, spec)).toThrow(BadRequestException);
    }
  });

  it('refuses a control character in any JSON value, written raw or as an escape, with the query rule', () => {
    for (const query of [
      { filter: JSON.stringify({ q: 'ab\u0000cd' }) },
      { filter: '{"q":"ab\\u0000cd"}' },
      { filter: JSON.stringify({ q: 'Ana\tGarcía' }) },
      { filter: JSON.stringify({ destination_id: ['1\u007F'] }) },
      { filter: JSON.stringify({ ['q\u0001']: 'x' }) },
      { sort: JSON.stringify(['name\n', 'ASC']) },
    ]) {
      expect(() => parseListQuery(query, spec)).toThrow(QUERY_CONTROL_CHARACTERS);
    }
    expect(parseListQuery({ filter: JSON.stringify({ q: 'Ana García 👋' }) }, spec).where).toHaveLength(1);
  });

  it('builds parameterised clauses for q, ids and typed filters', () => {
    const { where } = parseListQuery(
      { filter: JSON.stringify({ q: '12', id: [1, '2'], is_featured: 'true', destination_id: 3 }) },
      spec,
    );
    expect(where).toEqual([
      {
        sql: "(p.id = :q_id OR ((p.name LIKE :q_w0 ESCAPE '!')))",
        params: { q_id: 12, q_w0: '%12%' },
        search: {},
      },
      { sql: 'p.id IN (:...f1)', params: { f1: [1, 2] } },
      { sql: 'p.is_featured = :f2', params: { f2: true } },
      { sql: 'p.destination_id = :f3', params: { f3: 3 } },
    ]);
  });
});

describe('parseListQuery with an SQLite search index', () => {
  const indexed: ListSpec = { ...spec, sqliteSearchIndex: 'packs_search' };
  const searchOf = (q: string) => parseListQuery({ filter: JSON.stringify({ q }) }, indexed).where[0];

  it('looks words of three characters or more up in the index, and counts a search of those alone on it', () => {
    const clause = searchOf('Cabo "sol"');
    expect(clause.sql).toBe("((p.name LIKE :q_w0 ESCAPE '!') AND (p.name LIKE :q_w1 ESCAPE '!'))");
    expect(clause.params.q_fts).toBe('"Cabo" AND """sol"""');
    expect(clause.search).toEqual({
      sqlite: {
        sql: '(+p.id IN (SELECT rowid FROM "packs_search" WHERE "packs_search" MATCH :q_fts))',
        count: { select: 'COUNT(1)', from: 'packs_search', where: '"packs_search" MATCH :q_fts' },
      },
    });
  });

  it('compares shorter words row by row, and then counts on the table', () => {
    const clause = searchOf('de cabo');
    expect(clause.params.q_fts).toBe('"cabo"');
    expect(clause.search).toEqual({
      sqlite: {
        sql:
          '(+p.id IN (SELECT rowid FROM "packs_search" WHERE "packs_search" MATCH :q_fts) AND ' +
          "(p.name LIKE :q_w0 ESCAPE '!'))",
        count: undefined,
      },
    });
    expect(searchOf('7 de').search).toEqual({});
    expect(searchOf('123').search?.sqlite?.count).toBeUndefined(); // also an id
  });
});

describe('parseListQuery with a MySQL/MariaDB suffix index', () => {
  const indexed: ListSpec = { ...spec, mysqlSearchSuffixes: { table: 'packs_suffixes', rowColumn: 'pack_id' } };
  const searchOf = (q: string) => parseListQuery({ filter: JSON.stringify({ q }) }, indexed).where[0];
  const inIndex = (i: number, orId = '') =>
    `p.id IN (SELECT \`pack_id\` FROM \`packs_suffixes\` WHERE \`suffix\` LIKE :q_s${i} ESCAPE '!'${orId})`;

  it('finds a word of 3 to 8 characters as a prefix of the suffixes, and counts it on them alone', () => {
    const clause = searchOf('Pérez');
    expect(clause.params).toMatchObject({ q_w0: '%Pérez%', q_s0: 'Pérez%' });
    expect(clause.search?.mysql).toEqual({
      sql: `(${inIndex(0)})`,
      count: {
        select: 'COUNT(DISTINCT `pack_id`)',
        from: 'packs_suffixes',
        where: "`suffix` LIKE :q_s0 ESCAPE '!'",
      },
    });
  });

  it('narrows a longer word by its first 8 characters, then compares it with the text', () => {
    const clause = searchOf('seed4242@bench');
    expect(clause.params.q_s0).toBe('seed4242%');
    expect(clause.search?.mysql).toEqual({
      sql: `(${inIndex(0)} AND (p.name LIKE :q_w0 ESCAPE '!'))`,
      count: undefined,
    });
  });

  it('escapes wildcards, counts characters (not UTF-16 units), and compares short words row by row', () => {
    const clause = searchOf('100%_ño😀abcdef de');
    expect(clause.params.q_s0).toBe('100!%!_ño😀%'); // 8 characters: the emoji is one
    expect(clause.search?.mysql?.sql).toBe(
      `(${inIndex(0)} AND (p.name LIKE :q_w0 ESCAPE '!') AND (p.name LIKE :q_w1 ESCAPE '!'))`,
    );
    expect(clause.search?.mysql?.count).toBeUndefined();
    expect(searchOf('de 7').search).toEqual({});
  });

  it('reads an id typed as the search from the same index (by its row column)', () => {
    const clause = searchOf('#1234');
    expect(clause.params).toMatchObject({ q_id: 1234, q_s0: '#1234%' });
    const orId = ' OR `pack_id` = :q_id';
    expect(clause.search?.mysql).toEqual({
      sql: `(${inIndex(0, orId)})`,
      count: {
        select: 'COUNT(DISTINCT `pack_id`)',
        from: 'packs_suffixes',
        where: `\`suffix\` LIKE :q_s0 ESCAPE '!'${orId}`,
      },
    });
    const long = searchOf('123456789');
    expect(long.search?.mysql?.sql).toBe(`(${inIndex(0, orId)} AND (p.id = :q_id OR (p.name LIKE :q_w0 ESCAPE '!')))`);
  });
});

describe('containsPattern', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(containsPattern('50%_off!')).toBe('%50!%!_off!!%');
  });
});
