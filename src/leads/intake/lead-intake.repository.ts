import { Injectable, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { isSqlite } from '../../database/dialect';
import { MysqlBatches, procedureError, type BatchTransaction, type Statement } from '../../database/mysql-batches';
import { retryLockConflicts } from '../../database/transactions';
import { prepareSqlite, runSqliteWrite, sqliteDateTime, SqliteHandle } from '../../database/sqlite-sync';
import type { OutboxStatement } from '../../mail/outbox.service';
import { LEAD_VERIFICATION } from '../../../shared/rules/lead';
import { Lead } from '../entities/lead.entity';
import { LEAD_STATUSES, type LeadStatus } from '../../../shared/limits';
import { firstRequestSql } from '../first-request';
import { MINUTE_MS } from '../../common/time/durations';
import { consentStatement, INSERT_CONSENT_SQL } from '../../consent/consent.repository';

/**
 * The few statements of the public lead intake, written once for both dialects: SQLite accepts
 * MySQL's back-quoted names, and both bind `?`. They replace about a dozen generated statements
 * (lookups, reloads after each insert) with four, and skip TypeORM's query building, which
 * was the largest CPU cost of a lead request.
 */

/** Statuses of a lead nobody is working any more (closed): every other status is open. */
const CLOSED: readonly LeadStatus[] = ['booked', 'lost'];
const CLOSED_STATUSES = CLOSED.map((s) => `'${s}'`).join(', ');
const OPEN_STATUSES = LEAD_STATUSES.filter((s) => !CLOSED.includes(s))
  .map((s) => `'${s}'`)
  .join(', ');

/**
 * A lead another one may repeat: open, not itself a repeat, not merged away. The oldest such lead
 * with the same e-mail, and the oldest with the same phone digits, are each looked up on their
 * column's index (an OR of the two would read the whole table); the older of the two is repeated.
 * The other conditions filter what that index found (unary plus: never an index of their own; see
 * firstRequestSql).
 */
const OPEN_ORIGINAL = `+\`status\` NOT IN (${CLOSED_STATUSES}) AND ${firstRequestSql(undefined, 'filter')}`;

/**
 * Auto-assignment: the active agent receiving leads with the fewest open leads (counted on the
 * agent-and-status index, over the open statuses only: an agent's closed leads, most of them after
 * a few months, are never read — 10 ms per lead with 100,000 leads when they were), ties to the
 * longest since their last assignment (never assigned first). On MariaDB two leads arriving at the same instant may both read the same counts and go to the same agent;
 * the next leads even it out, so no row is locked on the public path.
 */
const RECEIVING_AGENT = `(SELECT \`u\`.\`id\` FROM \`users\` \`u\`
    WHERE \`u\`.\`is_agent\` = 1 AND \`u\`.\`is_active\` = 1 AND \`u\`.\`receives_leads\` = 1
    ORDER BY (SELECT COUNT(*) FROM \`leads\` \`o\` WHERE \`o\`.\`agent_id\` = \`u\`.\`id\`
      AND \`o\`.\`status\` IN (${OPEN_STATUSES})),
      \`u\`.\`last_assigned_at\` IS NOT NULL, \`u\`.\`last_assigned_at\`, \`u\`.\`id\` LIMIT 1)`;

/**
 * Everything the lead needs to know, in one read: the active destination, an identical lead of the
 * last minutes (the idempotent repeat), whether the e-mail is a repeat customer, and the account
 * that proved this address (an unverified sign-up never collects someone's leads), the open leads
 * it may repeat and the agent it goes to. Params: destination id, e-mail, destination id,
 * repeat-window start, e-mail, e-mail, e-mail, phone.
 */
const CONTEXT_COLUMNS = `(SELECT \`name\` FROM \`destinations\` WHERE \`id\` = ? AND \`status\` = 'active') AS \`destination_name\`,
  (SELECT \`id\` FROM \`leads\` WHERE \`email\` = ? AND \`destination_id\` = ? AND \`created_at\` >= ?
    ORDER BY \`id\` LIMIT 1) AS \`repeat_id\`,
  EXISTS (SELECT 1 FROM \`leads\` WHERE \`email\` = ?) AS \`earlier_lead\`,
  (SELECT \`id\` FROM \`users\` WHERE \`email\` = ? AND \`email_verified_at\` IS NOT NULL) AS \`account_id\`,
  (SELECT MIN(\`id\`) FROM \`leads\` WHERE \`email\` = ? AND ${OPEN_ORIGINAL}) AS \`same_email_id\`,
  (SELECT MIN(\`id\`) FROM \`leads\` WHERE \`phone\` = ? AND ${OPEN_ORIGINAL}) AS \`same_phone_id\`,
  ${RECEIVING_AGENT} AS \`next_agent_id\``;

/** MySQL/MariaDB: the read of the intake's procedure, in the migration's text (a unit test holds the two together). */
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

/**
 * Params: created_at, updated_at, first_name, last_name, email, phone, date, hour, source, destination_id, user_id,
 * is_priority, marketing_opt_in_at, agent_id, duplicate_of.
 */
const INSERT_LEAD = `INSERT INTO \`leads\` (\`created_at\`, \`updated_at\`, \`first_name\`, \`last_name\`, \`email\`,
  \`phone\`, \`date\`, \`hour\`, \`status\`, \`source\`, \`destination_id\`, \`user_id\`, \`is_priority\`,
  \`marketing_opt_in_at\`, \`agent_id\`, \`duplicate_of\`)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'new', ?, ?, ?, ?, ?, ?, ?)`;

/** The automatic assignment, in the lead's history (no actor). Params: lead_id, agent id, created_at. */
const INSERT_ASSIGNED_EVENT = `INSERT INTO \`lead_events\` (\`lead_id\`, \`kind\`, \`from_value\`, \`to_value\`, \`actor_id\`, \`created_at\`)
VALUES (?, 'assignment', NULL, ?, NULL, ?)`;

/** Params: last_assigned_at, agent id. */
const MARK_AGENT_ASSIGNED = `UPDATE \`users\` SET \`last_assigned_at\` = ? WHERE \`id\` = ?`;

/** A repeat request, in the original lead's history. Params: original lead id, new lead id, created_at. */
const INSERT_DUPLICATE_EVENT = `INSERT INTO \`lead_events\` (\`lead_id\`, \`kind\`, \`from_value\`, \`to_value\`, \`actor_id\`, \`created_at\`)
VALUES (?, 'duplicate', NULL, ?, NULL, ?)`;

/** Params: lead_id, created_at. */
const INSERT_CREATED_EVENT = `INSERT INTO \`lead_events\` (\`lead_id\`, \`kind\`, \`from_value\`, \`to_value\`, \`actor_id\`, \`created_at\`)
VALUES (?, 'created', NULL, 'new', NULL, ?)`;

interface IntakeContext {
  verified: number | boolean | null;
  destination_name: string | null;
  repeat_id: number | string | null;
  earlier_lead: number | boolean | string;
  account_id: number | string | null;
  same_email_id: number | string | null;
  same_phone_id: number | string | null;
  next_agent_id: number | string | null;
}

/** A public lead, validated and normalised by the caller. */
export interface IntakeLead {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  date: string | null;
  hour: string | null;
  destination_id: number;
  source: string;
  /** "Quiero recibir ofertas por e-mail" ticked: the lead's marketing_opt_in_at is its creation time. */
  marketing_opt_in?: boolean;
}

/** The agency's notice of a created lead, as an outbox row written in the lead's transaction. */
export type NoticeFor = (lead: Lead, destination: { id: number; name: string }) => OutboxStatement;

/** MySQL/MariaDB: the intake's stored procedure (migration LeadIntakeProcedure1796400000000). */
const CALL_INTAKE = 'CALL `lead_intake_v1`(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';

/**
 * The procedure's one row: what it read (READ_CONTEXT's columns and the verification), the new
 * lead's id, and whether it left the transaction open for the caller's notice (1); or, when a
 * statement failed and it rolled back, the error's number and message instead.
 */
type ProcedureRow = IntakeContext & {
  lead_id: number | null;
  open: number;
  errno?: number | null;
  message?: string | null;
};

export type IntakeOutcome =
  | { kind: 'no-destination' }
  | { kind: 'not-verified' }
  | { kind: 'repeat'; lead: Lead; destination: { id: number; name: string } }
  | { kind: 'created'; lead: Lead; destination: { id: number; name: string } };

/**
 * Stores a public lead in one short write transaction: lock the verification (MySQL), one read of
 * everything the decision needs, one insert of the lead and one of its 'created' event, its
 * assignment, repeat-request and consent rows, and the agency's notice when one is sent. On SQLite
 * the transaction runs synchronously inside its write-queue slot, so the slot is held for the
 * statements alone (tens of microseconds), not for other requests' work between awaits. On MySQL
 * and MariaDB it is one call of a stored procedure that decides the same way (one round trip), and
 * a second one for the notice, whose text carries the new lead's id.
 */
@Injectable()
export class LeadIntakeRepository implements OnApplicationBootstrap, OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly batches: MysqlBatches,
  ) {}

  /** MySQL/MariaDB: the procedure is loaded on every batch connection before the app listens. */
  onModuleInit(): void {
    if (!isSqlite(this.dataSource))
      this.batches.warmEveryConnection([CALL_INTAKE, Array.from({ length: 13 }, () => null)]);
  }

  /** SQLite: the intake's statements are compiled before the app listens (MysqlBatches opens its pool). */
  onApplicationBootstrap(): void {
    if (isSqlite(this.dataSource))
      prepareSqlite(this.dataSource, [
        READ_CONTEXT_AND_VERIFICATION,
        INSERT_LEAD,
        INSERT_CREATED_EVENT,
        INSERT_ASSIGNED_EVENT,
        MARK_AGENT_ASSIGNED,
        INSERT_DUPLICATE_EVENT,
        INSERT_CONSENT_SQL,
      ]);
  }

  /** `noticeFor`: the agency's notice, when one is sent (LEADS_NOTIFY_EMAIL). */
  submit(input: IntakeLead, noticeFor?: NoticeFor): Promise<IntakeOutcome> {
    return isSqlite(this.dataSource) ? this.submitSqlite(input, noticeFor) : this.submitMysql(input, noticeFor);
  }

  private submitSqlite(input: IntakeLead, noticeFor?: NoticeFor): Promise<IntakeOutcome> {
    return runSqliteWrite(
      this.dataSource,
      (db) => this.decideSqlite(db, input, noticeFor),
      // The repeat's full row is read in the same queue slot: no write can remove it in between.
      async (outcome) =>
        outcome.kind === 'repeat-id'
          ? this.repeatOf(this.dataSource.manager, outcome.id, outcome.destination)
          : outcome,
    );
  }

  private decideSqlite(db: SqliteHandle, input: IntakeLead, noticeFor?: NoticeFor): Decided {
    const now = new Date();
    const context = db
      .statement(READ_CONTEXT_AND_VERIFICATION)
      .get(
        sqliteDateTime(verifiedSince(now)),
        input.email,
        ...contextParams(input, now, sqliteDateTime),
      ) as IntakeContext;
    const checked = check(context, input);
    if (checked.kind !== 'ok') return checked;
    if (context.repeat_id != null)
      return { kind: 'repeat-id', id: Number(context.repeat_id), destination: checked.destination };
    const at = sqliteDateTime(now);
    const { lastInsertRowid } = db.statement(INSERT_LEAD).run(...insertParams(input, context, at));
    db.statement(INSERT_CREATED_EVENT).run(lastInsertRowid, at);
    for (const [sql, params] of linkStatements(Number(lastInsertRowid), context, at)) db.statement(sql).run(...params);
    const outcome = created(Number(lastInsertRowid), input, context, now, checked.destination);
    const rows = [
      ...(input.marketing_opt_in ? [consentStatement(input.email, outcome.lead.user_id, 'lead_form')] : []),
      ...(noticeFor ? [noticeFor(outcome.lead, outcome.destination)] : []),
    ];
    for (const row of rows) db.statement(row.sql).run(...row.params(sqliteDateTime, now));
    return outcome;
  }

  private async submitMysql(input: IntakeLead, noticeFor?: NoticeFor): Promise<IntakeOutcome> {
    const decided = noticeFor
      ? await this.batches.transaction((tx) => this.intakeWithNotice(tx, input, noticeFor))
      : // One statement, sent with the other leads waiting (MysqlBatches.pipeline): the procedure
        // locks, reads, decides, writes and commits.
        await retryLockConflicts(async () => {
          const now = new Date();
          const [row] = (await this.batches.pipeline([CALL_INTAKE, callParams(input, now, true)])) as ProcedureRow[];
          return decide(row, input, now);
        });
    // The repeat's stored row, once the lock is released (it is only read).
    return decided.kind === 'repeat-id'
      ? this.repeatOf(this.dataSource.manager, decided.id, decided.destination)
      : decided;
  }

  /**
   * With the agency's notice, whose text carries the new lead's id: the procedure leaves a created
   * lead's transaction open, and the notice, the agent's mark and the commit are a second round trip.
   */
  private async intakeWithNotice(tx: BatchTransaction, input: IntakeLead, noticeFor: NoticeFor): Promise<Decided> {
    const now = new Date();
    // A CALL answers its result set, then its own OK packet.
    const [[[row]]] = (await tx.call([[CALL_INTAKE, callParams(input, now, false)]])) as [[ProcedureRow[], unknown]];
    if (!Number(row.open)) tx.ended();
    const decided = decide(row, input, now);
    if (decided.kind === 'created') {
      const notice = noticeFor(decided.lead, decided.destination);
      const agent = decided.lead.agent_id;
      await tx.commit([
        [notice.sql, notice.params((d) => d, now)],
        ...(agent === null ? [] : [[MARK_AGENT_ASSIGNED, [now, agent]] as Statement]),
      ]);
    }
    return decided;
  }

  private async repeatOf(m: EntityManager, id: number, destination: Destination): Promise<IntakeOutcome> {
    const lead = await m.getRepository(Lead).findOneByOrFail({ id });
    return { kind: 'repeat', lead, destination };
  }
}

type Destination = { id: number; name: string };
/** The synchronous part's answer: a repeat is known by id until its row is read. */
type Decided = Exclude<IntakeOutcome, { kind: 'repeat' }> | { kind: 'repeat-id'; id: number; destination: Destination };

const verifiedSince = (now: Date) => new Date(now.getTime() - LEAD_VERIFICATION.verifiedForMinutes * MINUTE_MS);
/** An identical lead since then is a repeat of it (the idempotent answer). */
const repeatSince = (now: Date) => new Date(now.getTime() - LEAD_VERIFICATION.duplicateWindowMinutes * MINUTE_MS);

/** The procedure's answer as the intake's decision; an error it answered is thrown as the driver's would be. */
function decide(row: ProcedureRow, input: IntakeLead, now: Date): Decided {
  if (row.errno != null) throw procedureError(row.errno, row.message);
  const checked = check(row, input);
  if (checked.kind !== 'ok') return checked;
  if (row.repeat_id != null) return { kind: 'repeat-id', id: Number(row.repeat_id), destination: checked.destination };
  if (row.lead_id == null) throw new Error('lead intake: the procedure created no lead');
  return created(Number(row.lead_id), input, row, now, checked.destination);
}

/** CALL_INTAKE's params; `commit` false leaves a created lead's transaction open for the notice. */
function callParams(input: IntakeLead, now: Date, commit: boolean): unknown[] {
  return [
    now,
    verifiedSince(now),
    repeatSince(now),
    input.first_name,
    input.last_name,
    input.email,
    input.phone,
    input.date,
    input.hour,
    input.source,
    input.destination_id,
    input.marketing_opt_in ? 1 : 0,
    commit ? 1 : 0,
  ];
}

function contextParams<D>(input: IntakeLead, now: Date, date: (d: Date) => D): unknown[] {
  const { destination_id: dest, email } = input;
  const phone = input.phone || null;
  return [dest, email, dest, date(repeatSince(now)), email, email, email, phone];
}

/** The receiving agent the lead goes to (null: none receives leads, it stays unassigned). */
const assignedAgent = (context: IntakeContext) =>
  context.next_agent_id == null ? null : Number(context.next_agent_id);

/** The oldest open lead with the same e-mail or phone digits: the new lead is a repeat request of it. */
function duplicateOf(context: IntakeContext): number | null {
  const ids = [context.same_email_id, context.same_phone_id].filter((id) => id != null).map(Number);
  return ids.length ? Math.min(...ids) : null;
}

/** The assignment and repeat-request rows written with a new lead. */
function linkStatements<D>(leadId: number, context: IntakeContext, at: D): Array<[string, unknown[]]> {
  const rows: Array<[string, unknown[]]> = [];
  const agent = assignedAgent(context);
  if (agent !== null) {
    rows.push([INSERT_ASSIGNED_EVENT, [leadId, String(agent), at]], [MARK_AGENT_ASSIGNED, [at, agent]]);
  }
  const original = duplicateOf(context);
  if (original !== null) rows.push([INSERT_DUPLICATE_EVENT, [original, String(leadId), at]]);
  return rows;
}

/** The same order of refusals as the form shows them: an unknown destination first, then the e-mail. */
function check(
  context: IntakeContext,
  input: IntakeLead,
): { kind: 'ok'; destination: Destination } | { kind: 'no-destination' } | { kind: 'not-verified' } {
  if (context.destination_name == null) return { kind: 'no-destination' };
  if (!Number(context.verified)) return { kind: 'not-verified' };
  return { kind: 'ok', destination: { id: input.destination_id, name: context.destination_name } };
}

const isPriority = (context: IntakeContext) => !!Number(context.earlier_lead) || context.account_id != null;

function insertParams<D>(input: IntakeLead, context: IntakeContext, at: D): unknown[] {
  return [
    at,
    at,
    input.first_name,
    input.last_name,
    input.email,
    input.phone,
    input.date,
    input.hour,
    input.source,
    input.destination_id,
    context.account_id == null ? null : Number(context.account_id),
    isPriority(context) ? 1 : 0,
    input.marketing_opt_in ? at : null,
    assignedAgent(context),
    duplicateOf(context),
  ];
}

function created(
  id: number,
  input: IntakeLead,
  context: IntakeContext,
  now: Date,
  destination: Destination,
): Extract<IntakeOutcome, { kind: 'created' }> {
  const { marketing_opt_in: optIn, ...fields } = input;
  const lead = Object.assign(new Lead(), {
    ...fields,
    id,
    created_at: now,
    updated_at: now,
    status: 'new',
    travel_pack_id: null,
    agent_id: assignedAgent(context),
    duplicate_of: duplicateOf(context),
    merged_into: null,
    sla_notified_at: null,
    follow_up_day: null,
    user_id: context.account_id == null ? null : Number(context.account_id),
    is_priority: isPriority(context),
    notes: null,
    notified_at: null,
    marketing_opt_in_at: optIn ? now : null,
    anonymised_at: null,
  });
  return { kind: 'created', lead, destination };
}
