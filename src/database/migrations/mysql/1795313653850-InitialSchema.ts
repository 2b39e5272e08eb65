import { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1795313653850 implements MigrationInterface {
  name = 'InitialSchema1795313653850';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE \`destination_images\` (\`id\` int NOT NULL AUTO_INCREMENT, \`destination_id\` int NOT NULL, \`kind\` varchar(10) NOT NULL, \`image\` varchar(255) NOT NULL, \`position\` int NOT NULL DEFAULT '0', \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_destination_images_destination_kind\` (\`destination_id\`, \`kind\`, \`position\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`things_to_do\` (\`id\` int NOT NULL AUTO_INCREMENT, \`destination_id\` int NOT NULL, \`title\` varchar(100) NOT NULL, \`description\` varchar(1500) NOT NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_things_to_do_destination\` (\`destination_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`destinations\` (\`id\` int NOT NULL AUTO_INCREMENT, \`name\` varchar(100) NOT NULL, \`location\` varchar(150) NOT NULL, \`description\` varchar(1500) NOT NULL DEFAULT '', \`status\` varchar(20) NOT NULL DEFAULT 'active', \`main_image\` varchar(255) NULL, \`latitude\` decimal(9,6) NULL, \`longitude\` decimal(9,6) NULL, \`is_priority\` tinyint NOT NULL DEFAULT 0, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updated_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), INDEX \`IDX_destinations_name\` (\`name\`), INDEX \`IDX_destinations_is_priority\` (\`is_priority\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`travel_packs\` (\`id\` int NOT NULL AUTO_INCREMENT, \`name\` varchar(100) NOT NULL, \`description\` varchar(1500) NOT NULL, \`price\` decimal(6,2) NOT NULL, \`discount_price\` decimal(6,2) NULL, \`features\` text NOT NULL, \`amenities\` text NOT NULL, \`destination_id\` int NOT NULL, \`available_from\` date NOT NULL, \`available_to\` date NOT NULL, \`is_featured\` tinyint NOT NULL DEFAULT 0, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updated_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), INDEX \`IDX_travel_packs_name\` (\`name\`), INDEX \`IDX_travel_packs_destination\` (\`destination_id\`), INDEX \`IDX_travel_packs_is_featured\` (\`is_featured\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`contact_messages\` (\`id\` int NOT NULL AUTO_INCREMENT, \`first_name\` varchar(50) NOT NULL, \`last_name\` varchar(50) NOT NULL, \`email\` varchar(320) NOT NULL, \`phone\` varchar(20) NULL, \`message\` varchar(1500) NOT NULL, \`forwarded_at\` datetime NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_contact_messages_created_at\` (\`created_at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`users\` (\`id\` int NOT NULL AUTO_INCREMENT, \`email\` varchar(320) NOT NULL, \`first_name\` varchar(50) NOT NULL, \`last_name\` varchar(50) NOT NULL, \`phone\` varchar(20) NOT NULL DEFAULT '', \`password_hash\` varchar(255) NOT NULL, \`is_active\` tinyint NOT NULL DEFAULT 0, \`is_superuser\` tinyint NOT NULL DEFAULT 0, \`is_agent\` tinyint NOT NULL DEFAULT 0, \`last_login\` datetime NULL, \`password_changed_at\` datetime NULL, \`date_joined\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updated_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), UNIQUE INDEX \`UQ_users_email\` (\`email\`), INDEX \`IDX_users_is_superuser\` (\`is_superuser\`), INDEX \`IDX_users_is_agent\` (\`is_agent\`), INDEX \`IDX_users_date_joined\` (\`date_joined\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`leads\` (\`id\` int NOT NULL AUTO_INCREMENT, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updated_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), \`first_name\` varchar(50) NOT NULL, \`last_name\` varchar(50) NOT NULL, \`email\` varchar(320) NOT NULL, \`phone\` varchar(20) NOT NULL, \`date\` date NULL, \`hour\` varchar(5) NULL, \`status\` varchar(20) NOT NULL DEFAULT 'new', \`source\` varchar(40) NOT NULL DEFAULT 'email_verification', \`destination_id\` int NOT NULL, \`travel_pack_id\` int NULL, \`agent_id\` int NULL, \`user_id\` int NULL, \`is_priority\` tinyint NOT NULL DEFAULT 0, \`notes\` varchar(2000) NULL, \`notified_at\` datetime NULL, INDEX \`IDX_leads_created_at\` (\`created_at\`), INDEX \`IDX_leads_first_name\` (\`first_name\`), INDEX \`IDX_leads_last_name\` (\`last_name\`), INDEX \`IDX_leads_status\` (\`status\`), INDEX \`IDX_leads_destination\` (\`destination_id\`), INDEX \`IDX_leads_agent\` (\`agent_id\`), INDEX \`IDX_leads_is_priority\` (\`is_priority\`), INDEX \`IDX_leads_status_created\` (\`status\`, \`created_at\`), INDEX \`IDX_leads_priority_created\` (\`is_priority\`, \`created_at\`), INDEX \`IDX_leads_email_destination_created\` (\`email\`, \`destination_id\`, \`created_at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`lead_email_verifications\` (\`id\` int NOT NULL AUTO_INCREMENT, \`email\` varchar(320) NOT NULL, \`code_hash\` varchar(128) NOT NULL, \`expires_at\` datetime NOT NULL, \`attempts\` int NOT NULL DEFAULT '0', \`last_sent_at\` datetime NOT NULL, \`sends_in_window\` int NOT NULL DEFAULT '0', \`window_started_at\` datetime NOT NULL, \`verified_at\` datetime NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updated_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), UNIQUE INDEX \`UQ_lead_email_verifications_email\` (\`email\`), INDEX \`IDX_lead_email_verifications_verified_at\` (\`verified_at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`lead_events\` (\`id\` int NOT NULL AUTO_INCREMENT, \`lead_id\` int NOT NULL, \`kind\` varchar(20) NOT NULL, \`from_value\` varchar(100) NULL, \`to_value\` varchar(100) NULL, \`actor_id\` int NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_lead_events_lead\` (\`lead_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`refresh_tokens\` (\`id\` varchar(36) NOT NULL, \`user_id\` int NOT NULL, \`token_hash\` varchar(128) NOT NULL, \`expires_at\` datetime NOT NULL, \`used_at\` datetime NULL, \`revoked_at\` datetime NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_refresh_tokens_user\` (\`user_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`CREATE TABLE \`user_tokens\` (\`id\` int NOT NULL AUTO_INCREMENT, \`user_id\` int NOT NULL, \`purpose\` varchar(20) NOT NULL, \`token_hash\` varchar(128) NOT NULL, \`expires_at\` datetime NOT NULL, \`used_at\` datetime NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), UNIQUE INDEX \`UQ_user_tokens_hash\` (\`token_hash\`), INDEX \`IDX_user_tokens_user_purpose\` (\`user_id\`, \`purpose\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`);
    await queryRunner.query(`ALTER TABLE \`destination_images\` ADD CONSTRAINT \`FK_1d23921a8483ecb6e3b21a57074\` FOREIGN KEY (\`destination_id\`) REFERENCES \`destinations\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`things_to_do\` ADD CONSTRAINT \`FK_807cfe68d137e1582f2f45b6b26\` FOREIGN KEY (\`destination_id\`) REFERENCES \`destinations\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`travel_packs\` ADD CONSTRAINT \`FK_e6f0e223014b619d68a0542cdf9\` FOREIGN KEY (\`destination_id\`) REFERENCES \`destinations\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`leads\` ADD CONSTRAINT \`FK_215283ce0c297d51225185bf0a9\` FOREIGN KEY (\`destination_id\`) REFERENCES \`destinations\`(\`id\`) ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`leads\` ADD CONSTRAINT \`FK_0703d078e08da72b9aa64d69794\` FOREIGN KEY (\`travel_pack_id\`) REFERENCES \`travel_packs\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`leads\` ADD CONSTRAINT \`FK_5cc5a85430f5b3a9e5c0f762c83\` FOREIGN KEY (\`agent_id\`) REFERENCES \`users\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`leads\` ADD CONSTRAINT \`FK_0cec49f8f07d5ac4a8a9bbe6ac2\` FOREIGN KEY (\`user_id\`) REFERENCES \`users\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`lead_events\` ADD CONSTRAINT \`FK_5f01589188405d4107fff0362fe\` FOREIGN KEY (\`lead_id\`) REFERENCES \`leads\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`lead_events\` ADD CONSTRAINT \`FK_e0fa3f1be5f43e6998219d923c8\` FOREIGN KEY (\`actor_id\`) REFERENCES \`users\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`refresh_tokens\` ADD CONSTRAINT \`FK_3ddc983c5f7bcf132fd8732c3f4\` FOREIGN KEY (\`user_id\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE \`user_tokens\` ADD CONSTRAINT \`FK_9e144a67be49e5bba91195ef5de\` FOREIGN KEY (\`user_id\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`user_tokens\` DROP FOREIGN KEY \`FK_9e144a67be49e5bba91195ef5de\``);
    await queryRunner.query(`ALTER TABLE \`refresh_tokens\` DROP FOREIGN KEY \`FK_3ddc983c5f7bcf132fd8732c3f4\``);
    await queryRunner.query(`ALTER TABLE \`lead_events\` DROP FOREIGN KEY \`FK_e0fa3f1be5f43e6998219d923c8\``);
    await queryRunner.query(`ALTER TABLE \`lead_events\` DROP FOREIGN KEY \`FK_5f01589188405d4107fff0362fe\``);
    await queryRunner.query(`ALTER TABLE \`leads\` DROP FOREIGN KEY \`FK_0cec49f8f07d5ac4a8a9bbe6ac2\``);
    await queryRunner.query(`ALTER TABLE \`leads\` DROP FOREIGN KEY \`FK_5cc5a85430f5b3a9e5c0f762c83\``);
    await queryRunner.query(`ALTER TABLE \`leads\` DROP FOREIGN KEY \`FK_0703d078e08da72b9aa64d69794\``);
    await queryRunner.query(`ALTER TABLE \`leads\` DROP FOREIGN KEY \`FK_215283ce0c297d51225185bf0a9\``);
    await queryRunner.query(`ALTER TABLE \`travel_packs\` DROP FOREIGN KEY \`FK_e6f0e223014b619d68a0542cdf9\``);
    await queryRunner.query(`ALTER TABLE \`things_to_do\` DROP FOREIGN KEY \`FK_807cfe68d137e1582f2f45b6b26\``);
    await queryRunner.query(`ALTER TABLE \`destination_images\` DROP FOREIGN KEY \`FK_1d23921a8483ecb6e3b21a57074\``);
    await queryRunner.query(`DROP INDEX \`IDX_user_tokens_user_purpose\` ON \`user_tokens\``);
    await queryRunner.query(`DROP INDEX \`UQ_user_tokens_hash\` ON \`user_tokens\``);
    await queryRunner.query(`DROP TABLE \`user_tokens\``);
    await queryRunner.query(`DROP INDEX \`IDX_refresh_tokens_user\` ON \`refresh_tokens\``);
    await queryRunner.query(`DROP TABLE \`refresh_tokens\``);
    await queryRunner.query(`DROP INDEX \`IDX_lead_events_lead\` ON \`lead_events\``);
    await queryRunner.query(`DROP TABLE \`lead_events\``);
    await queryRunner.query(`DROP INDEX \`IDX_lead_email_verifications_verified_at\` ON \`lead_email_verifications\``);
    await queryRunner.query(`DROP INDEX \`UQ_lead_email_verifications_email\` ON \`lead_email_verifications\``);
    await queryRunner.query(`DROP TABLE \`lead_email_verifications\``);
    await queryRunner.query(`DROP INDEX \`IDX_leads_email_destination_created\` ON \`leads\``);
    await queryRunner.query(`DROP INDEX \`IDX_leads_priority_created\` ON \`leads\``);
    await queryRunner.query(`DROP INDEX \`IDX_leads_status_created\` ON \`leads\``);
    await queryRunner.query(`DROP INDEX \`IDX_leads_is_priority\` ON \`leads\``);
    await queryRunner.query(`DROP INDEX \`IDX_leads_agent\` ON \`leads\``);
    await queryRunner.query(`DROP INDEX \`IDX_leads_destination\` ON \`leads\``);
    await queryRunner.query(`DROP INDEX \`IDX_leads_status\` ON \`leads\``);
    await queryRunner.query(`DROP INDEX \`IDX_leads_last_name\` ON \`leads\``);
    await queryRunner.query(`DROP INDEX \`IDX_leads_first_name\` ON \`leads\``);
    await queryRunner.query(`DROP INDEX \`IDX_leads_created_at\` ON \`leads\``);
    await queryRunner.query(`DROP TABLE \`leads\``);
    await queryRunner.query(`DROP INDEX \`IDX_users_date_joined\` ON \`users\``);
    await queryRunner.query(`DROP INDEX \`IDX_users_is_agent\` ON \`users\``);
    await queryRunner.query(`DROP INDEX \`IDX_users_is_superuser\` ON \`users\``);
    await queryRunner.query(`DROP INDEX \`UQ_users_email\` ON \`users\``);
    await queryRunner.query(`DROP TABLE \`users\``);
    await queryRunner.query(`DROP INDEX \`IDX_contact_messages_created_at\` ON \`contact_messages\``);
    await queryRunner.query(`DROP TABLE \`contact_messages\``);
    await queryRunner.query(`DROP INDEX \`IDX_travel_packs_is_featured\` ON \`travel_packs\``);
    await queryRunner.query(`DROP INDEX \`IDX_travel_packs_destination\` ON \`travel_packs\``);
    await queryRunner.query(`DROP INDEX \`IDX_travel_packs_name\` ON \`travel_packs\``);
    await queryRunner.query(`DROP TABLE \`travel_packs\``);
    await queryRunner.query(`DROP INDEX \`IDX_destinations_is_priority\` ON \`destinations\``);
    await queryRunner.query(`DROP INDEX \`IDX_destinations_name\` ON \`destinations\``);
    await queryRunner.query(`DROP TABLE \`destinations\``);
    await queryRunner.query(`DROP INDEX \`IDX_things_to_do_destination\` ON \`things_to_do\``);
    await queryRunner.query(`DROP TABLE \`things_to_do\``);
    await queryRunner.query(`DROP INDEX \`IDX_destination_images_destination_kind\` ON \`destination_images\``);
    await queryRunner.query(`DROP TABLE \`destination_images\``);
  }
}
