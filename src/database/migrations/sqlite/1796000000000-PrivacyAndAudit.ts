import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Privacy and audit: marketing consent (with its records), anonymisation marks on leads and contact
 * messages, stop-link suppressions kept as address hashes, and the back-office audit log.
 */
export class PrivacyAndAudit1796000000000 implements MigrationInterface {
  name = 'PrivacyAndAudit1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "mail_suppressions" ("email_hash" varchar(64) PRIMARY KEY NOT NULL, "source" varchar(30) NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')))`);
    await queryRunner.query(`CREATE TABLE "consent_records" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "email" varchar(320) NOT NULL, "user_id" integer, "purpose" varchar(20) NOT NULL DEFAULT ('marketing'), "granted" boolean NOT NULL, "source" varchar(30) NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')))`);
    await queryRunner.query(`CREATE INDEX "IDX_consent_records_email" ON "consent_records" ("email") `);
    await queryRunner.query(`CREATE INDEX "IDX_consent_records_user" ON "consent_records" ("user_id") `);
    await queryRunner.query(`CREATE TABLE "audit_log" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "actor_id" integer, "action" varchar(20) NOT NULL, "resource" varchar(40) NOT NULL, "record_id" varchar(64), "changes" text, "ip" varchar(45))`);
    await queryRunner.query(`CREATE INDEX "IDX_audit_log_created_at" ON "audit_log" ("created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_audit_log_actor" ON "audit_log" ("actor_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_audit_log_resource_record" ON "audit_log" ("resource", "record_id") `);
    // Added in place: rebuilding the tables would drop the leads' search-index triggers.
    await queryRunner.query(`ALTER TABLE "users" ADD COLUMN "marketing_opt_in_at" datetime`);
    await queryRunner.query(`ALTER TABLE "leads" ADD COLUMN "marketing_opt_in_at" datetime`);
    await queryRunner.query(`ALTER TABLE "leads" ADD COLUMN "anonymised_at" datetime`);
    await queryRunner.query(`ALTER TABLE "contact_messages" ADD COLUMN "anonymised_at" datetime`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contact_messages" DROP COLUMN "anonymised_at"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "anonymised_at"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "marketing_opt_in_at"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "marketing_opt_in_at"`);
    await queryRunner.query(`DROP TABLE "audit_log"`);
    await queryRunner.query(`DROP TABLE "consent_records"`);
    await queryRunner.query(`DROP TABLE "mail_suppressions"`);
  }
}
