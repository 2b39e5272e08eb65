import { MigrationInterface, QueryRunner } from 'typeorm';

/** Leads an admin links as related (two people's leads, nothing moved between them): one row per pair. */
export class LeadLinks1796650000000 implements MigrationInterface {
  name = 'LeadLinks1796650000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "lead_links" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "lead_id" integer NOT NULL, "related_lead_id" integer NOT NULL, "created_by" integer, "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_lead_links_lead" FOREIGN KEY ("lead_id") REFERENCES "leads" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_lead_links_related" FOREIGN KEY ("related_lead_id") REFERENCES "leads" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_lead_links_created_by" FOREIGN KEY ("created_by") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_lead_links_related" ON "lead_links" ("related_lead_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_lead_links_pair" ON "lead_links" ("lead_id", "related_lead_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "UQ_lead_links_pair"`);
    await queryRunner.query(`DROP INDEX "IDX_lead_links_related"`);
    await queryRunner.query(`DROP TABLE "lead_links"`);
  }
}
