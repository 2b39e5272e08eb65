import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { TravelPack } from '../../catalogue/entities/travel-pack.entity';
import { fetchPage, Page, ParsedList } from '../../database/list-pages';

/** The back-office's queries of the travel_packs table. Pass `em` to work inside the caller's transaction. */
@Injectable()
export class PacksRepository {
  constructor(private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** One page of packs by the list's filters and sort (alias `p`), each with its destination (`d`). */
  pageOf(parsed: ParsedList): Promise<Page<TravelPack>> {
    const base = this.dataSource.getRepository(TravelPack).createQueryBuilder('p');
    return fetchPage(base, parsed, (qb) => qb.leftJoinAndSelect('p.destination', 'd'));
  }

  findWithDestination(em: EntityManager, id: number): Promise<TravelPack | null> {
    return em.findOne(TravelPack, { where: { id }, relations: { destination: true } });
  }

  /** The packs of `ids` that exist, with what their audit entries name. */
  findForDelete(em: EntityManager, ids: number[]): Promise<TravelPack[]> {
    return em.find(TravelPack, { select: { id: true, name: true, destination_id: true }, where: { id: In(ids) } });
  }

  /** A new, unsaved pack. */
  create(em: EntityManager): TravelPack {
    return em.create(TravelPack, {});
  }

  save(em: EntityManager, pack: TravelPack): Promise<TravelPack> {
    return em.save(pack);
  }

  async delete(em: EntityManager, ids: number[]): Promise<void> {
    await em.delete(TravelPack, { id: In(ids) });
  }
}
