import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { DataSource } from 'typeorm';
import { isSqlite } from '../../database/dialect';
import { writeOffThread } from '../../database/sqlite-checkpointer';
import { outsideWriteQueue } from '../../database/transactions';
import { WhereClause } from '../common/simple-rest';

/** How often new leads are indexed when nobody searches (a search catches up first anyway). */
export const LEAD_SEARCH_CATCH_UP_MS = 5000;
/**
 * Leads indexed in one write at most: in bulk a lead's trigrams cost about 10 µs, so a batch takes
 * the worker about 2 ms, during which other writes wait; between batches, requests' writes go first.
 */
export const LEAD_SEARCH_BATCH = 200;

/** The newest lead and the last one indexed. */
const STATE_SQL =
  'SELECT (SELECT MAX("id") FROM "leads") AS "newest", "last_lead_id" AS "last" FROM "leads_search_state"';
/** The id that ends a batch of LEAD_SEARCH_BATCH leads after `last` (none: fewer are left). */
const BATCH_END_SQL = `SELECT "id" FROM "leads" WHERE "id" > ? ORDER BY "id" LIMIT 1 OFFSET ${LEAD_SEARCH_BATCH - 1}`;
/**
 * One batch: from the last lead indexed as the transaction finds it (so a batch that another
 * catch-up already wrote adds nothing), up to a given id.
 */
const INDEX_BATCH_SQL =
  'INSERT INTO "leads_search"("rowid", "search_text") SELECT "id", "search_text" FROM "leads" WHERE "id" > (SELECT "last_lead_id" FROM "leads_search_state") AND "id" <= ? ORDER BY "id"';
const ADVANCE_SQL = 'UPDATE "leads_search_state" SET "last_lead_id" = ? WHERE "last_lead_id" < ?';

interface IndexState {
  newest: number | null;
  last: number;
}

/** The state when leads wait to be indexed (`newest` then set), else undefined. */
const pending = (state: IndexState | undefined): { newest: number; last: number } | undefined =>
  state && state.newest !== null && state.newest > state.last ? { newest: state.newest, last: state.last } : undefined;

/**
 * SQLite's trigram index of leads (`leads_search`, migration LeadSearchIndex) takes new leads in
 * batches: a lead's own transaction does not pay for its index segment. Before a search reads the
 * index, `catchUp` adds every lead committed since the last batch, so a search never misses one.
 * The batches are written off the main thread (writeOffThread: on the checkpoint worker's
 * connection, with the write queue held), LEAD_SEARCH_BATCH leads at a time, so a backlog of
 * thousands of leads after a burst neither stops the event loop nor holds the other writes for long.
 * MySQL/MariaDB has no such index (nothing to do).
 */
@Injectable()
export class LeadSearchIndex {
  private readonly logger = new Logger(LeadSearchIndex.name);
  private indexingInBackground = false;

  constructor(private readonly dataSource: DataSource) {}

  /** Indexes the leads committed before the call, in batches; resolves to how many it added. */
  async catchUp(): Promise<number> {
    if (!isSqlite(this.dataSource)) return 0;
    // Reads first: the write queue is taken only when there is something to add.
    const [state] = (await this.dataSource.query(STATE_SQL)) as IndexState[];
    const todo = pending(state);
    if (!todo) return 0;
    let added = 0;
    for (let last = todo.last; last < todo.newest;) {
      const [end] = (await this.dataSource.query(BATCH_END_SQL, [last])) as Array<{ id: number }>;
      const upTo = Math.min(end ? Number(end.id) : todo.newest, todo.newest);
      const [inserted] = await writeOffThread(this.dataSource, [
        [INDEX_BATCH_SQL, [upTo]],
        [ADVANCE_SQL, [upTo, upTo]],
      ]);
      added += inserted;
      last = upTo;
    }
    return added;
  }

  /** Catches up when the list's conditions read the index (a `q` of three characters or more). */
  async beforeReading(where: WhereClause[]): Promise<void> {
    if (where.some((clause) => clause.search?.sqlite)) await this.catchUp();
  }

  @Interval('lead-search-catch-up', LEAD_SEARCH_CATCH_UP_MS)
  async catchUpInBackground(): Promise<void> {
    // One at a time: a backlog that outlasts the interval is not taken twice.
    if (this.indexingInBackground) return;
    this.indexingInBackground = true;
    try {
      // In the write queue's background lane: requests' writes go first, between the batches too.
      await outsideWriteQueue(() => this.catchUp());
    } catch (err) {
      this.logger.warn({ err }, 'Could not index new leads for search; the next search tries again.');
    } finally {
      this.indexingInBackground = false;
    }
  }
}
