import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Privacy and audit: marketing consent (with its records), anonymisation marks on leads and contact
 * messages, stop-link suppressions kept as address hashes, and the back-office audit log.
 */
export class PrivacyAndAudit1796000000000 implements MigrationInterface {
  name = 'PrivacyAndAudit1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`mail_suppressions\` (\`email_hash\` varchar(64) NOT NULL, \`source\` varchar(30) NOT NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), PRIMARY KEY (\`email_hash\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`consent_records\` (\`id\` int NOT NULL AUTO_INCREMENT, \`email\` varchar(320) NOT NULL, \`user_id\` int NULL, \`purpose\` varchar(20) NOT NULL DEFAULT 'marketing', \`granted\` tinyint NOT NULL, \`source\` varchar(30) NOT NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_consent_records_email\` (\`email\`), INDEX \`IDX_consent_records_user\` (\`user_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`audit_log\` (\`id\` int NOT NULL AUTO_INCREMENT, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`actor_id\` int NULL, \`action\` varchar(20) NOT NULL, \`resource\` varchar(40) NOT NULL, \`record_id\` varchar(64) NULL, \`changes\` text NULL, \`ip\` varchar(45) NULL, INDEX \`IDX_audit_log_created_at\` (\`created_at\`), INDEX \`IDX_audit_log_actor\` (\`actor_id\`), INDEX \`IDX_audit_log_resource_record\` (\`resource\`, \`record_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`ALTER TABLE \`users\` ADD \`marketing_opt_in_at\` datetime NULL`);
    await queryRunner.query(`ALTER TABLE \`leads\` ADD \`marketing_opt_in_at\` datetime NULL`);
    await queryRunner.query(`ALTER TABLE \`leads\` ADD \`anonymised_at\` datetime NULL`);
    await queryRunner.query(`ALTER TABLE \`contact_messages\` ADD \`anonymised_at\` datetime NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`contact_messages\` DROP COLUMN \`anonymised_at\``);
    await queryRunner.query(`ALTER TABLE \`leads\` DROP COLUMN \`anonymised_at\``);
    await queryRunner.query(`ALTER TABLE \`leads\` DROP COLUMN \`marketing_opt_in_at\``);
    await queryRunner.query(`ALTER TABLE \`users\` DROP COLUMN \`marketing_opt_in_at\``);
    await queryRunner.query(`DROP TABLE \`audit_log\``);
    await queryRunner.query(`DROP TABLE \`consent_records\``);
    await queryRunner.query(`DROP TABLE \`mail_suppressions\``);
  }
}
