import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Destination } from '../../catalogue/entities/destination.entity';
import { ThingToDo } from '../../catalogue/entities/thing-to-do.entity';
import { supportsRowLocks } from '../../database/dialect';

/** The back-office's queries of the things_to_do table. Pass `em` to work inside the caller's transaction. */
@Injectable()
export class ThingsToDoRepository {
  constructor(private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /**
   * True when the destination exists; with `lock`, its row stays locked to the end of the
   * transaction (MySQL/MariaDB; SQLite's writes are serialised anyway), so "count, then insert" is safe.
   */
  async destinationExists(em: EntityManager, id: number, lock: boolean): Promise<boolean> {
    const qb = em.getRepository(Destination).createQueryBuilder('d').select('d.id').where('d.id = :id', { id });
    if (lock && supportsRowLocks(em)) qb.setLock('pessimistic_write');
    return (await qb.getOne()) !== null;
  }

  ofDestination(destinationId: number): Promise<ThingToDo[]> {
    return this.dataSource
      .getRepository(ThingToDo)
      .find({ where: { destination_id: destinationId }, order: { id: 'ASC' } });
  }

  countOfDestination(em: EntityManager, destinationId: number): Promise<number> {
    return em.count(ThingToDo, { where: { destination_id: destinationId } });
  }

  insert(em: EntityManager, row: Pick<ThingToDo, 'destination_id' | 'title' | 'description'>): Promise<ThingToDo> {
    return em.save(em.create(ThingToDo, row));
  }

  findOfDestination(em: EntityManager, id: number, destinationId: number): Promise<ThingToDo | null> {
    return em.findOne(ThingToDo, { where: { id, destination_id: destinationId } });
  }

  async delete(em: EntityManager, id: number): Promise<void> {
    await em.delete(ThingToDo, { id });
  }
}
