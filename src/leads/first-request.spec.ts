import { DataSource } from 'typeorm';
import { ENTITY_FILES } from '../database/data-source';
import { Lead } from './entities/lead.entity';
import { FIRST_REQUEST_WHERE, firstRequestSql, isFirstRequest } from './first-request';

/** The three forms of the rule agree, row by row, on a real table. */
describe('first request: one rule, three forms', () => {
  let db: DataSource;
  beforeAll(async () => {
    db = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [ENTITY_FILES], synchronize: false });
    await db.initialize();
    await db.query(
      'CREATE TABLE `leads` (`id` integer PRIMARY KEY, `duplicate_of` integer NULL, `merged_into` integer NULL)',
    );
    await db.query(
      'INSERT INTO `leads` VALUES (1, NULL, NULL), (2, 1, NULL), (3, NULL, 1), (4, 1, 1), (5, NULL, NULL)',
    );
  });
  afterAll(() => db.destroy());

  it('keeps only the leads that are neither a repeat request nor merged away', async () => {
    const rows: Array<Pick<Lead, 'id' | 'duplicate_of' | 'merged_into'>> = await db.query(
      'SELECT `id`, `duplicate_of`, `merged_into` FROM `leads` ORDER BY `id`',
    );
    const inMemory = rows.filter(isFirstRequest).map((r) => r.id);
    const bare = (await db.query(`SELECT \`id\` FROM \`leads\` WHERE ${firstRequestSql()} ORDER BY \`id\``)).map(
      (r: { id: number }) => r.id,
    );
    const aliased = (
      await db.query(`SELECT l.\`id\` FROM \`leads\` l WHERE ${firstRequestSql('l')} ORDER BY l.\`id\``)
    ).map((r: { id: number }) => r.id);
    const where = (
      await db.getRepository(Lead).find({ select: { id: true }, where: FIRST_REQUEST_WHERE, order: { id: 'ASC' } })
    ).map((r) => r.id);
    expect(inMemory).toEqual([1, 5]);
    expect(bare).toEqual([1, 5]);
    expect(aliased).toEqual([1, 5]);
    expect(where).toEqual([1, 5]);
  });
});
