import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsWhere, IsNull } from 'typeorm';
import { Lead } from './entities/lead.entity';

/**
 * Reads and writes of one lead by id (the leads table). The public intake has its own repository
 * (intake/lead-intake.repository.ts); the back-office's lists read through simple-rest. Pass `em`
 * to work inside the caller's transaction.
 */
@Injectable()
export class LeadsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A person's leads matching `where` (their e-mail, from a time on), newest first, each with its destination and pack. */
  ownLeads(where: FindOptionsWhere<Lead>, limit: number): Promise<Lead[]> {
    return this.dataSource.manager.find(Lead, {
      where,
      relations: { destination: true, travel_pack: true },
      order: { created_at: 'DESC', id: 'DESC' },
      take: limit,
    });
  }

  findById(id: number, em: EntityManager = this.dataSource.manager): Promise<Lead | null> {
    return em.getRepository(Lead).findOne({ where: { id } });
  }

  /** How many leads were sent with this e-mail (an earlier one makes a repeat customer). */
  countByEmail(em: EntityManager, email: string): Promise<number> {
    return em.getRepository(Lead).count({ where: { email } });
  }

  /** Inserts and returns the stored lead (with its generated columns). */
  insert(em: EntityManager, values: Partial<Lead>): Promise<Lead> {
    return em.getRepository(Lead).save(em.getRepository(Lead).create(values));
  }

  /** The lead with what a mail to it names: its destination, pack and agent. */
  findWithRefs(em: EntityManager, id: number): Promise<Lead | null> {
    return em.findOne(Lead, { where: { id }, relations: { destination: true, travel_pack: true, agent: true } });
  }

  exists(em: EntityManager, id: number): Promise<boolean> {
    return em.exists(Lead, { where: { id } });
  }

  /** The visitor was told of the lead (its notice left the outbox). */
  async markNotified(em: EntityManager, id: number): Promise<void> {
    await em.update(Lead, { id }, { notified_at: new Date() });
  }

  /** The leads sent with `email` that belong to no account join the account (its holder proved the mailbox). */
  async claimForAccount(em: EntityManager, email: string, userId: number): Promise<void> {
    await em.update(Lead, { email, user_id: IsNull() }, { user_id: userId });
  }

  /** Links the lead to the customer account made from it. */
  async linkAccount(em: EntityManager, id: number, userId: number): Promise<void> {
    await em.update(Lead, { id }, { user_id: userId });
  }
}
