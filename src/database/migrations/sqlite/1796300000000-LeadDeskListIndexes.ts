import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lead desk's lists over many leads: an agent's leads by status ("Mine") and first requests by
 * status and age (leads waiting past the SLA), each counted on the index alone. The agent index
 * becomes the first part of the new one.
 */
export class LeadDeskListIndexes1796300000000 implements MigrationInterface {
  name = 'LeadDeskListIndexes1796300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_leads_agent_status_created" ON "leads" ("agent_id", "status", "created_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_leads_status_duplicate_created" ON "leads" ("status", "duplicate_of", "created_at")`,
    );
    await queryRunner.query(`DROP INDEX "IDX_leads_agent"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_leads_agent" ON "leads" ("agent_id")`);
    await queryRunner.query(`DROP INDEX "IDX_leads_status_duplicate_created"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_agent_status_created"`);
  }
}
