import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { isSqlite } from '../../database/dialect';
import { writeOffThread } from '../../database/sqlite-checkpointer';
import { outsideWriteQueue, runInTransaction } from '../../database/transactions';
import { SEARCH_SUFFIX_CHARS } from '../common/simple-rest';
import { WhereClause } from '../../database/list-pages';

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

/*
 * MySQL/MariaDB (migration LeadSearchSuffixes): each lead's suffix rows, made by the database from
 * `search_text` itself (its characters, its collation). Positions run up to the column's length
 * (varchar(422)); a suffix of fewer than 3 characters, or one that starts with a space, is never
 * the start of a searched word.
 */
const SEARCH_TEXT_MAX_CHARS = 422;
const MYSQL_SUFFIXES_OF = `INSERT INTO \`lead_search_suffixes\` (\`suffix\`, \`lead_id\`)
SELECT SUBSTRING(\`l\`.\`search_text\`, \`p\`.\`n\`, ${SEARCH_SUFFIX_CHARS}), \`l\`.\`id\`
FROM \`leads\` \`l\`
JOIN (WITH RECURSIVE \`seq\` (\`n\`) AS (SELECT 1 UNION ALL SELECT \`n\` + 1 FROM \`seq\` WHERE \`n\` < ${SEARCH_TEXT_MAX_CHARS})
  SELECT \`n\` FROM \`seq\`) \`p\` ON \`p\`.\`n\` <= CHAR_LENGTH(\`l\`.\`search_text\`) - 2
WHERE SUBSTRING(\`l\`.\`search_text\`, \`p\`.\`n\`, 1) <> ' ' AND `;
/** A text can give the same suffix twice (e.g. "jose josé", equal in the collation): kept once. */
const MYSQL_ON_DUPLICATE = ' ON DUPLICATE KEY UPDATE `lead_id` = `lead_search_suffixes`.`lead_id`';
const MYSQL_INDEX_RANGE_SQL = `${MYSQL_SUFFIXES_OF}\`l\`.\`id\` > ? AND \`l\`.\`id\` <= ?${MYSQL_ON_DUPLICATE}`;
const MYSQL_INDEX_ONE_SQL = `${MYSQL_SUFFIXES_OF}\`l\`.\`id\` = ?${MYSQL_ON_DUPLICATE}`;
const MYSQL_STATE_SQL =
  'SELECT (SELECT MAX(`id`) FROM `leads`) AS `newest`, `last_lead_id` AS `last` FROM `leads_search_state` WHERE `id` = 1';
/**
 * A MySQL/MariaDB search waits for the new leads to be indexed when there are at most this many;
 * more (the first searches after the migration, on a large table) are left to the batches in the
 * background, and the search meanwhile compares every row as before.
 */
export const LEAD_SEARCH_MAX_WAIT = 2000;

/**
 * Re-indexes one lead whose names or e-mail changed, in the caller's transaction (MySQL/MariaDB;
 * SQLite's index follows by trigger). A lead not yet indexed gets its rows now; the batch that
 * reaches it later finds them there.
 */
export async function reindexLeadText(m: EntityManager, leadId: number): Promise<void> {
  if (isSqlite(m)) return;
  await m.query('DELETE FROM `lead_search_suffixes` WHERE `lead_id` = ?', [leadId]);
  await m.query(MYSQL_INDEX_ONE_SQL, [leadId]);
}

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
 * MySQL/MariaDB's suffix index (migration LeadSearchSuffixes) takes new leads the same way, in
 * batches of its own transactions (catchUpMysql).
 */
@Injectable()
export class LeadSearchIndex {
  private readonly logger = new Logger(LeadSearchIndex.name);
  private indexingInBackground = false;

  constructor(private readonly dataSource: DataSource) {}

  /** Indexes the leads committed before the call, in batches; resolves to how many it added. */
  async catchUp(): Promise<number> {
    if (!isSqlite(this.dataSource)) return this.catchUpMysql();
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

  /**
   * MySQL/MariaDB: one transaction per batch. The state row is locked first, so two catch-ups (two
   * instances, or a search and the timer) take turns and never index a lead twice; the batch's
   * leads are share-locked before their text is read, so an edit of one of them either waits for
   * the batch or is read by it, and a lead of the range inserted but not yet committed is waited
   * for, not skipped. READ COMMITTED: no gap lock, so new leads are inserted meanwhile.
   */
  private async catchUpMysql(todo?: { newest: number }): Promise<number> {
    if (!todo) todo = pending(((await this.dataSource.query(MYSQL_STATE_SQL)) as IndexState[])[0]);
    if (!todo) return 0;
    const { newest } = todo;
    let added = 0;
    for (;;) {
      const batch = await runInTransaction(
        this.dataSource,
        async (m) => {
          const [locked] = (await m.query(
            'SELECT `last_lead_id` AS `last` FROM `leads_search_state` WHERE `id` = 1 FOR UPDATE',
          )) as Array<{ last: number }>;
          const last = Number(locked.last);
          if (last >= newest) return undefined;
          // The batch's leads, share-locked: the read that finds where the batch ends takes the locks.
          const leads = (await m.query(
            `SELECT \`id\` FROM \`leads\` WHERE \`id\` > ? AND \`id\` <= ? ORDER BY \`id\` LIMIT ${LEAD_SEARCH_BATCH} LOCK IN SHARE MODE`,
            [last, newest],
          )) as Array<{ id: number }>;
          const upTo = leads.length === LEAD_SEARCH_BATCH ? Number(leads[leads.length - 1].id) : newest;
          await m.query(MYSQL_INDEX_RANGE_SQL, [last, upTo]);
          await m.query('UPDATE `leads_search_state` SET `last_lead_id` = ? WHERE `id` = 1', [upTo]);
          return leads.length;
        },
        { isolation: 'READ COMMITTED' },
      );
      if (batch === undefined) return added;
      added += batch;
    }
  }

  /**
   * Before a list reads the index (a `q` of three characters or more): catches up, so the search
   * misses no lead. On MySQL/MariaDB, when more than LEAD_SEARCH_MAX_WAIT leads wait, the search
   * compares every row instead (its clauses lose their indexed form) and the timer indexes them.
   */
  async beforeReading(where: WhereClause[]): Promise<void> {
    if (isSqlite(this.dataSource)) {
      if (where.some((clause) => clause.search?.sqlite)) await this.catchUp();
      return;
    }
    const searches = where.filter((clause) => clause.search?.mysql);
    if (!searches.length) return;
    const [state] = (await this.dataSource.query(MYSQL_STATE_SQL)) as IndexState[];
    const todo = pending(state);
    if (todo && todo.newest - todo.last > LEAD_SEARCH_MAX_WAIT) {
      for (const clause of searches) clause.search!.mysql = undefined;
      return;
    }
    if (todo) await this.catchUpMysql(todo);
  }

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
