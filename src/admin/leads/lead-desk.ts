import { EntityManager } from 'typeorm';
import { Lead } from '../../leads/entities/lead.entity';

/** How many leads repeat each of these (duplicate_of), in one grouped query on IDX_leads_duplicate_of. */
export async function countRepeatRequests(em: EntityManager, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await em
    .createQueryBuilder(Lead, 'r')
    .select('r.duplicate_of', 'id')
    .addSelect('COUNT(*)', 'n')
    .where('r.duplicate_of IN (:...ids)', { ids })
    .groupBy('r.duplicate_of')
    .getRawMany<{ id: number | string; n: number | string }>();
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}
