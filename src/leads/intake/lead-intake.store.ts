import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { isSqlite } from '../../database/dialect';
import { MysqlBatches, type Statement } from '../../database/mysql-batches';
import { runSqliteWrite, sqliteDateTime, SqliteHandle } from '../../database/sqlite-sync';
import { LEAD_VERIFICATION } from '../../shared/rules/lead';
import { Lead } from '../entities/lead.entity';
import {
  INSERT_CREATED_EVENT,
  INSERT_LEAD,
  IntakeContext,
  LOCK_VERIFICATION,
  READ_CONTEXT,
  READ_CONTEXT_AND_VERIFICATION,
} from './lead-intake.sql';
import { MINUTE_MS } from '../../common/time/durations';

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
}

/** Rows to write with a created lead, in its transaction (the agency's notice in the outbox). */
export type WithCreatedLead = (
  lead: Lead,
  destination: { id: number; name: string },
) => Array<{
  sql: string;
  params: <D>(date: (d: Date) => D) => unknown[];
}>;

export type IntakeOutcome =
  | { kind: 'no-destination' }
  | { kind: 'not-verified' }
  | { kind: 'repeat'; lead: Lead; destination: { id: number; name: string } }
  | { kind: 'created'; lead: Lead; destination: { id: number; name: string } };

/**
 * Stores a public lead in one short write transaction: lock the verification (MySQL), one read of
 * everything the decision needs, one insert of the lead and one of its 'created' event. On SQLite
 * the transaction runs synchronously inside its write-queue slot, so the slot is held for the
 * statements alone (tens of microseconds), not for other requests' work between awaits. On MySQL
 * and MariaDB it is a batch transaction (MysqlBatches) of three round trips.
 */
@Injectable()
export class LeadIntakeStore {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly batches: MysqlBatches,
  ) {}

  submit(input: IntakeLead, withCreated: WithCreatedLead = () => []): Promise<IntakeOutcome> {
    return isSqlite(this.dataSource) ? this.submitSqlite(input, withCreated) : this.submitMysql(input, withCreated);
  }

  private submitSqlite(input: IntakeLead, withCreated: WithCreatedLead): Promise<IntakeOutcome> {
    return runSqliteWrite(
      this.dataSource,
      (db) => this.decideSqlite(db, input, withCreated),
      // The repeat's full row is read in the same queue slot: no write can remove it in between.
      async (outcome) =>
        outcome.kind === 'repeat-id'
          ? this.repeatOf(this.dataSource.manager, outcome.id, outcome.destination)
          : outcome,
    );
  }

  private decideSqlite(db: SqliteHandle, input: IntakeLead, withCreated: WithCreatedLead): Decided {
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
    const outcome = created(Number(lastInsertRowid), input, context, now, checked.destination);
    for (const row of withCreated(outcome.lead, outcome.destination))
      db.statement(row.sql).run(...row.params(sqliteDateTime));
    return outcome;
  }

  private async submitMysql(input: IntakeLead, withCreated: WithCreatedLead): Promise<IntakeOutcome> {
    // Three round trips: the lock and the read, the lead's insert (its id names the rest), then its
    // event and notice with the commit.
    const decided = await this.batches.transaction(async (tx): Promise<Decided> => {
      const now = new Date();
      // Identical submissions queue on this lock; the next read then sees the lead the first one stored.
      const [[lock], [context]] = (await tx.begin([
        [LOCK_VERIFICATION, [verifiedSince(now), input.email]],
        [READ_CONTEXT, contextParams(input, now, (d) => d)],
      ])) as [Array<{ verified: number | null }>, IntakeContext[]];
      const checked = check({ ...context, verified: lock?.verified ?? null }, input);
      if (checked.kind !== 'ok') return checked;
      if (context.repeat_id != null)
        return { kind: 'repeat-id', id: Number(context.repeat_id), destination: checked.destination };
      const [inserted] = (await tx.run([[INSERT_LEAD, insertParams(input, context, now)]])) as [{ insertId: number }];
      const outcome = created(inserted.insertId, input, context, now, checked.destination);
      await tx.commit([
        [INSERT_CREATED_EVENT, [inserted.insertId, now]],
        ...withCreated(outcome.lead, outcome.destination).map((row): Statement => [row.sql, row.params((d) => d)]),
      ]);
      return outcome;
    });
    // The repeat's stored row, once the lock is released (it is only read).
    return decided.kind === 'repeat-id'
      ? this.repeatOf(this.dataSource.manager, decided.id, decided.destination)
      : decided;
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

function contextParams<D>(input: IntakeLead, now: Date, date: (d: Date) => D): unknown[] {
  const repeatSince = new Date(now.getTime() - LEAD_VERIFICATION.duplicateWindowMinutes * MINUTE_MS);
  const { destination_id: dest, email } = input;
  return [dest, email, dest, date(repeatSince), email, email];
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
  ];
}

function created(
  id: number,
  input: IntakeLead,
  context: IntakeContext,
  now: Date,
  destination: Destination,
): Extract<IntakeOutcome, { kind: 'created' }> {
  const lead = Object.assign(new Lead(), {
    ...input,
    id,
    created_at: now,
    updated_at: now,
    status: 'new',
    travel_pack_id: null,
    agent_id: null,
    user_id: context.account_id == null ? null : Number(context.account_id),
    is_priority: isPriority(context),
    notes: null,
    notified_at: null,
  });
  return { kind: 'created', lead, destination };
}
