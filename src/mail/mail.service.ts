import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import { AppConfig } from '../config/app-config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Optional Reply-To (e.g. the visitor of a forwarded contact message). */
  replyTo?: string;
}

/**
 * Sends e-mail through SMTP_URL, or, without it, writes each message as an .eml file under the
 * outbox folder and logs it, so a newcomer can click the links without a mail server.
 * send() throws on failure; callers decide what the visitor sees.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter;

  constructor(private readonly config: AppConfig) {
    this.transport = config.smtpUrl
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

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.config.mailFrom, ...message });
    if (!this.config.smtpUrl) {
      // Asynchronous: a burst of mail must not block the event loop (and every request) on the disk.
      await mkdir(this.config.outboxDir, { recursive: true });
      const file = join(this.config.outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      // Written under a temporary name, then renamed: a reader of the folder never sees half a message.
      await writeFile(`${file}.part`, (info as unknown as { message: Buffer }).message);
      await rename(`${file}.part`, file);
      this.logger.log(`E-mail "${message.subject}" to ${message.to} written to ${file}\n${message.text}`);
    }
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
