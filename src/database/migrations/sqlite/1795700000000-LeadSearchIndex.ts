import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back-office's lead search (`q`) on an index: an FTS5 table of trigrams over
 * `leads.search_text` (names and e-mail), whose rowid is the lead's id. A word of three
 * characters or more is found by its trigrams, anywhere in the text, without reading every lead;
 * case and accents are folded ("garcia" finds "García"). The table holds only the index (the text
 * stays in `leads`); three triggers keep it in step with every insert, delete and change of a
 * name or e-mail, whoever writes them.
 *
 * A later migration that rebuilds `leads` (TypeORM's copy-and-rename on SQLite) drops these
 * triggers with the old table: the migration test checks that they exist and that the index
 * agrees with the table after the last migration.
 */
export class LeadSearchIndex1795700000000 implements MigrationInterface {
  name = 'LeadSearchIndex1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE VIRTUAL TABLE "leads_search" USING fts5(search_text, content='leads', content_rowid='id', tokenize='trigram remove_diacritics 1')`,
    );
    await queryRunner.query(`INSERT INTO "leads_search"("leads_search") VALUES ('rebuild')`);
    await queryRunner.query(
      `CREATE TRIGGER "leads_search_insert" AFTER INSERT ON "leads" BEGIN INSERT INTO "leads_search"("rowid", "search_text") VALUES (new."id", new."search_text"); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "leads_search_delete" AFTER DELETE ON "leads" BEGIN INSERT INTO "leads_search"("leads_search", "rowid", "search_text") VALUES ('delete', old."id", old."search_text"); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "leads_search_update" AFTER UPDATE OF "first_name", "last_name", "email" ON "leads" BEGIN INSERT INTO "leads_search"("leads_search", "rowid", "search_text") VALUES ('delete', old."id", old."search_text"); INSERT INTO "leads_search"("rowid", "search_text") VALUES (new."id", new."search_text"); END`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "leads_search_update"`);
    await queryRunner.query(`DROP TRIGGER "leads_search_delete"`);
    await queryRunner.query(`DROP TRIGGER "leads_search_insert"`);
    await queryRunner.query(`DROP TABLE "leads_search"`);
  }
}
