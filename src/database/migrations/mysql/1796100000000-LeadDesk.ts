import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lead desk: notes, tasks with reminders, e-mail templates, saved list views; agents who
 * receive leads automatically; a lead's repeat-request link, merge pointer, SLA notice and
 * follow-up step.
 */
export class LeadDesk1796100000000 implements MigrationInterface {
  name = 'LeadDesk1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`saved_views\` (\`id\` int NOT NULL AUTO_INCREMENT, \`user_id\` int NOT NULL, \`resource\` varchar(40) NOT NULL, \`name\` varchar(100) NOT NULL, \`query\` text NOT NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), UNIQUE INDEX \`UQ_saved_views_user_resource_name\` (\`user_id\`, \`resource\`, \`name\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`tasks\` (\`id\` int NOT NULL AUTO_INCREMENT, \`lead_id\` int NOT NULL, \`assignee_id\` int NULL, \`title\` varchar(200) NOT NULL, \`due_at\` datetime NOT NULL, \`done_at\` datetime NULL, \`reminded_at\` datetime NULL, \`created_by\` int NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_tasks_lead\` (\`lead_id\`), INDEX \`IDX_tasks_assignee\` (\`assignee_id\`), INDEX \`IDX_tasks_due\` (\`done_at\`, \`reminded_at\`, \`due_at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`lead_notes\` (\`id\` int NOT NULL AUTO_INCREMENT, \`lead_id\` int NOT NULL, \`text\` text NOT NULL, \`author_id\` int NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_lead_notes_lead\` (\`lead_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`email_templates\` (\`id\` int NOT NULL AUTO_INCREMENT, \`name\` varchar(100) NOT NULL, \`subject\` varchar(200) NOT NULL, \`body\` text NOT NULL, \`sequence_day\` int NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updated_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), UNIQUE INDEX \`UQ_email_templates_name\` (\`name\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`ALTER TABLE \`users\` ADD \`receives_leads\` tinyint NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE \`users\` ADD \`last_assigned_at\` datetime NULL`);
    await queryRunner.query(`ALTER TABLE \`leads\` ADD \`duplicate_of\` int NULL`);
    await queryRunner.query(`ALTER TABLE \`leads\` ADD \`merged_into\` int NULL`);
    await queryRunner.query(`ALTER TABLE \`leads\` ADD \`sla_notified_at\` datetime NULL`);
    await queryRunner.query(`ALTER TABLE \`leads\` ADD \`follow_up_day\` int NULL`);
    await queryRunner.query(`CREATE INDEX \`IDX_leads_duplicate_of\` ON \`leads\` (\`duplicate_of\`)`);
    await queryRunner.query(`ALTER TABLE \`saved_views\` ADD CONSTRAINT \`FK_5ef69747737eae659eb1dd15aac\` FOREIGN KEY (\`user_id\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`tasks\` ADD CONSTRAINT \`FK_c45c4fbd19faf3ca1daa4c5f21e\` FOREIGN KEY (\`lead_id\`) REFERENCES \`leads\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`tasks\` ADD CONSTRAINT \`FK_855d484825b715c545349212c7f\` FOREIGN KEY (\`assignee_id\`) REFERENCES \`users\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`lead_notes\` ADD CONSTRAINT \`FK_724573b69882525ab16b174101d\` FOREIGN KEY (\`lead_id\`) REFERENCES \`leads\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`lead_notes\` ADD CONSTRAINT \`FK_0f345753806f28047a129177771\` FOREIGN KEY (\`author_id\`) REFERENCES \`users\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`lead_notes\` DROP FOREIGN KEY \`FK_0f345753806f28047a129177771\``);
    await queryRunner.query(`ALTER TABLE \`lead_notes\` DROP FOREIGN KEY \`FK_724573b69882525ab16b174101d\``);
    await queryRunner.query(`ALTER TABLE \`tasks\` DROP FOREIGN KEY \`FK_855d484825b715c545349212c7f\``);
    await queryRunner.query(`ALTER TABLE \`tasks\` DROP FOREIGN KEY \`FK_c45c4fbd19faf3ca1daa4c5f21e\``);
    await queryRunner.query(`ALTER TABLE \`saved_views\` DROP FOREIGN KEY \`FK_5ef69747737eae659eb1dd15aac\``);
    await queryRunner.query(`DROP INDEX \`IDX_leads_duplicate_of\` ON \`leads\``);
    await queryRunner.query(`ALTER TABLE \`leads\` DROP COLUMN \`follow_up_day\``);
    await queryRunner.query(`ALTER TABLE \`leads\` DROP COLUMN \`sla_notified_at\``);
    await queryRunner.query(`ALTER TABLE \`leads\` DROP COLUMN \`merged_into\``);
    await queryRunner.query(`ALTER TABLE \`leads\` DROP COLUMN \`duplicate_of\``);
    await queryRunner.query(`ALTER TABLE \`users\` DROP COLUMN \`last_assigned_at\``);
    await queryRunner.query(`ALTER TABLE \`users\` DROP COLUMN \`receives_leads\``);
    await queryRunner.query(`DROP INDEX \`UQ_email_templates_name\` ON \`email_templates\``);
    await queryRunner.query(`DROP TABLE \`email_templates\``);
    await queryRunner.query(`DROP INDEX \`IDX_lead_notes_lead\` ON \`lead_notes\``);
    await queryRunner.query(`DROP TABLE \`lead_notes\``);
    await queryRunner.query(`DROP INDEX \`IDX_tasks_due\` ON \`tasks\``);
    await queryRunner.query(`DROP INDEX \`IDX_tasks_assignee\` ON \`tasks\``);
    await queryRunner.query(`DROP INDEX \`IDX_tasks_lead\` ON \`tasks\``);
    await queryRunner.query(`DROP TABLE \`tasks\``);
    await queryRunner.query(`DROP INDEX \`UQ_saved_views_user_resource_name\` ON \`saved_views\``);
    await queryRunner.query(`DROP TABLE \`saved_views\``);
  }
}
