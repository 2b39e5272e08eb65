import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { DataSource } from 'typeorm';
import { isSqlite } from '../../database/dialect';
import { runSqliteWrite } from '../../database/sqlite-sync';
import { outsideWriteQueue } from '../../database/transactions';
import { WhereClause } from '../common/simple-rest';

/** How often new leads are indexed when nobody searches (a search catches up first anyway). */
export const LEAD_SEARCH_CATCH_UP_MS = 5000;

/** The newest lead and the last one indexed. */
const STATE_SQL =
  'SELECT (SELECT MAX("id") FROM "leads") AS "newest", "last_lead_id" AS "last" FROM "leads_search_state"';

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
 * MySQL/MariaDB has no such index (nothing to do).
 */
@Injectable()
export class LeadSearchIndex {
  private readonly logger = new Logger(LeadSearchIndex.name);

  constructor(private readonly dataSource: DataSource) {}

  /** Indexes the leads added since the last batch; resolves to how many. */
  async catchUp(): Promise<number> {
    if (!isSqlite(this.dataSource)) return 0;
    // A read first: the write queue is taken only when there is something to add.
    const [state] = (await this.dataSource.query(STATE_SQL)) as IndexState[];
    if (!pending(state)) return 0;
    return runSqliteWrite(this.dataSource, (db) => {
      const now = pending(db.statement(STATE_SQL).get() as IndexState);
      if (!now) return 0;
      const added = db
        .statement(
          'INSERT INTO "leads_search"("rowid", "search_text") SELECT "id", "search_text" FROM "leads" WHERE "id" > ? AND "id" <= ? ORDER BY "id"',
        )
        .run(now.last, now.newest).changes;
      db.statement('UPDATE "leads_search_state" SET "last_lead_id" = ?').run(now.newest);
      return added;
    });
  }

  /** Catches up when the list's conditions read the index (a `q` of three characters or more). */
  async beforeReading(where: WhereClause[]): Promise<void> {
    if (where.some((clause) => clause.search?.sqlite)) await this.catchUp();
  }

  @Interval('lead-search-catch-up', LEAD_SEARCH_CATCH_UP_MS)
  async catchUpInBackground(): Promise<void> {
    try {
      // In the write queue's background lane: requests' writes go first.
      await outsideWriteQueue(() => this.catchUp());
    } catch (err) {
      this.logger.warn({ err }, 'Could not index new leads for search; the next search tries again.');
    }
  }
}
