import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, MoreThanOrEqual } from 'typeorm';
import { DestinationImage } from './entities/destination-image.entity';
import { Destination } from './entities/destination.entity';
import { ThingToDo } from './entities/thing-to-do.entity';
import { TravelPack } from './entities/travel-pack.entity';

/** When each destination's page last changed, from the rows it shows (the sitemap's lastmod). */
export interface CatalogueChanges {
  destinations: Array<Pick<Destination, 'id' | 'name' | 'updated_at'>>;
  packs: Array<Pick<TravelPack, 'id' | 'destination_id' | 'updated_at'>>;
  images: Array<Pick<DestinationImage, 'id' | 'destination_id' | 'created_at'>>;
  things: Array<Pick<ThingToDo, 'id' | 'destination_id' | 'created_at'>>;
}

/** `YYYY-MM-DD` of today (UTC): a pack is offered through its last day of availability. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The public catalogue's reads of the destinations, travel_packs, destination_images and
 * things_to_do tables: what visitors see (active destinations, packs still available). The admin's
 * writes of these tables are the admin module's.
 */
@Injectable()
export class CatalogueRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Active destinations with their images and things to do, priority first. */
  activeDestinations(): Promise<Destination[]> {
    return this.dataSource
      .getRepository(Destination)
      .createQueryBuilder('d')
      .leftJoinAndSelect('d.images', 'image')
      .leftJoinAndSelect('d.things_to_do', 'thing')
      .where('d.status = :status', { status: 'active' })
      .orderBy('d.is_priority', 'DESC')
      .addOrderBy('d.id', 'ASC')
      .getMany();
  }

  /** The packs of these destinations still offered today (availability not ended), featured first. */
  offeredPacks(destinationIds: number[]): Promise<TravelPack[]> {
    if (!destinationIds.length) return Promise.resolve([]);
    return this.dataSource
      .getRepository(TravelPack)
      .createQueryBuilder('p')
      .where('p.destination_id IN (:...ids)', { ids: destinationIds })
      .andWhere('p.available_to >= :today', { today: today() })
      .orderBy('p.is_featured', 'DESC')
      .addOrderBy('p.id', 'ASC')
      .getMany();
  }

  /** A destination's id and name, whatever its status (a lead names it); pass `manager` to read inside a transaction. */
  destinationName(
    id: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Pick<Destination, 'id' | 'name'> | null> {
    return manager.getRepository(Destination).findOne({ where: { id }, select: { id: true, name: true } });
  }

  /** The times the public pages' rows last changed: active destinations, offered packs, images, things to do. */
  async changes(): Promise<CatalogueChanges> {
    const destinations = await this.dataSource.getRepository(Destination).find({
      select: { id: true, name: true, updated_at: true },
      where: { status: 'active' },
      order: { is_priority: 'DESC', id: 'ASC' },
    });
    const [packs, images, things] = await Promise.all([
      this.dataSource.getRepository(TravelPack).find({
        select: { id: true, destination_id: true, updated_at: true },
        where: { available_to: MoreThanOrEqual(today()) },
      }),
      this.dataSource
        .getRepository(DestinationImage)
        .find({ select: { id: true, destination_id: true, created_at: true } }),
      this.dataSource.getRepository(ThingToDo).find({ select: { id: true, destination_id: true, created_at: true } }),
    ]);
    return { destinations, packs, images, things };
  }
}
