import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The public lead intake as one stored procedure (MySQL/MariaDB), so that a lead is one statement
 * sent and one result received instead of three round trips of ten statements: on a server on the
 * same machine, each statement's reply and each round trip cost both processes a socket write
 * and a wake-up, which under a burst was the largest share of a lead's CPU on either side.
 *
 * It decides as the SQLite path does in TypeScript (src/leads/intake/lead-intake.repository.ts,
 * READ_CONTEXT_AND_VERIFICATION and what follows it); the e2e suite runs the same lead tests on
 * both. Its text is frozen here: a change of the rules is a new migration that replaces it.
 *
 * - Locks the e-mail's verification row, so identical submissions run one after another.
 * - One read of everything the decision needs (see CONTEXT_COLUMNS there).
 * - A new lead: its row, its 'created' event, the assignment (event and the agent's
 *   last_assigned_at), the repeat request in the original's history, the marketing consent.
 * - `p_commit` = 0 leaves a created lead's transaction open and skips the agent's mark, for a
 *   caller that still writes rows that need the lead's id (the agency's notice): it sends them
 *   with the mark and the COMMIT. Anything else ends the transaction here.
 * - Answers one row: what it read (the SQLite read's columns), the new lead's id, and whether the
 *   transaction is still open; or, after an error, the rollback and a row with the error's number
 *   and message (ERROR_AS_ROW).
 *
 * SQL SECURITY INVOKER: it runs with the caller's rights, not its creator's.
 */
/**
 * The declarations every form procedure ends its own with (LeadCodeProcedures1796500000000 uses
 * them too): no row found leaves the variables it would set as they were (NULL); an error leaves
 * nothing half-written and is answered as a row (its number and message), so a call sent among
 * others keeps the ones after it running (a raised error would end the whole batch).
 */
export const ERROR_AS_ROW = `  DECLARE v_errno INT DEFAULT NULL;
  DECLARE v_message VARCHAR(512) DEFAULT NULL;
  DECLARE CONTINUE HANDLER FOR NOT FOUND BEGIN END;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION
  BEGIN
    GET DIAGNOSTICS CONDITION 1 v_errno = MYSQL_ERRNO, v_message = MESSAGE_TEXT;
    ROLLBACK;
    SELECT v_errno AS \`errno\`, v_message AS \`message\`;
  END;`;

/**
 * How every form procedure starts its work. A call without an e-mail does nothing: it loads the
 * procedure into the connection's cache (the app makes one on each connection before it says it is
 * ready, so no visitor's call waits for that). A call waits 2 s at most for a row lock (not the
 * server's 50): it may have been sent with other visitors' calls, which run after it on its
 * connection; its caller retries a lock time-out. The outer block is labelled \`proc\`.
 */
export const OPEN_TRANSACTION = `  IF p_email IS NULL THEN
    SELECT 1 AS \`warm\`;
    LEAVE proc;
  END IF;
  SET SESSION innodb_lock_wait_timeout = 2;
  SET TRANSACTION ISOLATION LEVEL READ COMMITTED;
  START TRANSACTION;`;

export const CREATE_LEAD_INTAKE_V1 = `CREATE PROCEDURE \`lead_intake_v1\`(
  IN p_now DATETIME(6), IN p_verified_since DATETIME(6), IN p_repeat_since DATETIME(6),
  IN p_first_name VARCHAR(50), IN p_last_name VARCHAR(50), IN p_email VARCHAR(320), IN p_phone VARCHAR(20),
  IN p_date VARCHAR(10), IN p_hour VARCHAR(5), IN p_source VARCHAR(40), IN p_destination_id INT,
  IN p_opt_in TINYINT, IN p_commit TINYINT)
  MODIFIES SQL DATA
  SQL SECURITY INVOKER
proc: BEGIN
  DECLARE v_verified TINYINT DEFAULT NULL;
  DECLARE v_destination VARCHAR(255) DEFAULT NULL;
  DECLARE v_repeat INT DEFAULT NULL;
  DECLARE v_earlier TINYINT DEFAULT 0;
  DECLARE v_account INT DEFAULT NULL;
  DECLARE v_same_email INT DEFAULT NULL;
  DECLARE v_same_phone INT DEFAULT NULL;
  DECLARE v_agent INT DEFAULT NULL;
  DECLARE v_duplicate INT DEFAULT NULL;
  DECLARE v_lead INT DEFAULT NULL;
  DECLARE v_open TINYINT DEFAULT 0;
${ERROR_AS_ROW}

${OPEN_TRANSACTION}
  SELECT (\`verified_at\` IS NOT NULL AND \`verified_at\` >= p_verified_since) INTO v_verified
    FROM \`lead_email_verifications\` WHERE \`email\` = p_email FOR UPDATE;
  SELECT (SELECT \`name\` FROM \`destinations\` WHERE \`id\` = p_destination_id AND \`status\` = 'active') AS \`destination_name\`,
    (SELECT \`id\` FROM \`leads\` WHERE \`email\` = p_email AND \`destination_id\` = p_destination_id AND \`created_at\` >= p_repeat_since
      ORDER BY \`id\` LIMIT 1) AS \`repeat_id\`,
    EXISTS (SELECT 1 FROM \`leads\` WHERE \`email\` = p_email) AS \`earlier_lead\`,
    (SELECT \`id\` FROM \`users\` WHERE \`email\` = p_email AND \`email_verified_at\` IS NOT NULL) AS \`account_id\`,
    (SELECT MIN(\`id\`) FROM \`leads\` WHERE \`email\` = p_email AND +\`status\` NOT IN ('booked', 'lost') AND +\`duplicate_of\` IS NULL AND +\`merged_into\` IS NULL) AS \`same_email_id\`,
    (SELECT MIN(\`id\`) FROM \`leads\` WHERE \`phone\` = NULLIF(p_phone, '') AND +\`status\` NOT IN ('booked', 'lost') AND +\`duplicate_of\` IS NULL AND +\`merged_into\` IS NULL) AS \`same_phone_id\`,
    (SELECT \`u\`.\`id\` FROM \`users\` \`u\`
      WHERE \`u\`.\`is_agent\` = 1 AND \`u\`.\`is_active\` = 1 AND \`u\`.\`receives_leads\` = 1
      ORDER BY (SELECT COUNT(*) FROM \`leads\` \`o\` WHERE \`o\`.\`agent_id\` = \`u\`.\`id\`
        AND \`o\`.\`status\` IN ('new', 'contacted', 'qualified', 'proposal_sent')),
        \`u\`.\`last_assigned_at\` IS NOT NULL, \`u\`.\`last_assigned_at\`, \`u\`.\`id\` LIMIT 1) AS \`next_agent_id\`
  INTO v_destination, v_repeat, v_earlier, v_account, v_same_email, v_same_phone, v_agent;

  IF v_destination IS NOT NULL AND v_verified AND v_repeat IS NULL THEN
    SET v_duplicate = LEAST(COALESCE(v_same_email, v_same_phone), COALESCE(v_same_phone, v_same_email));
    INSERT INTO \`leads\` (\`created_at\`, \`updated_at\`, \`first_name\`, \`last_name\`, \`email\`, \`phone\`, \`date\`,
      \`hour\`, \`status\`, \`source\`, \`destination_id\`, \`user_id\`, \`is_priority\`, \`marketing_opt_in_at\`,
      \`agent_id\`, \`duplicate_of\`)
    VALUES (p_now, p_now, p_first_name, p_last_name, p_email, p_phone, p_date, p_hour, 'new', p_source,
      p_destination_id, v_account, IF(v_earlier OR v_account IS NOT NULL, 1, 0), IF(p_opt_in, p_now, NULL),
      v_agent, v_duplicate);
    SET v_lead = LAST_INSERT_ID();
    INSERT INTO \`lead_events\` (\`lead_id\`, \`kind\`, \`from_value\`, \`to_value\`, \`actor_id\`, \`created_at\`)
      VALUES (v_lead, 'created', NULL, 'new', NULL, p_now);
    IF v_agent IS NOT NULL THEN
      INSERT INTO \`lead_events\` (\`lead_id\`, \`kind\`, \`from_value\`, \`to_value\`, \`actor_id\`, \`created_at\`)
        VALUES (v_lead, 'assignment', NULL, CAST(v_agent AS CHAR), NULL, p_now);
      IF p_commit THEN
        UPDATE \`users\` SET \`last_assigned_at\` = p_now WHERE \`id\` = v_agent;
      END IF;
    END IF;
    IF v_duplicate IS NOT NULL THEN
      INSERT INTO \`lead_events\` (\`lead_id\`, \`kind\`, \`from_value\`, \`to_value\`, \`actor_id\`, \`created_at\`)
        VALUES (v_duplicate, 'duplicate', NULL, CAST(v_lead AS CHAR), NULL, p_now);
    END IF;
    IF p_opt_in THEN
      INSERT INTO \`consent_records\` (\`email\`, \`user_id\`, \`purpose\`, \`granted\`, \`source\`, \`created_at\`)
        VALUES (LOWER(p_email), v_account, 'marketing', 1, 'lead_form', p_now);
    END IF;
    SET v_open = IF(p_commit, 0, 1);
  END IF;
  IF NOT v_open THEN
    COMMIT;
  END IF;
  SELECT v_verified AS \`verified\`, v_destination AS \`destination_name\`, v_repeat AS \`repeat_id\`,
    v_earlier AS \`earlier_lead\`, v_account AS \`account_id\`, v_same_email AS \`same_email_id\`,
    v_same_phone AS \`same_phone_id\`, v_agent AS \`next_agent_id\`, v_lead AS \`lead_id\`, v_open AS \`open\`;
END proc`;

export class LeadIntakeProcedure1796400000000 implements MigrationInterface {
  name = 'LeadIntakeProcedure1796400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_LEAD_INTAKE_V1);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP PROCEDURE IF EXISTS `lead_intake_v1`');
  }
}
