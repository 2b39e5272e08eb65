import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { supportsRowLocks } from '../../database/dialect';
import { DestinationImage } from '../../catalogue/entities/destination-image.entity';
import { Destination } from '../../catalogue/entities/destination.entity';
import { ThingToDo } from '../../catalogue/entities/thing-to-do.entity';
import { Lead } from '../../leads/entities/lead.entity';
import { fetchPage, Page, ParsedList } from '../../database/list-pages';

/**
 * The back-office's queries of the destinations table and of what a destination holds (its images
 * and things to do, read with it). Pass `em` to work inside the caller's transaction.
 */
@Injectable()
export class DestinationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** One page of destinations by the list's filters and sort (alias `d`). */
  pageOf(parsed: ParsedList): Promise<Page<Destination>> {
    return fetchPage(this.dataSource.getRepository(Destination).createQueryBuilder('d'), parsed);
  }

  findById(em: EntityManager, id: number): Promise<Destination | null> {
    return em.findOne(Destination, { where: { id } });
  }

  /**
   * True when the destination exists; with `lock`, its row stays locked to the end of the
   * transaction (MySQL/MariaDB; SQLite's writes are serialised anyway), so "count, then insert" is safe.
   */
  async exists(em: EntityManager, id: number, lock = false): Promise<boolean> {
    const qb = em.getRepository(Destination).createQueryBuilder('d').select('d.id').where('d.id = :id', { id });
    if (lock && supportsRowLocks(em)) qb.setLock('pessimistic_write');
    return (await qb.getOne()) !== null;
  }

  /** The destination for an edit, its row locked to the end of the transaction where the database has row locks. */
  lockForUpdate(em: EntityManager, id: number): Promise<Destination | null> {
    const lockQuery = em.getRepository(Destination).createQueryBuilder('d').where('d.id = :id', { id });
    if (supportsRowLocks(em)) lockQuery.setLock('pessimistic_write');
    return lockQuery.getOne();
  }

  /** Changes these columns of the destination. */
  async update(em: EntityManager, id: number, patch: Partial<Destination>): Promise<void> {
    await em.update(Destination, { id }, patch);
  }

  findByIds(em: EntityManager, ids: number[]): Promise<Destination[]> {
    return em.find(Destination, { where: { id: In(ids) } });
  }

  insert(em: EntityManager, row: Partial<Destination>): Promise<Destination> {
    return em.save(em.create(Destination, row));
  }

  /** The images and things to do of these destinations, in two queries. */
  async contents(em: EntityManager, ids: number[]): Promise<{ images: DestinationImage[]; things: ThingToDo[] }> {
    const [images, things] = await Promise.all([
      em.find(DestinationImage, { where: { destination_id: In(ids) } }),
      em.find(ThingToDo, { where: { destination_id: In(ids) } }),
    ]);
    return { images, things };
  }

  /** The images (gallery and hotel) of one destination. */
  imagesOf(em: EntityManager, destinationId: number): Promise<DestinationImage[]> {
    return em.find(DestinationImage, { where: { destination_id: destinationId } });
  }

  /** Adds these image rows in one insert. */
  async insertImages(
    em: EntityManager,
    rows: Array<Pick<DestinationImage, 'destination_id' | 'kind' | 'image' | 'position'>>,
  ): Promise<void> {
    await em.insert(DestinationImage, rows);
  }

  /** Deletes these image rows. */
  async deleteImages(em: EntityManager, ids: number[]): Promise<void> {
    await em.delete(DestinationImage, { id: In(ids) });
  }

  /** The stored image files of these destinations' galleries. */
  imageFiles(em: EntityManager, ids: number[]): Promise<Array<Pick<DestinationImage, 'image'>>> {
    return em.find(DestinationImage, { select: { image: true }, where: { destination_id: In(ids) } });
  }

  /** Which of these destinations leads name. */
  async withLeads(em: EntityManager, ids: number[]): Promise<number[]> {
    const rows = await em
      .createQueryBuilder(Lead, 'l')
      .select('DISTINCT l.destination_id', 'id')
      .where('l.destination_id IN (:...ids)', { ids })
      .getRawMany<{ id: number }>();
    return rows.map((r) => Number(r.id));
  }

  /** Deletes the destinations; their images, things to do and packs go with them (cascade). */
  async delete(em: EntityManager, ids: number[]): Promise<void> {
    await em.delete(Destination, { id: In(ids) });
  }
}
