import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ConsentRepository } from '../consent/consent.repository';
import { OutboxFilesService } from '../mail/outbox-files.service';
import { ErasureRepository, PersonWords } from './erasure.repository';
import { PersonalDataRepository, Person } from './personal-data.repository';

/** What is left to remove once the erasure's transaction has committed: files, and the WAL's old pages. */
export interface ErasureAfterCommit {
  outboxIds: number[];
  words: PersonWords;
}

export interface Forgotten {
  leads: number;
  contactMessages: number;
  afterCommit: ErasureAfterCommit;
}

/**
 * What forgetting a person touches, in one place (an admin's erasure by address and the person's
 * own account deletion both go through here):
 * - in the caller's transaction: the person's leads and contact messages anonymised (their desk
 *   notes deleted), the rendered subjects in the leads' history and their tasks' titles rewritten
 *   without the person's names, address and phone, the audit log's change details scrubbed (the
 *   entries stay: who did what, when), every outbox row to or about the person deleted (sent or
 *   not), the address's code and verification rows and consent records deleted, the account (if
 *   any) deleted;
 * - after the commit (afterCommit): the outbox folder's files of those mails deleted, and on SQLite
 *   a checkpoint that empties the WAL (with secure_delete on, the database file keeps no erased
 *   value in free space either).
 */
@Injectable()
export class ErasureService {
  private readonly logger = new Logger('Erasure');

  constructor(
    private readonly data: PersonalDataRepository,
    private readonly erasure: ErasureRepository,
    private readonly consent: ConsentRepository,
    private readonly outboxFiles: OutboxFilesService,
  ) {}

  /** Forgets the person in the caller's transaction; hand the answer's afterCommit to afterCommit() once committed. */
  async forget(m: EntityManager, person: Person): Promise<Forgotten> {
    const leadIds = await this.data.leadIdsOf(m, person);
    const messageIds = await this.data.contactMessageIdsOf(m, person);
    const records = await this.erasure.recordsOf(m, person, leadIds, messageIds);
    // Read before anything is anonymised: the words to look for everywhere else.
    const words = await this.erasure.wordsOf(m, records);
    await this.erasure.scrubAuditLog(m, records, words);
    await this.erasure.rewriteDesk(m, records, words);
    const outboxIds = await this.erasure.deleteOutboxRows(m, records, words);
    const leads = await this.data.anonymiseLeads(m, leadIds);
    const contactMessages = await this.data.anonymiseContactMessages(m, messageIds);
    await this.erasure.deleteVerifications(m, person.email);
    await this.consent.deleteFor(m, person.email, person.userId);
    if (person.userId !== null) await this.data.deleteAccount(m, person.userId);
    return { leads, contactMessages, afterCommit: { outboxIds, words } };
  }

  /**
   * After the commit (outside any write-queue slot: it waits for the outbox's sends in flight,
   * whose marks take the queue): the mails' files, then the WAL. A failure is logged, never thrown:
   * the erasure itself is committed.
   */
  async afterCommit({ outboxIds, words }: ErasureAfterCommit): Promise<void> {
    try {
      const files = await this.outboxFiles.forget(outboxIds, words.distinctive);
      if (files) this.logger.log(`${files} outbox file(s) of an erased person deleted`);
    } catch (err) {
      this.logger.error(`Deleting an erased person's outbox files failed: ${(err as Error).message}`);
    }
    try {
      if ((await this.erasure.emptyWal()) === false)
        this.logger.warn('The WAL could not be emptied after an erasure (a reader was busy); the next checkpoint will');
    } catch (err) {
      this.logger.error(`The checkpoint after an erasure failed: ${(err as Error).message}`);
    }
  }
}
