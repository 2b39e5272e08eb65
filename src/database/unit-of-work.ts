import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { isSqlite } from './dialect';
import { runInTransaction, serializeWrites, TransactionOptions } from './transactions';

/**
 * Where a service opens a transaction, without holding the DataSource: it hands the transaction's
 * EntityManager to the repositories it calls (each takes the caller's manager), so their writes
 * commit or roll back together. The same rules as runInTransaction (the SQLite write queue, lock
 * conflicts retried on MySQL/MariaDB).
 */
@Injectable()
export class UnitOfWork {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** True on SQLite, whose writes of this process go one at a time through the write queue. */
  get queuesWrites(): boolean {
    return isSqlite(this.dataSource);
  }

  /** True when a migration of this build is not yet applied (the readiness check). */
  migrationsPending(): Promise<boolean> {
    return this.dataSource.showMigrations();
  }

  /** One write transaction; do not nest: pass the manager down. */
  run<T>(work: (manager: EntityManager) => Promise<T>, options?: TransactionOptions): Promise<T> {
    return runInTransaction(this.dataSource, work, options);
  }

  /** Runs `work` alone among this process's writes on SQLite (directly elsewhere). */
  serialized<T>(work: () => Promise<T>): Promise<T> {
    return serializeWrites(this.dataSource, work);
  }
}
