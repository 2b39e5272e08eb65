import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { MailSuppression } from './mail-suppression.entity';

/**
 * The addresses (by hash) that no automated mail goes to any more: written by the stop link and
 * the erasure. Every method takes the caller's EntityManager.
 */
@Injectable()
export class MailSuppressionsRepository {
  /** Whether the address's hash is already suppressed. */
  exists(m: EntityManager, emailHash: string): Promise<boolean> {
    return m.getRepository(MailSuppression).exists({ where: { email_hash: emailHash } });
  }

  /** Suppresses the address's hash (it must not be suppressed yet). */
  async insert(m: EntityManager, emailHash: string, source: string): Promise<void> {
    await m.getRepository(MailSuppression).insert({ email_hash: emailHash, source });
  }

  /** Suppresses the address's hash, unless it already is (then nothing changes). */
  async insertOrIgnore(m: EntityManager, emailHash: string, source: string): Promise<void> {
    await m
      .createQueryBuilder()
      .insert()
      .into(MailSuppression)
      .values({ email_hash: emailHash, source })
      .orIgnore()
      .execute();
  }
}
