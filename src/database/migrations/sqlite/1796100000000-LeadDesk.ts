import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lead desk: notes, tasks with reminders, e-mail templates, saved list views; agents who
 * receive leads automatically; a lead's repeat-request link, merge pointer, SLA notice and
 * follow-up step.
 */
export class LeadDesk1796100000000 implements MigrationInterface {
  name = 'LeadDesk1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "saved_views" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "resource" varchar(40) NOT NULL, "name" varchar(100) NOT NULL, "query" text NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_5ef69747737eae659eb1dd15aac" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_saved_views_user_resource_name" ON "saved_views" ("user_id", "resource", "name") `);
    await queryRunner.query(`CREATE TABLE "tasks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "lead_id" integer NOT NULL, "assignee_id" integer, "title" varchar(200) NOT NULL, "due_at" datetime NOT NULL, "done_at" datetime, "reminded_at" datetime, "created_by" integer, "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_c45c4fbd19faf3ca1daa4c5f21e" FOREIGN KEY ("lead_id") REFERENCES "leads" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_855d484825b715c545349212c7f" FOREIGN KEY ("assignee_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE INDEX "IDX_tasks_lead" ON "tasks" ("lead_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_tasks_assignee" ON "tasks" ("assignee_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_tasks_due" ON "tasks" ("done_at", "reminded_at", "due_at") `);
    await queryRunner.query(`CREATE TABLE "lead_notes" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "lead_id" integer NOT NULL, "text" text NOT NULL, "author_id" integer, "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_724573b69882525ab16b174101d" FOREIGN KEY ("lead_id") REFERENCES "leads" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_0f345753806f28047a129177771" FOREIGN KEY ("author_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE INDEX "IDX_lead_notes_lead" ON "lead_notes" ("lead_id") `);
    await queryRunner.query(`CREATE TABLE "email_templates" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "subject" varchar(200) NOT NULL, "body" text NOT NULL, "sequence_day" integer, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_email_templates_name" ON "email_templates" ("name") `);
    // Added in place: rebuilding the tables would drop the leads' search-index triggers.
    await queryRunner.query(`ALTER TABLE "users" ADD COLUMN "receives_leads" boolean NOT NULL DEFAULT (0)`);
    await queryRunner.query(`ALTER TABLE "users" ADD COLUMN "last_assigned_at" datetime`);
    await queryRunner.query(`ALTER TABLE "leads" ADD COLUMN "duplicate_of" integer`);
    await queryRunner.query(`ALTER TABLE "leads" ADD COLUMN "merged_into" integer`);
    await queryRunner.query(`ALTER TABLE "leads" ADD COLUMN "sla_notified_at" datetime`);
    await queryRunner.query(`ALTER TABLE "leads" ADD COLUMN "follow_up_day" integer`);
    await queryRunner.query(`CREATE INDEX "IDX_leads_duplicate_of" ON "leads" ("duplicate_of") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_leads_duplicate_of"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "follow_up_day"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "sla_notified_at"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "merged_into"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "duplicate_of"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "last_assigned_at"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "receives_leads"`);
    await queryRunner.query(`DROP TABLE "email_templates"`);
    await queryRunner.query(`DROP TABLE "lead_notes"`);
    await queryRunner.query(`DROP TABLE "tasks"`);
    await queryRunner.query(`DROP TABLE "saved_views"`);
  }
}
