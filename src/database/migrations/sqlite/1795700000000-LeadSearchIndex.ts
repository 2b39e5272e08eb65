import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back-office's lead search (`q`) on an index: an FTS5 table of trigrams over
 * `leads.search_text` (names and e-mail), whose rowid is the lead's id. A word of three
 * characters or more is found by its trigrams, anywhere in the text, without reading every lead;
 * case and accents are folded ("garcia" finds "García"). The table holds only the index (the text
 * stays in `leads`).
 *
 * New leads are indexed in batches, not one by one: an FTS5 insert costs a lead's transaction
 * about 0.1 ms (a new index segment per commit), in the write queue every lead of a burst waits
 * for. `leads_search_state.last_lead_id` is the last lead indexed; `LeadSearchIndex.catchUp` adds
 * the newer ones in one transaction before each search and every few seconds (ids only grow:
 * AUTOINCREMENT). Deleting or renaming an indexed lead updates the index at once, by trigger; a
 * lead not yet indexed is left to the next catch-up, which reads its current text.
 *
 * A later migration that rebuilds `leads` (TypeORM's copy-and-rename on SQLite) drops these
 * triggers with the old table: the migration test checks that they exist.
 */
export class LeadSearchIndex1795700000000 implements MigrationInterface {
  name = 'LeadSearchIndex1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE VIRTUAL TABLE "leads_search" USING fts5(search_text, content='leads', content_rowid='id', tokenize='trigram remove_diacritics 1')`,
    );
    await queryRunner.query(`INSERT INTO "leads_search"("leads_search") VALUES ('rebuild')`);
    await queryRunner.query(
      `CREATE TABLE "leads_search_state" ("id" integer PRIMARY KEY NOT NULL CHECK ("id" = 1), "last_lead_id" integer NOT NULL)`,
    );
    await queryRunner.query(
      `INSERT INTO "leads_search_state" ("id", "last_lead_id") VALUES (1, COALESCE((SELECT MAX("id") FROM "leads"), 0))`,
    );
    const indexed = `old."id" <= (SELECT "last_lead_id" FROM "leads_search_state")`;
    await queryRunner.query(
      `CREATE TRIGGER "leads_search_delete" AFTER DELETE ON "leads" WHEN ${indexed} BEGIN INSERT INTO "leads_search"("leads_search", "rowid", "search_text") VALUES ('delete', old."id", old."search_text"); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "leads_search_update" AFTER UPDATE OF "first_name", "last_name", "email" ON "leads" WHEN ${indexed} BEGIN INSERT INTO "leads_search"("leads_search", "rowid", "search_text") VALUES ('delete', old."id", old."search_text"); INSERT INTO "leads_search"("rowid", "search_text") VALUES (new."id", new."search_text"); END`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "leads_search_update"`);
    await queryRunner.query(`DROP TRIGGER "leads_search_delete"`);
    await queryRunner.query(`DROP TABLE "leads_search_state"`);
    await queryRunner.query(`DROP TABLE "leads_search"`);
  }
}
