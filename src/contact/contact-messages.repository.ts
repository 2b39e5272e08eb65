import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ContactMessage } from './entities/contact-message.entity';

/** The contact_messages table: every query of it. Pass `em` to work inside the caller's transaction. */
@Injectable()
export class ContactMessagesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** For a transaction that stores a message and queues its forward together. */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** A new message, not forwarded yet. */
  insert(
    em: EntityManager,
    row: Pick<ContactMessage, 'first_name' | 'last_name' | 'email' | 'phone' | 'message'>,
  ): Promise<ContactMessage> {
    const repo = em.getRepository(ContactMessage);
    return repo.save(repo.create({ ...row, forwarded_at: null }));
  }

  /** Records that the agency's copy was delivered. */
  async markForwarded(em: EntityManager, id: number): Promise<void> {
    await em.getRepository(ContactMessage).update({ id }, { forwarded_at: new Date() });
  }
}
