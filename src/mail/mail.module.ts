import { Global, Module } from '@nestjs/common';
import { MailService } from './mail.service';
import { OutboxWorker } from './outbox-worker.service';
import { OutboxService } from './outbox.service';

/** The mail transport, and the outbox every e-mail goes through. */
@Global()
@Module({ providers: [MailService, OutboxService, OutboxWorker], exports: [OutboxService, OutboxWorker] })
export class MailModule {}
