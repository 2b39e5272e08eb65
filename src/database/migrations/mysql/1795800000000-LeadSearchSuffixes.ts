import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back-office's lead search (`q`) on an index, on MySQL/MariaDB: neither has an index that
 * finds a substring (InnoDB's FULLTEXT matches words, and MariaDB has no n-gram parser), so a
 * search read every lead's `search_text`. `lead_search_suffixes` holds, for each lead, the first 8
 * characters of its search text from every position (spaces excepted): a word that occurs anywhere
 * in the text is the start of one of them, so `suffix LIKE 'word%'` finds its leads on the primary
 * key alone. The column has the text's collation, so the index folds case and accents as the
 * search column's own LIKE does. Words longer than 8 characters are narrowed here and then compared
 * with the text (src/admin/common/simple-rest.ts).
 *
 * `leads_search_state.last_lead_id` is the last lead indexed: new leads join in batches
 * (`LeadSearchIndex`, src/admin/leads/lead-search-index.ts), not in the lead's own transaction; an
 * edit of a lead's names or e-mail re-indexes it in the edit's transaction; a deleted lead's rows go
 * with it (ON DELETE CASCADE). Existing leads are indexed by the same batches after the migration;
 * until they are, searches compare every row as before.
 */
export class LeadSearchSuffixes1795800000000 implements MigrationInterface {
  name = 'LeadSearchSuffixes1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`lead_search_suffixes\` (\`suffix\` varchar(8) NOT NULL, \`lead_id\` int NOT NULL, PRIMARY KEY (\`suffix\`, \`lead_id\`), INDEX \`IDX_lead_search_suffixes_lead\` (\`lead_id\`), CONSTRAINT \`FK_lead_search_suffixes_lead\` FOREIGN KEY (\`lead_id\`) REFERENCES \`leads\` (\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`leads_search_state\` (\`id\` tinyint NOT NULL, \`last_lead_id\` int NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(`INSERT INTO \`leads_search_state\` (\`id\`, \`last_lead_id\`) VALUES (1, 0)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`leads_search_state\``);
    await queryRunner.query(`DROP TABLE \`lead_search_suffixes\``);
  }
}
