import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each refresh token row names its login session, so a logout ends every chain of the session at
 * once — a chain forked by the 10 s replay grace included. Rows from before have none and are ended
 * one by one as before (they expire within 7 days).
 */
export class RefreshTokenSession1795900000000 implements MigrationInterface {
  name = 'RefreshTokenSession1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`refresh_tokens\` ADD \`session_id\` varchar(36) NULL`);
    await queryRunner.query(`CREATE INDEX \`IDX_refresh_tokens_session\` ON \`refresh_tokens\` (\`session_id\`)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`IDX_refresh_tokens_session\` ON \`refresh_tokens\``);
    await queryRunner.query(`ALTER TABLE \`refresh_tokens\` DROP COLUMN \`session_id\``);
  }
}
