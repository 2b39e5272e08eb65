import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import { AppConfig } from '../config/app-config';
import { outboxFileName } from './outbox-files';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Optional Reply-To (e.g. the visitor of a forwarded contact message). */
  replyTo?: string;
  /** Extra headers (List-Unsubscribe of the mails to leads); nodemailer writes them as given. */
  headers?: Record<string, string>;
}

/**
 * Sends e-mail through SMTP_URL, or, without it, writes each message as an .eml file under the
 * outbox folder. Outside production the outbox also logs each message's text, so a newcomer can
 * click the links without a mail server; in production (where the outbox is only ever chosen with
 * MAIL_TRANSPORT=outbox, see app-config.ts) it never does: the text holds one-time codes and
 * links, and logs are read and kept by more people and systems than the mailbox they were for.
 * send() throws on failure; callers decide what the visitor sees.
 */
@Injectable()
export class MailService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter;
  /** The outbox folder, made once (not once per mail: a burst of codes wrote a thousand). */
  private outboxFolder: Promise<unknown> | null = null;

  constructor(private readonly config: AppConfig) {
    this.transport =
      config.mailTransport === 'smtp' && config.smtpUrl
        ? createTransport({
            // createTransport(url, x) takes x as message defaults, not transport options: merge them here,
            // or a mail server that accepts but never answers holds a request for nodemailer's 2-minute defaults.
            ...parseConnectionUrl(config.smtpUrl),
            connectionTimeout: 5000,
            greetingTimeout: 5000,
            socketTimeout: 10000,
          })
        : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** `outboxId`: the outbox row the message is sent for, named in its outbox file (an erasure finds it by that). */
  async send(message: MailMessage, outboxId?: number): Promise<void> {
    const info = await this.transport.sendMail({ from: this.config.mailFrom, ...message });
    if (this.config.mailTransport === 'outbox') {
      // Asynchronous: a burst of mail must not block the event loop (and every request) on the disk.
      const file = join(this.config.outboxDir, outboxFileName(outboxId));
      const eml = (info as unknown as { message: Buffer }).message;
      try {
        await this.writeOutboxFile(file, eml);
      } catch (err) {
        // The folder went away while the app ran: made again, and the mail written once more.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        this.outboxFolder = null;
        await this.writeOutboxFile(file, eml);
      }
      if (this.config.isProduction) this.logger.log(`E-mail written to ${file}`);
      else this.logger.log(`E-mail "${message.subject}" to ${message.to} written to ${file}\n${message.text}`);
    }
  }

  private async writeOutboxFile(file: string, message: Buffer): Promise<void> {
    // Owner-only: the files hold one-time codes and links.
    this.outboxFolder ??= mkdir(this.config.outboxDir, { recursive: true, mode: 0o700 }).catch((err: unknown) => {
      this.outboxFolder = null;
      throw err;
    });
    await this.outboxFolder;
    // Written under a temporary name, then renamed: a reader of the folder never sees half a message.
    await writeFile(`${file}.part`, message, { mode: 0o600 });
    await rename(`${file}.part`, file);
  }

  onModuleInit(): void {
    if (this.config.isProduction && this.config.mailTransport === 'outbox') {
      this.logger.warn(
        `MAIL_TRANSPORT=outbox: e-mails are not sent, each is written as a file under ${this.config.outboxDir} ` +
          '(they hold sign-in links and codes: deliver or delete them, and keep the folder private)',
      );
    }
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
