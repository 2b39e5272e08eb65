import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuditContext } from '../../audit/audit-context';
import { AuditService, diffForAudit, snapshotForAudit } from '../../audit/audit.service';
import { EntityManager } from 'typeorm';
import { UnitOfWork } from '../../database/unit-of-work';
import { CatalogueCacheService } from '../../catalogue/catalogue-cache.service';
import { TravelPack } from '../../catalogue/entities/travel-pack.entity';
import { AdminPack, BulkDeleteResult, ADMIN_WRITABLE_FIELDS } from '../../../shared/api/admin';
import { PACK_MESSAGES, parseMoney } from '../../../shared/rules/pack';
import { isBlank } from '../../../shared/rules/primitives';
import { uniqueIds } from '../common/id-list.decorator';
import { ListQueryDto } from '../common/list-query.dto';
import { missingIds } from '../common/not-found';
import { ListSpec, parseListQuery } from '../common/simple-rest';
import { Page } from '../../database/list-pages';
import { PackInputDto } from './dto/pack-input.dto';
import { toAdminPack } from './pack-response';
import { PacksRepository } from './packs.repository';
import { DestinationsRepository } from '../destinations/destinations.repository';

const SPEC: ListSpec = {
  resource: 'packs',
  alias: 'p',
  sortable: {
    id: ['p.id'],
    name: ['p.name'],
    price: ['p.price'],
    discount_price: ['p.discount_price'],
    destination_id: ['p.destination_id'],
    available_from: ['p.available_from'],
    available_to: ['p.available_to'],
    is_featured: ['p.is_featured'],
    created_at: ['p.created_at'],
  },
  defaultOrder: [
    ['p.is_featured', 'DESC'],
    ['p.id', 'DESC'],
  ],
  filters: {
    destination_id: { column: 'p.destination_id', kind: 'int' },
    is_featured: { column: 'p.is_featured', kind: 'bool' },
  },
  searchColumns: ['p.name'],
};

/** What the audit log records of a pack: every field an update may write. */
const AUDIT_FIELDS = ADMIN_WRITABLE_FIELDS.packs;
const auditView = (pack: TravelPack): Record<string, unknown> => ({ ...pack });

const cleanList = (list: string[] | null): string[] => (list ?? []).map((s) => s.trim());

@Injectable()
export class PacksService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly packs: PacksRepository,
    private readonly destinations: DestinationsRepository,
    private readonly cache: CatalogueCacheService,
    private readonly audit: AuditService,
  ) {}

  async list(query: ListQueryDto): Promise<Page<AdminPack>> {
    const parsed = parseListQuery(query, SPEC);
    const page = await this.packs.pageOf(parsed);
    return { ...page, items: page.items.map(toAdminPack) };
  }

  async get(id: number): Promise<AdminPack> {
    return toAdminPack(await this.find(this.packs.manager, id));
  }

  async create(dto: PackInputDto, ctx: AuditContext): Promise<AdminPack> {
    const id = await this.unitOfWork.run(async (em) => {
      const pack = this.packs.create(em);
      await this.apply(em, pack, dto);
      const saved = await this.packs.save(em, pack);
      await this.audit.record(em, ctx, {
        action: 'create',
        resource: 'packs',
        record_id: saved.id,
        changes: snapshotForAudit(auditView(saved), AUDIT_FIELDS, 'created'),
      });
      return saved.id;
    });
    this.cache.invalidate();
    return this.get(id);
  }

  async update(id: number, dto: PackInputDto, ctx: AuditContext): Promise<AdminPack> {
    await this.unitOfWork.run(async (em) => {
      const pack = await this.find(em, id);
      const before = auditView(pack);
      await this.apply(em, pack, dto);
      delete pack.destination;
      await this.packs.save(em, pack);
      const changes = diffForAudit(before, auditView(pack), AUDIT_FIELDS);
      if (Object.keys(changes).length)
        await this.audit.record(em, ctx, { action: 'update', resource: 'packs', record_id: id, changes });
    });
    this.cache.invalidate();
    return this.get(id);
  }

  async remove(id: number, ctx: AuditContext): Promise<AdminPack> {
    const shape = await this.unitOfWork.run(async (em) => {
      const found = await this.find(em, id);
      const pack = toAdminPack(found);
      // Leads that chose this pack keep their destination; their travel_pack_id becomes null (FK).
      await this.packs.delete(em, [id]);
      await this.audit.record(em, ctx, {
        action: 'delete',
        resource: 'packs',
        record_id: id,
        changes: snapshotForAudit(auditView(found), AUDIT_FIELDS, 'deleted'),
      });
      return pack;
    });
    this.cache.invalidate();
    return shape;
  }

  async bulkRemove(ids: number[], ctx: AuditContext): Promise<BulkDeleteResult> {
    const wanted = uniqueIds(ids);
    const result = await this.unitOfWork.run(async (em) => {
      const packs = await this.packs.findForDelete(em, wanted);
      const found = new Set(packs.map((p) => p.id));
      const missing = wanted.filter((id) => !found.has(id));
      if (missing.length) throw missingIds('packs', missing);
      await this.packs.delete(em, wanted);
      await this.audit.recordMany(
        em,
        ctx,
        packs.map((pack) => ({
          action: 'bulk_delete' as const,
          resource: 'packs',
          record_id: pack.id,
          changes: snapshotForAudit(auditView(pack), AUDIT_FIELDS, 'deleted'),
        })),
      );
      return { deleted: wanted.length };
    });
    this.cache.invalidate();
    return result;
  }

  private async apply(em: EntityManager, pack: TravelPack, dto: PackInputDto): Promise<void> {
    const destinationId = (dto.destination_id ?? dto.destination) as number;
    if (!(await this.destinations.exists(em, destinationId))) {
      throw new BadRequestException({
        message: PACK_MESSAGES.destinationNotFound,
        errors: { destination_id: PACK_MESSAGES.destinationNotFound },
      });
    }
    pack.name = dto.name.trim();
    pack.description = dto.description.trim();
    pack.price = parseMoney(dto.price) as number;
    // Optional fields left out keep their value (a form without them must not wipe them).
    if (dto.discount_price !== undefined || pack.discount_price === undefined) {
      pack.discount_price = isBlank(dto.discount_price) ? null : (parseMoney(dto.discount_price) as number);
    }
    pack.features = dto.features !== undefined ? cleanList(dto.features) : (pack.features ?? []);
    pack.amenities = dto.amenities !== undefined ? cleanList(dto.amenities) : (pack.amenities ?? []);
    pack.destination_id = destinationId;
    pack.available_from = dto.available_from;
    pack.available_to = dto.available_to;
    pack.is_featured = dto.is_featured ?? pack.is_featured ?? false;
  }

  private async find(em: EntityManager, id: number): Promise<TravelPack> {
    const pack = await this.packs.findWithDestination(em, id);
    if (!pack) throw new NotFoundException('Pack not found.');
    return pack;
  }
}
