import { Global, Module } from '@nestjs/common';
import { MailService } from './mail.service';
import { MailSuppressionsRepository } from './mail-suppressions.repository';
import { OutboxFilesService } from './outbox-files.service';
import { OutboxWorker } from './outbox-worker.service';
import { OutboxRepository } from './outbox.repository';
import { OutboxService } from './outbox.service';
import { StopLinksService } from './stop-links.service';

/** The mail transport, and the outbox every e-mail goes through. */
@Global()
@Module({
  providers: [
    MailService,
    MailSuppressionsRepository,
    OutboxFilesService,
    OutboxRepository,
    OutboxService,
    OutboxWorker,
    StopLinksService,
  ],
  exports: [MailSuppressionsRepository, OutboxFilesService, OutboxService, OutboxWorker, StopLinksService],
})
export class MailModule {}
