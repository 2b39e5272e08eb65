import { MigrationInterface, QueryRunner } from 'typeorm';

export class LeadSearchText1795426226962 implements MigrationInterface {
  name = 'LeadSearchText1795426226962';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_leads_email_destination_created"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_priority_created"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_status_created"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_is_priority"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_agent"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_destination"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_status"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_last_name"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_first_name"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_created_at"`);
    await queryRunner.query(`CREATE TABLE "temporary_leads" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), "first_name" varchar(50) NOT NULL, "last_name" varchar(50) NOT NULL, "email" varchar(320) NOT NULL, "phone" varchar(20) NOT NULL, "date" date, "hour" varchar(5), "status" varchar(20) NOT NULL DEFAULT ('new'), "source" varchar(40) NOT NULL DEFAULT ('email_verification'), "destination_id" integer NOT NULL, "travel_pack_id" integer, "agent_id" integer, "user_id" integer, "is_priority" boolean NOT NULL DEFAULT (0), "notes" varchar(2000), "notified_at" datetime, "search_text" varchar(422) NOT NULL AS (lower(concat_ws(' ', first_name, last_name, email))) STORED, CONSTRAINT "FK_0cec49f8f07d5ac4a8a9bbe6ac2" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_5cc5a85430f5b3a9e5c0f762c83" FOREIGN KEY ("agent_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_0703d078e08da72b9aa64d69794" FOREIGN KEY ("travel_pack_id") REFERENCES "travel_packs" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_215283ce0c297d51225185bf0a9" FOREIGN KEY ("destination_id") REFERENCES "destinations" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "temporary_leads"("id", "created_at", "updated_at", "first_name", "last_name", "email", "phone", "date", "hour", "status", "source", "destination_id", "travel_pack_id", "agent_id", "user_id", "is_priority", "notes", "notified_at") SELECT "id", "created_at", "updated_at", "first_name", "last_name", "email", "phone", "date", "hour", "status", "source", "destination_id", "travel_pack_id", "agent_id", "user_id", "is_priority", "notes", "notified_at" FROM "leads"`);
    await queryRunner.query(`DROP TABLE "leads"`);
    await queryRunner.query(`ALTER TABLE "temporary_leads" RENAME TO "leads"`);
    await queryRunner.query(`CREATE INDEX "IDX_leads_email_destination_created" ON "leads" ("email", "destination_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_leads_priority_created" ON "leads" ("is_priority", "created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_leads_status_created" ON "leads" ("status", "created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_leads_is_priority" ON "leads" ("is_priority") `);
    await queryRunner.query(`CREATE INDEX "IDX_leads_agent" ON "leads" ("agent_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_leads_destination" ON "leads" ("destination_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_leads_status" ON "leads" ("status") `);
    await queryRunner.query(`CREATE INDEX "IDX_leads_last_name" ON "leads" ("last_name") `);
    await queryRunner.query(`CREATE INDEX "IDX_leads_first_name" ON "leads" ("first_name") `);
    await queryRunner.query(`CREATE INDEX "IDX_leads_created_at" ON "leads" ("created_at") `);
    await queryRunner.query(`INSERT INTO "typeorm_metadata"("database", "schema", "table", "type", "name", "value") VALUES (NULL, NULL, ?, ?, ?, ?)`, ["leads","GENERATED_COLUMN","search_text","lower(concat_ws(' ', first_name, last_name, email))"]);
    await queryRunner.query(`CREATE INDEX "IDX_leads_search_text" ON "leads" ("search_text") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_leads_search_text"`);
    await queryRunner.query(`DELETE FROM "typeorm_metadata" WHERE "type" = ? AND "name" = ? AND "table" = ?`, ["GENERATED_COLUMN","search_text","leads"]);
    await queryRunner.query(`DROP INDEX "IDX_leads_created_at"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_first_name"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_last_name"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_status"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_destination"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_agent"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_is_priority"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_status_created"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_priority_created"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_email_destination_created"`);
    await queryRunner.query(`ALTER TABLE "leads" RENAME TO "temporary_leads"`);
    await queryRunner.query(`CREATE TABLE "leads" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), "first_name" varchar(50) NOT NULL, "last_name" varchar(50) NOT NULL, "email" varchar(320) NOT NULL, "phone" varchar(20) NOT NULL, "date" date, "hour" varchar(5), "status" varchar(20) NOT NULL DEFAULT ('new'), "source" varchar(40) NOT NULL DEFAULT ('email_verification'), "destination_id" integer NOT NULL, "travel_pack_id" integer, "agent_id" integer, "user_id" integer, "is_priority" boolean NOT NULL DEFAULT (0), "notes" varchar(2000), "notified_at" datetime, CONSTRAINT "FK_0cec49f8f07d5ac4a8a9bbe6ac2" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_5cc5a85430f5b3a9e5c0f762c83" FOREIGN KEY ("agent_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_0703d078e08da72b9aa64d69794" FOREIGN KEY ("travel_pack_id") REFERENCES "travel_packs" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_215283ce0c297d51225185bf0a9" FOREIGN KEY ("destination_id") REFERENCES "destinations" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
    await queryRunner.query(`INSERT INTO "leads"("id", "created_at", "updated_at", "first_name", "last_name", "email", "phone", "date", "hour", "status", "source", "destination_id", "travel_pack_id", "agent_id", "user_id", "is_priority", "notes", "notified_at") SELECT "id", "created_at", "updated_at", "first_name", "last_name", "email", "phone", "date", "hour", "status", "source", "destination_id", "travel_pack_id", "agent_id", "user_id", "is_priority", "notes", "notified_at" FROM "temporary_leads"`);
    await queryRunner.query(`DROP TABLE "temporary_leads"`);
    await queryRunner.query(`CREATE INDEX "IDX_leads_created_at" ON "leads" ("created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_leads_first_name" ON "leads" ("first_name") `);
    await queryRunner.query(`CREATE INDEX "IDX_leads_last_name" ON "leads" ("last_name") `);
    await queryRunner.query(`CREATE INDEX "IDX_leads_status" ON "leads" ("status") `);
    await queryRunner.query(`CREATE INDEX "IDX_leads_destination" ON "leads" ("destination_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_leads_agent" ON "leads" ("agent_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_leads_is_priority" ON "leads" ("is_priority") `);
    await queryRunner.query(`CREATE INDEX "IDX_leads_status_created" ON "leads" ("status", "created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_leads_priority_created" ON "leads" ("is_priority", "created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_leads_email_destination_created" ON "leads" ("email", "destination_id", "created_at") `);
  }
}
