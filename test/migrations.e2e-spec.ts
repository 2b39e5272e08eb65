import { DataSource } from 'typeorm';
import { parseDatabaseUrl } from '../src/config/app-config';
import { buildDataSourceOptions, resolveDatabaseConfig } from '../src/database/data-source';
import { createTestDatabase, TestDatabase, testDialect } from './support/test-db';

describe(`migrations (${testDialect()})`, () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = new DataSource(buildDataSourceOptions(await resolveDatabaseConfig(parseDatabaseUrl(db.url)), false));
    await ds.initialize();
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('build exactly the schema the entities describe', async () => {
    const applied = await ds.runMigrations({ transaction: 'each' });
    expect(applied.length).toBeGreaterThan(0);
    const pending = await ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('leave the lead search index, its catch-up state and the triggers that keep it in step (SQLite)', async () => {
    if (testDialect() !== 'sqlite') return;
    // A later migration that rebuilds `leads` (copy and rename) drops its triggers with the old table.
    const triggers = (await ds.query(
      "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'leads' ORDER BY name",
    )) as Array<{ name: string }>;
    expect(triggers.map((r) => r.name)).toEqual(['leads_search_delete', 'leads_search_update']);
    const [index] = (await ds.query("SELECT sql FROM sqlite_master WHERE name = 'leads_search'")) as Array<{
      sql: string;
    }>;
    expect(index.sql).toContain("content='leads'");
    expect(await ds.query('SELECT "id", "last_lead_id" FROM "leads_search_state"')).toEqual([
      { id: 1, last_lead_id: 0 },
    ]);
  });

  it('can be reverted to an empty schema and applied again', async () => {
    const count = ds.migrations.length;
    for (let i = 0; i < count; i += 1) await ds.undoLastMigration({ transaction: 'each' });
    const tables = (await ds.query(
      testDialect() === 'sqlite'
        ? "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('migrations', 'typeorm_metadata')"
        : "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name NOT IN ('migrations', 'typeorm_metadata')",
    )) as unknown[];
    expect(tables).toEqual([]);
    await ds.runMigrations({ transaction: 'each' });
    expect((await ds.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
  });
});
