import { MigrationInterface, QueryRunner } from 'typeorm';

export class LeadSearchText1795426226962 implements MigrationInterface {
  name = 'LeadSearchText1795426226962';

  // The generator recorded its throw-away database as the schema: the real one is the current database.
  public async up(queryRunner: QueryRunner): Promise<void> {
    const schema = await queryRunner.getCurrentDatabase();
    await queryRunner.query(`ALTER TABLE \`leads\` ADD \`search_text\` varchar(422) AS (lower(concat_ws(' ', first_name, last_name, email))) STORED`);
    await queryRunner.query(`INSERT INTO \`typeorm_metadata\`(\`database\`, \`schema\`, \`table\`, \`type\`, \`name\`, \`value\`) VALUES (DEFAULT, ?, ?, ?, ?, ?)`, [schema, "leads", "GENERATED_COLUMN", "search_text", "lower(concat_ws(' ', first_name, last_name, email))"]);
    await queryRunner.query(`CREATE INDEX \`IDX_leads_search_text\` ON \`leads\` (\`search_text\`)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    const schema = await queryRunner.getCurrentDatabase();
    await queryRunner.query(`DROP INDEX \`IDX_leads_search_text\` ON \`leads\``);
    await queryRunner.query(`DELETE FROM \`typeorm_metadata\` WHERE \`type\` = ? AND \`name\` = ? AND \`schema\` = ? AND \`table\` = ?`, ["GENERATED_COLUMN", "search_text", schema, "leads"]);
    await queryRunner.query(`ALTER TABLE \`leads\` DROP COLUMN \`search_text\``);
  }
}
