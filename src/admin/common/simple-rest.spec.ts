import { BadRequestException } from '@nestjs/common';
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
      sqlite: '(+p.id IN (SELECT rowid FROM "packs_search" WHERE "packs_search" MATCH :q_fts))',
      countIndex: 'packs_search',
    });
  });

  it('compares shorter words row by row, and then counts on the table', () => {
    const clause = searchOf('de cabo');
    expect(clause.params.q_fts).toBe('"cabo"');
    expect(clause.search).toEqual({
      sqlite:
        '(+p.id IN (SELECT rowid FROM "packs_search" WHERE "packs_search" MATCH :q_fts) AND ' +
        "(p.name LIKE :q_w0 ESCAPE '!'))",
      countIndex: undefined,
    });
    expect(searchOf('7 de').search).toEqual({});
    expect(searchOf('123').search?.countIndex).toBeUndefined(); // also an id
  });
});

describe('containsPattern', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(containsPattern('50%_off!')).toBe('%50!%!_off!!%');
  });
});
