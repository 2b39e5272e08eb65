import { MigrationInterface, QueryRunner } from 'typeorm';

export class MailOutboxAndVerifiedEmail1795424964796 implements MigrationInterface {
  name = 'MailOutboxAndVerifiedEmail1795424964796';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "outbox" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "kind" varchar(40) NOT NULL, "ref_id" integer, "label" varchar(120) NOT NULL, "to_address" varchar(320) NOT NULL, "reply_to" varchar(320), "subject" varchar(500) NOT NULL, "body_text" text NOT NULL, "body_html" text NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "next_attempt_at" datetime NOT NULL, "discard_after" datetime NOT NULL, "claimed_by" varchar(64), "claimed_until" datetime, "sent_at" datetime, "failed_at" datetime, "last_error" varchar(500), "created_at" datetime NOT NULL DEFAULT (datetime('now')))`);
    await queryRunner.query(`CREATE INDEX "IDX_outbox_due" ON "outbox" ("sent_at", "failed_at", "next_attempt_at") `);
    await queryRunner.query(`DROP INDEX "IDX_users_date_joined"`);
    await queryRunner.query(`DROP INDEX "IDX_users_is_agent"`);
    await queryRunner.query(`DROP INDEX "IDX_users_is_superuser"`);
    await queryRunner.query(`DROP INDEX "UQ_users_email"`);
    await queryRunner.query(`CREATE TABLE "temporary_users" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "email" varchar(320) NOT NULL, "first_name" varchar(50) NOT NULL, "last_name" varchar(50) NOT NULL, "phone" varchar(20) NOT NULL DEFAULT (''), "password_hash" varchar(255) NOT NULL, "is_active" boolean NOT NULL DEFAULT (0), "is_superuser" boolean NOT NULL DEFAULT (0), "is_agent" boolean NOT NULL DEFAULT (0), "last_login" datetime, "password_changed_at" datetime, "date_joined" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), "email_verified_at" datetime)`);
    await queryRunner.query(`INSERT INTO "temporary_users"("id", "email", "first_name", "last_name", "phone", "password_hash", "is_active", "is_superuser", "is_agent", "last_login", "password_changed_at", "date_joined", "updated_at") SELECT "id", "email", "first_name", "last_name", "phone", "password_hash", "is_active", "is_superuser", "is_agent", "last_login", "password_changed_at", "date_joined", "updated_at" FROM "users"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`ALTER TABLE "temporary_users" RENAME TO "users"`);
    await queryRunner.query(`CREATE INDEX "IDX_users_date_joined" ON "users" ("date_joined") `);
    await queryRunner.query(`CREATE INDEX "IDX_users_is_agent" ON "users" ("is_agent") `);
    await queryRunner.query(`CREATE INDEX "IDX_users_is_superuser" ON "users" ("is_superuser") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_users_email" ON "users" ("email") `);
    // Accounts active before this column existed had proven their address (or were made by an admin).
    await queryRunner.query(`UPDATE "users" SET "email_verified_at" = "date_joined" WHERE "is_active" = 1`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "UQ_users_email"`);
    await queryRunner.query(`DROP INDEX "IDX_users_is_superuser"`);
    await queryRunner.query(`DROP INDEX "IDX_users_is_agent"`);
    await queryRunner.query(`DROP INDEX "IDX_users_date_joined"`);
    await queryRunner.query(`ALTER TABLE "users" RENAME TO "temporary_users"`);
    await queryRunner.query(`CREATE TABLE "users" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "email" varchar(320) NOT NULL, "first_name" varchar(50) NOT NULL, "last_name" varchar(50) NOT NULL, "phone" varchar(20) NOT NULL DEFAULT (''), "password_hash" varchar(255) NOT NULL, "is_active" boolean NOT NULL DEFAULT (0), "is_superuser" boolean NOT NULL DEFAULT (0), "is_agent" boolean NOT NULL DEFAULT (0), "last_login" datetime, "password_changed_at" datetime, "date_joined" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')))`);
    await queryRunner.query(`INSERT INTO "users"("id", "email", "first_name", "last_name", "phone", "password_hash", "is_active", "is_superuser", "is_agent", "last_login", "password_changed_at", "date_joined", "updated_at") SELECT "id", "email", "first_name", "last_name", "phone", "password_hash", "is_active", "is_superuser", "is_agent", "last_login", "password_changed_at", "date_joined", "updated_at" FROM "temporary_users"`);
    await queryRunner.query(`DROP TABLE "temporary_users"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_users_email" ON "users" ("email") `);
    await queryRunner.query(`CREATE INDEX "IDX_users_is_superuser" ON "users" ("is_superuser") `);
    await queryRunner.query(`CREATE INDEX "IDX_users_is_agent" ON "users" ("is_agent") `);
    await queryRunner.query(`CREATE INDEX "IDX_users_date_joined" ON "users" ("date_joined") `);
    await queryRunner.query(`DROP INDEX "IDX_outbox_due"`);
    await queryRunner.query(`DROP TABLE "outbox"`);
  }
}
