import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { CatalogueCacheService } from '../../catalogue/catalogue-cache.service';
import { Destination } from '../../catalogue/entities/destination.entity';
import { ThingToDo } from '../../catalogue/entities/thing-to-do.entity';
import type { AuditContext } from '../../audit/audit-context';
import { AuditService } from '../../audit/audit.service';
import { runInTransaction } from '../../database/transactions';
import { AdminThingToDo } from '../../shared/api/admin';
import { LIMITS } from '../../shared/limits';
import { DESTINATION_MESSAGES } from '../../shared/rules/destination';
import { supportsRowLocks } from '../../database/dialect';
import { toAdminThingToDo } from './destination-response';
import { ThingToDoInputDto } from './dto/thing-to-do-input.dto';

/** Things to do of a destination: at most 6 each. */
@Injectable()
export class ThingsToDoService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: CatalogueCacheService,
    private readonly audit: AuditService,
  ) {}

  async list(destinationId: number): Promise<AdminThingToDo[]> {
    await this.destination(this.dataSource.manager, destinationId, false);
    const things = await this.dataSource
      .getRepository(ThingToDo)
      .find({ where: { destination_id: destinationId }, order: { id: 'ASC' } });
    return things.map(toAdminThingToDo);
  }

  async add(destinationId: number, dto: ThingToDoInputDto, ctx: AuditContext): Promise<AdminThingToDo> {
    const thing = await runInTransaction(this.dataSource, async (em) => {
      // The destination row lock makes "count, then insert" safe against two admins adding at once.
      await this.destination(em, destinationId, true);
      if (
        (await em.count(ThingToDo, { where: { destination_id: destinationId } })) >= LIMITS.thingsToDo.perDestination
      ) {
        throw new BadRequestException({
          message: DESTINATION_MESSAGES.thingsToDoFull,
          errors: { things_to_do: DESTINATION_MESSAGES.thingsToDoFull },
        });
      }
      const saved = await em.save(
        em.create(ThingToDo, {
          destination_id: destinationId,
          title: dto.title.trim(),
          description: dto.description.trim(),
        }),
      );
      await this.audit.record(em, ctx, {
        action: 'create',
        resource: 'things-to-do',
        record_id: saved.id,
        changes: {
          destination_id: [null, destinationId],
          title: [null, saved.title],
          description: [null, saved.description],
        },
      });
      return saved;
    });
    this.cache.invalidate();
    return toAdminThingToDo(thing);
  }

  async remove(destinationId: number, thingId: number, ctx: AuditContext): Promise<AdminThingToDo> {
    const thing = await runInTransaction(this.dataSource, async (em) => {
      await this.destination(em, destinationId, false);
      const found = await em.findOne(ThingToDo, { where: { id: thingId, destination_id: destinationId } });
      if (!found) throw new NotFoundException('Thing to do not found.');
      await em.delete(ThingToDo, { id: thingId });
      await this.audit.record(em, ctx, {
        action: 'delete',
        resource: 'things-to-do',
        record_id: thingId,
        changes: {
          destination_id: [destinationId, null],
          title: [found.title, null],
          description: [found.description, null],
        },
      });
      return found;
    });
    this.cache.invalidate();
    return toAdminThingToDo(thing);
  }

  private async destination(em: EntityManager, id: number, lock: boolean): Promise<void> {
    const qb = em.getRepository(Destination).createQueryBuilder('d').select('d.id').where('d.id = :id', { id });
    if (lock && supportsRowLocks(em)) qb.setLock('pessimistic_write');
    if (!(await qb.getOne())) throw new NotFoundException('Destination not found.');
  }
}
