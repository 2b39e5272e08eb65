import { MigrationInterface, QueryRunner } from 'typeorm';

/** The lead desk's repeat-request lookup by phone digits, on an index instead of the whole table. */
export class LeadPhoneIndex1796200000000 implements MigrationInterface {
  name = 'LeadPhoneIndex1796200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_leads_phone" ON "leads" ("phone")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_leads_phone"`);
  }
}
