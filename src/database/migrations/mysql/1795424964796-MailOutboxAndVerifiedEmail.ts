import { MigrationInterface, QueryRunner } from 'typeorm';

export class MailOutboxAndVerifiedEmail1795424964796 implements MigrationInterface {
  name = 'MailOutboxAndVerifiedEmail1795424964796';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`outbox\` (\`id\` int NOT NULL AUTO_INCREMENT, \`kind\` varchar(40) NOT NULL, \`ref_id\` int NULL, \`label\` varchar(120) NOT NULL, \`to_address\` varchar(320) NOT NULL, \`reply_to\` varchar(320) NULL, \`subject\` varchar(500) NOT NULL, \`body_text\` text NOT NULL, \`body_html\` text NOT NULL, \`attempts\` int NOT NULL DEFAULT '0', \`next_attempt_at\` datetime NOT NULL, \`discard_after\` datetime NOT NULL, \`claimed_by\` varchar(64) NULL, \`claimed_until\` datetime NULL, \`sent_at\` datetime NULL, \`failed_at\` datetime NULL, \`last_error\` varchar(500) NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_outbox_due\` (\`sent_at\`, \`failed_at\`, \`next_attempt_at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`ALTER TABLE \`users\` ADD \`email_verified_at\` datetime NULL`);
    // Accounts active before this column existed had proven their address (or were made by an admin).
    await queryRunner.query(`UPDATE \`users\` SET \`email_verified_at\` = \`date_joined\` WHERE \`is_active\` = 1`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`users\` DROP COLUMN \`email_verified_at\``);
    await queryRunner.query(`DROP INDEX \`IDX_outbox_due\` ON \`outbox\``);
    await queryRunner.query(`DROP TABLE \`outbox\``);
  }
}
