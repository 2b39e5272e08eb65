import { MigrationInterface, QueryRunner } from 'typeorm';
import { ERROR_AS_ROW, OPEN_TRANSACTION } from './1796400000000-LeadIntakeProcedure';

/**
 * The e-mail code step of the lead flow as two stored procedures (MySQL/MariaDB), for the reason
 * the lead intake is one (LeadIntakeProcedure1796400000000): one statement per visitor, sent with
 * the others waiting (MysqlBatches.pipeline), instead of two round trips of five statements.
 *
 * They decide as the SQLite path does in TypeScript (src/leads/lead-code.repository.ts: decideSend,
 * sendWrites, decideVerify, verifyWrites); the e2e suite runs the code tests on both. The limits
 * come in as parameters from shared/rules/lead.ts, so they have one source. Each locks the e-mail's
 * row, so parallel requests for one e-mail run one after another and the limits hold; each ends its
 * own transaction and answers one row, or after an error the rollback and a row with the error's
 * number and message (a raised error would end the calls sent with it); both start as the intake's
 * procedure does (ERROR_AS_ROW, OPEN_TRANSACTION: a call without an e-mail only loads them). Two
 * first requests for one e-mail may race on its unique index: the loser answers ER_DUP_ENTRY and
 * the caller calls again.
 *
 * The code's e-mail is written to the outbox in the same transaction, from the outbox row the caller
 * built (outboxStatement's parameters: kind to created_at).
 */
export const CREATE_LEAD_CODE_SEND_V1 = `CREATE PROCEDURE \`lead_code_send_v1\`(
  IN p_now DATETIME(6), IN p_email VARCHAR(320), IN p_code_hash VARCHAR(128), IN p_expires_at DATETIME(6),
  IN p_resend_seconds INT, IN p_window_minutes INT, IN p_sends_cap INT,
  IN p_kind VARCHAR(40), IN p_ref_id INT, IN p_label VARCHAR(120), IN p_to VARCHAR(320), IN p_reply_to VARCHAR(320),
  IN p_subject VARCHAR(500), IN p_text TEXT, IN p_html TEXT, IN p_next_attempt_at DATETIME(6),
  IN p_discard_after DATETIME(6), IN p_created_at DATETIME(6))
  MODIFIES SQL DATA
  SQL SECURITY INVOKER
proc: BEGIN
  DECLARE v_id INT DEFAULT NULL;
  DECLARE v_last_sent DATETIME DEFAULT NULL;
  DECLARE v_sends INT DEFAULT 0;
  DECLARE v_window_started DATETIME DEFAULT NULL;
  DECLARE v_since_us BIGINT;
  DECLARE v_window_open TINYINT;
  DECLARE v_outcome VARCHAR(10);
  DECLARE v_seconds INT DEFAULT NULL;
${ERROR_AS_ROW}

${OPEN_TRANSACTION}
  SELECT \`id\`, \`last_sent_at\`, \`sends_in_window\`, \`window_started_at\`
    INTO v_id, v_last_sent, v_sends, v_window_started
    FROM \`lead_email_verifications\` WHERE \`email\` = p_email FOR UPDATE;
  IF v_id IS NULL THEN
    INSERT INTO \`lead_email_verifications\` (\`email\`, \`code_hash\`, \`expires_at\`, \`attempts\`, \`last_sent_at\`,
      \`sends_in_window\`, \`window_started_at\`, \`verified_at\`, \`created_at\`, \`updated_at\`)
    VALUES (p_email, p_code_hash, p_expires_at, 0, p_now, 1, p_now, NULL, p_now, p_now);
    SET v_outcome = 'sent';
  ELSE
    SET v_since_us = TIMESTAMPDIFF(MICROSECOND, v_last_sent, p_now);
    SET v_window_open = TIMESTAMPDIFF(MICROSECOND, v_window_started, p_now) < p_window_minutes * 60000000;
    IF v_since_us < p_resend_seconds * 1000000 THEN
      SET v_outcome = 'too-soon';
      SET v_seconds = LEAST(p_resend_seconds, GREATEST(1, CEIL((p_resend_seconds * 1000000 - v_since_us) / 1000000)));
    ELSEIF v_window_open AND v_sends >= p_sends_cap THEN
      -- Past the cap the current code stays as it is: the owner, who received it, can still use it.
      SET v_outcome = 'capped';
    ELSE
      UPDATE \`lead_email_verifications\` SET \`code_hash\` = p_code_hash, \`expires_at\` = p_expires_at,
        \`attempts\` = 0, \`last_sent_at\` = p_now, \`sends_in_window\` = IF(v_window_open, v_sends + 1, 1),
        \`window_started_at\` = IF(v_window_open, v_window_started, p_now), \`verified_at\` = NULL,
        \`updated_at\` = p_now
      WHERE \`id\` = v_id;
      SET v_outcome = 'sent';
    END IF;
  END IF;
  IF v_outcome = 'sent' THEN
    INSERT INTO \`outbox\` (\`kind\`, \`ref_id\`, \`label\`, \`to_address\`, \`reply_to\`, \`subject\`, \`body_text\`,
      \`body_html\`, \`attempts\`, \`next_attempt_at\`, \`discard_after\`, \`created_at\`)
    VALUES (p_kind, p_ref_id, p_label, p_to, p_reply_to, p_subject, p_text, p_html, 0, p_next_attempt_at,
      p_discard_after, p_created_at);
  END IF;
  COMMIT;
  SELECT v_outcome AS \`outcome\`, v_seconds AS \`seconds\`;
END proc`;

export const CREATE_LEAD_CODE_VERIFY_V1 = `CREATE PROCEDURE \`lead_code_verify_v1\`(
  IN p_now DATETIME(6), IN p_email VARCHAR(320), IN p_guess_hash VARCHAR(128), IN p_max_attempts INT)
  MODIFIES SQL DATA
  SQL SECURITY INVOKER
proc: BEGIN
  DECLARE v_id INT DEFAULT NULL;
  DECLARE v_hash VARCHAR(128) DEFAULT NULL;
  DECLARE v_expires DATETIME DEFAULT NULL;
  DECLARE v_attempts INT DEFAULT 0;
  DECLARE v_outcome VARCHAR(10);
${ERROR_AS_ROW}

${OPEN_TRANSACTION}
  SELECT \`id\`, \`code_hash\`, \`expires_at\`, \`attempts\` INTO v_id, v_hash, v_expires, v_attempts
    FROM \`lead_email_verifications\` WHERE \`email\` = p_email FOR UPDATE;
  IF v_id IS NULL OR v_expires <= p_now THEN
    SET v_outcome = 'expired';
  ELSEIF v_attempts >= p_max_attempts THEN
    -- Every guess of this code is spent: refused without spending more.
    SET v_outcome = 'locked';
  ELSE
    -- One attempt spent per guess, right or wrong (parallel guesses get the allowed tries in all).
    -- The hashes are keyed with the app's secret: comparing them tells nothing about the code.
    UPDATE \`lead_email_verifications\` SET \`attempts\` = \`attempts\` + 1, \`updated_at\` = p_now WHERE \`id\` = v_id;
    IF v_hash = p_guess_hash THEN
      UPDATE \`lead_email_verifications\` SET \`verified_at\` = p_now, \`updated_at\` = p_now
        WHERE \`id\` = v_id AND \`verified_at\` IS NULL;
      SET v_outcome = 'verified';
    ELSE
      SET v_outcome = IF(v_attempts + 1 >= p_max_attempts, 'locked', 'invalid');
    END IF;
  END IF;
  COMMIT;
  SELECT v_outcome AS \`outcome\`;
END proc`;

export class LeadCodeProcedures1796500000000 implements MigrationInterface {
  name = 'LeadCodeProcedures1796500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_LEAD_CODE_SEND_V1);
    await queryRunner.query(CREATE_LEAD_CODE_VERIFY_V1);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP PROCEDURE IF EXISTS `lead_code_verify_v1`');
    await queryRunner.query('DROP PROCEDURE IF EXISTS `lead_code_send_v1`');
  }
}
