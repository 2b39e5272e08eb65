import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `status` and `is_priority` alone are the first columns of IDX_leads_status_created and
 * IDX_leads_priority_created, which serve every query the two served: two fewer index pages to
 * write with each new lead.
 */
export class DropRedundantLeadIndexes1795600000000 implements MigrationInterface {
  name = 'DropRedundantLeadIndexes1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`IDX_leads_status\` ON \`leads\``);
    await queryRunner.query(`DROP INDEX \`IDX_leads_is_priority\` ON \`leads\``);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX \`IDX_leads_is_priority\` ON \`leads\` (\`is_priority\`)`);
    await queryRunner.query(`CREATE INDEX \`IDX_leads_status\` ON \`leads\` (\`status\`)`);
  }
}
