import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { Lead } from './entities/lead.entity';

/**
 * Reads and writes of one lead by id (the leads table). The public intake has its own repository
 * (intake/lead-intake.repository.ts); the back-office's lists read through simple-rest. Pass `em`
 * to work inside the caller's transaction.
 */
@Injectable()
export class LeadsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  findById(id: number, em: EntityManager = this.dataSource.manager): Promise<Lead | null> {
    return em.getRepository(Lead).findOne({ where: { id } });
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
