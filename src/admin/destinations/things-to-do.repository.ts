import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ThingToDo } from '../../catalogue/entities/thing-to-do.entity';

/** The back-office's queries of the things_to_do table. Pass `em` to work inside the caller's transaction. */
@Injectable()
export class ThingsToDoRepository {
  constructor(private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
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
