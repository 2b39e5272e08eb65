/**
 * The few statements of the public lead intake, written once for both dialects: SQLite accepts
 * MySQL's back-quoted names, and both bind `?`. They replace about a dozen generated statements
 * (lookups, reloads after each insert) with four, and skip TypeORM's query building, which
 * was the largest CPU cost of a lead request.
 */

/** MySQL/MariaDB: locks the e-mail's verification row, so identical submissions run one after another. */
export const LOCK_VERIFICATION = `SELECT (\`verified_at\` IS NOT NULL AND \`verified_at\` >= ?) AS \`verified\`
FROM \`lead_email_verifications\` WHERE \`email\` = ? FOR UPDATE`;

/**
 * Everything the lead needs to know, in one read: the active destination, an identical lead of the
 * last minutes (the idempotent repeat), whether the e-mail is a repeat customer, and the account
 * that proved this address (an unverified sign-up never collects someone's leads). Params:
 * destination id, e-mail, destination id, repeat-window start, e-mail, e-mail.
 */
const CONTEXT_COLUMNS = `(SELECT \`name\` FROM \`destinations\` WHERE \`id\` = ? AND \`status\` = 'active') AS \`destination_name\`,
  (SELECT \`id\` FROM \`leads\` WHERE \`email\` = ? AND \`destination_id\` = ? AND \`created_at\` >= ?
    ORDER BY \`id\` LIMIT 1) AS \`repeat_id\`,
  EXISTS (SELECT 1 FROM \`leads\` WHERE \`email\` = ?) AS \`earlier_lead\`,
  (SELECT \`id\` FROM \`users\` WHERE \`email\` = ? AND \`email_verified_at\` IS NOT NULL) AS \`account_id\``;

export const READ_CONTEXT = `SELECT ${CONTEXT_COLUMNS}`;

/**
 * SQLite reads the verification in the same statement: its write transaction holds the only write
 * lock, so nothing can change between this read and the inserts. Params: verified-since, e-mail, then
 * READ_CONTEXT's.
 */
export const READ_CONTEXT_AND_VERIFICATION = `SELECT
  (SELECT \`verified_at\` IS NOT NULL AND \`verified_at\` >= ? FROM \`lead_email_verifications\` WHERE \`email\` = ?)
    AS \`verified\`,
  ${CONTEXT_COLUMNS}`;

/** Params: created_at, updated_at, first_name, last_name, email, phone, date, hour, source, destination_id, user_id, is_priority. */
export const INSERT_LEAD = `INSERT INTO \`leads\` (\`created_at\`, \`updated_at\`, \`first_name\`, \`last_name\`, \`email\`,
  \`phone\`, \`date\`, \`hour\`, \`status\`, \`source\`, \`destination_id\`, \`user_id\`, \`is_priority\`)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'new', ?, ?, ?, ?)`;

/** Params: lead_id, created_at. */
export const INSERT_CREATED_EVENT = `INSERT INTO \`lead_events\` (\`lead_id\`, \`kind\`, \`from_value\`, \`to_value\`, \`actor_id\`, \`created_at\`)
VALUES (?, 'created', NULL, 'new', NULL, ?)`;

export interface IntakeContext {
  verified: number | boolean | null;
  destination_name: string | null;
  repeat_id: number | string | null;
  earlier_lead: number | boolean | string;
  account_id: number | string | null;
}
