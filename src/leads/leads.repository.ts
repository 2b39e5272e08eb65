import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
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

  /** Links the lead to the customer account made from it. */
  async linkAccount(em: EntityManager, id: number, userId: number): Promise<void> {
    await em.update(Lead, { id }, { user_id: userId });
  }
}
