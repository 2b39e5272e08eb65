import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
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

  /** One write transaction; do not nest: pass the manager down. */
  run<T>(work: (manager: EntityManager) => Promise<T>, options?: TransactionOptions): Promise<T> {
    return runInTransaction(this.dataSource, work, options);
  }

  /** Runs `work` alone among this process's writes on SQLite (directly elsewhere). */
  serialized<T>(work: () => Promise<T>): Promise<T> {
    return serializeWrites(this.dataSource, work);
  }
}
