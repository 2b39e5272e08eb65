import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CatalogueCacheService } from '../../catalogue/catalogue-cache.service';
import type { AuditContext } from '../../audit/audit-context';
import { AuditService } from '../../audit/audit.service';
import { UnitOfWork } from '../../database/unit-of-work';
import { AdminThingToDo } from '../../../shared/api/admin';
import { LIMITS } from '../../../shared/limits';
import { DESTINATION_MESSAGES } from '../../../shared/rules/destination';
import { toAdminThingToDo } from './destination-response';
import { ThingToDoInputDto } from './dto/thing-to-do-input.dto';
import { ThingsToDoRepository } from './things-to-do.repository';
import { DestinationsRepository } from './destinations.repository';

/** Things to do of a destination: at most 6 each. */
@Injectable()
export class ThingsToDoService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly things: ThingsToDoRepository,
    private readonly destinations: DestinationsRepository,
    private readonly cache: CatalogueCacheService,
    private readonly audit: AuditService,
  ) {}

  async list(destinationId: number): Promise<AdminThingToDo[]> {
    await this.destination(this.things.manager, destinationId, false);
    return (await this.things.ofDestination(destinationId)).map(toAdminThingToDo);
  }

  async add(destinationId: number, dto: ThingToDoInputDto, ctx: AuditContext): Promise<AdminThingToDo> {
    const thing = await this.unitOfWork.run(async (em) => {
      // The destination row lock makes "count, then insert" safe against two admins adding at once.
      await this.destination(em, destinationId, true);
      if ((await this.things.countOfDestination(em, destinationId)) >= LIMITS.thingsToDo.perDestination) {
        throw new BadRequestException({
          message: DESTINATION_MESSAGES.thingsToDoFull,
          errors: { things_to_do: DESTINATION_MESSAGES.thingsToDoFull },
        });
      }
      const saved = await this.things.insert(em, {
        destination_id: destinationId,
        title: dto.title.trim(),
        description: dto.description.trim(),
      });
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
    const thing = await this.unitOfWork.run(async (em) => {
      await this.destination(em, destinationId, false);
      const found = await this.things.findOfDestination(em, thingId, destinationId);
      if (!found) throw new NotFoundException('Thing to do not found.');
      await this.things.delete(em, thingId);
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
    if (!(await this.destinations.exists(em, id, lock))) throw new NotFoundException('Destination not found.');
  }
}
