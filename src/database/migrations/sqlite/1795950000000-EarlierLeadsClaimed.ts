import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When an account's earlier leads (sent before it was verified) became its own. Existing accounts
 * start without it: whoever verified them may not be whoever signed them up, so their owners
 * confirm from the account page (or by a password reset).
 */
export class EarlierLeadsClaimed1795950000000 implements MigrationInterface {
  name = 'EarlierLeadsClaimed1795950000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD COLUMN "earlier_leads_claimed_at" datetime`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "earlier_leads_claimed_at"`);
  }
}
