import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { from, lastValueFrom, Observable } from 'rxjs';
import { UnitOfWork } from '../../database/unit-of-work';
import { QUEUES_OWN_WRITES_KEY, WRITES_DATA_KEY } from '../decorators/writes-data.decorator';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * SQLite has one writer and TypeORM's better-sqlite3 driver one shared connection: a write that
 * ran while another request's transaction was open would join (and could be rolled back with)
 * that transaction. On SQLite, every request that may write therefore runs alone in the write
 * queue that runInTransaction() uses (re-entrant, so their transactions nest in the queue slot).
 * Reads stay concurrent. MySQL/MariaDB are untouched.
 */
@Injectable()
export class SqliteWriteQueueInterceptor implements NestInterceptor {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http' || !this.unitOfWork.queuesWrites) return next.handle();
    const method = context.switchToHttp().getRequest<{ method: string }>().method;
    const writesOnRead = this.reflector.getAllAndOverride<boolean>(WRITES_DATA_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (READ_METHODS.has(method) && !writesOnRead) return next.handle();
    if (this.reflector.getAllAndOverride<boolean>(QUEUES_OWN_WRITES_KEY, [context.getHandler(), context.getClass()]))
      return next.handle();
    return from(this.unitOfWork.serialized(() => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}
