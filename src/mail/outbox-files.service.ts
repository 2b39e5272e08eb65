import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { deleteOutboxFiles } from './outbox-files';
import { OutboxWorker } from './outbox-worker.service';

/** The outbox folder's files of a person being erased (see ErasureService). */
@Injectable()
export class OutboxFilesService {
  constructor(
    private readonly config: AppConfig,
    private readonly worker: OutboxWorker,
  ) {}

  /**
   * Deletes the files of the outbox rows `outboxIds` and every file naming one of `words`, once the
   * mails on their way now are written (one of them may be the person's); answers how many.
   */
  async forget(outboxIds: readonly number[], words: readonly string[]): Promise<number> {
    if (this.config.mailTransport === 'outbox') await this.worker.settled();
    return deleteOutboxFiles(this.config.outboxDir, new Set(outboxIds), words);
  }
}
