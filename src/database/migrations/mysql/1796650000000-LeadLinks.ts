import { MigrationInterface, QueryRunner } from 'typeorm';

/** Leads an admin links as related (two people's leads, nothing moved between them): one row per pair. */
export class LeadLinks1796650000000 implements MigrationInterface {
  name = 'LeadLinks1796650000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`lead_links\` (\`id\` int NOT NULL AUTO_INCREMENT, \`lead_id\` int NOT NULL, \`related_lead_id\` int NOT NULL, \`created_by\` int NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`IDX_lead_links_related\` (\`related_lead_id\`), UNIQUE INDEX \`UQ_lead_links_pair\` (\`lead_id\`, \`related_lead_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `ALTER TABLE \`lead_links\` ADD CONSTRAINT \`FK_lead_links_lead\` FOREIGN KEY (\`lead_id\`) REFERENCES \`leads\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE \`lead_links\` ADD CONSTRAINT \`FK_lead_links_related\` FOREIGN KEY (\`related_lead_id\`) REFERENCES \`leads\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE \`lead_links\` ADD CONSTRAINT \`FK_lead_links_created_by\` FOREIGN KEY (\`created_by\`) REFERENCES \`users\`(\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`lead_links\` DROP FOREIGN KEY \`FK_lead_links_created_by\``);
    await queryRunner.query(`ALTER TABLE \`lead_links\` DROP FOREIGN KEY \`FK_lead_links_related\``);
    await queryRunner.query(`ALTER TABLE \`lead_links\` DROP FOREIGN KEY \`FK_lead_links_lead\``);
    await queryRunner.query(`DROP TABLE \`lead_links\``);
  }
}
