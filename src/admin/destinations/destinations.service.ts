import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CatalogueCacheService } from '../../catalogue/catalogue-cache.service';
import { Destination } from '../../catalogue/entities/destination.entity';
import type { AuditContext } from '../../audit/audit-context';
import { AuditService, snapshotForAudit } from '../../audit/audit.service';
import { UnitOfWork } from '../../database/unit-of-work';
import { ImageDecodeError, ImageStoreService, StagedImages } from '../../media/image-store.service';
import { FormInput } from '../../media/multipart-form';
import { AdminDestination, BulkDeleteResult } from '../../../shared/api/admin';
import { DESTINATION_STATUSES } from '../../../shared/limits';
import { DESTINATION_MAX_IMAGES_PER_KIND, DESTINATION_MESSAGES, imageLabel } from '../../../shared/rules/destination';
import { isForeignKeyViolation } from '../../database/db-errors';
import { uniqueIds } from '../common/id-list.decorator';
import { ListQueryDto } from '../common/list-query.dto';
import { missingIds } from '../common/not-found';
import { ListSpec, parseListQuery } from '../common/simple-rest';
import { Page } from '../../database/list-pages';
import { DestinationsRepository } from './destinations.repository';
import { checkUploads, DestinationForm, formError, parseDestinationForm, uploadsOf } from './destination-form';
import { toAdminDestination } from './destination-response';
import { applyDestinationUpdate, DESTINATION_AUDIT_FIELDS, insertImageRows } from './destination-rows';

const SPEC: ListSpec = {
  resource: 'destinations',
  alias: 'd',
  sortable: {
    id: ['d.id'],
    name: ['d.name'],
    location: ['d.location'],
    status: ['d.status'],
    is_priority: ['d.is_priority'],
    created_at: ['d.created_at'],
  },
  defaultOrder: [
    ['d.is_priority', 'DESC'],
    ['d.created_at', 'DESC'],
    ['d.id', 'DESC'],
  ],
  filters: {
    status: { column: 'd.status', kind: { oneOf: DESTINATION_STATUSES } },
    is_priority: { column: 'd.is_priority', kind: 'bool' },
  },
  searchColumns: ['d.name'],
};

const FOLDER = 'destinations';

/**
 * Destinations with their images and things to do. A save is atomic across database and disk:
 * images are checked and staged first, the rows change in one transaction, then staged files move
 * into place and files of removed images are deleted; a failure discards the staged files.
 */
@Injectable()
export class DestinationsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly destinations: DestinationsRepository,
    private readonly images: ImageStoreService,
    private readonly cache: CatalogueCacheService,
    private readonly audit: AuditService,
  ) {}

  async list(query: ListQueryDto): Promise<Page<AdminDestination>> {
    const parsed = parseListQuery(query, SPEC);
    const page = await this.destinations.pageOf(parsed);
    return { ...page, items: await this.shapes(this.destinations.manager, page.items) };
  }

  async get(id: number): Promise<AdminDestination> {
    const em = this.destinations.manager;
    return (await this.shapes(em, [await this.find(em, id)]))[0];
  }

  async create(input: FormInput, ctx: AuditContext): Promise<AdminDestination> {
    const form = await this.checkForm(input, 'create');
    const staged = await this.stage(form);
    let id: number;
    try {
      id = await this.unitOfWork.run(async (em) => {
        const { values } = form;
        const destination = await this.destinations.insert(em, {
          name: values.name,
          location: values.location,
          description: values.description,
          status: values.status ?? 'active',
          is_priority: values.is_priority ?? false,
          main_image: staged.paths[0],
        });
        await insertImageRows(this.destinations, em, destination.id, form, staged, 0, 0);
        await this.audit.record(em, ctx, {
          action: 'create',
          resource: 'destinations',
          record_id: destination.id,
          changes: {
            ...snapshotForAudit({ ...destination }, DESTINATION_AUDIT_FIELDS, 'created'),
            ...(form.gallery.length ? { gallery_images: [0, form.gallery.length] } : {}),
            ...(form.hotel.length ? { hotel_images: [0, form.hotel.length] } : {}),
          },
        });
        return destination.id;
      });
    } catch (err) {
      await this.images.discard(staged);
      throw err;
    }
    await this.images.commit(staged);
    this.cache.invalidate();
    return this.get(id);
  }

  async update(id: number, input: FormInput, ctx: AuditContext): Promise<AdminDestination> {
    await this.find(this.destinations.manager, id);
    const form = await this.checkForm(input, 'update');
    const staged = await this.stage(form);
    let removed: Array<string | null>;
    try {
      removed = await this.unitOfWork.run(async (em) => {
        const applied = await applyDestinationUpdate(this.destinations, em, id, form, staged);
        if (Object.keys(applied.changes).length) {
          await this.audit.record(em, ctx, {
            action: 'update',
            resource: 'destinations',
            record_id: id,
            changes: applied.changes,
          });
        }
        return applied.removed;
      });
    } catch (err) {
      await this.images.discard(staged);
      throw err;
    }
    await this.images.commit(staged);
    await this.images.removeStored(removed);
    this.cache.invalidate();
    return this.get(id);
  }

  async remove(id: number, ctx: AuditContext): Promise<AdminDestination> {
    return (await this.deleteMany([id], false, ctx))[0];
  }

  async bulkRemove(ids: number[], ctx: AuditContext): Promise<BulkDeleteResult> {
    return { deleted: (await this.deleteMany(uniqueIds(ids), true, ctx)).length };
  }

  /** Deletes destinations with their images, things to do and packs (cascade); never one with leads. */
  private async deleteMany(ids: number[], bulk: boolean, ctx: AuditContext): Promise<AdminDestination[]> {
    let result: { shapes: AdminDestination[]; files: Array<string | null> };
    try {
      result = await this.unitOfWork.run(async (em) => {
        const destinations = await this.destinations.findByIds(em, ids);
        if (!bulk && !destinations.length) throw new NotFoundException('Destination not found.');
        const found = new Set(destinations.map((d) => d.id));
        const missing = ids.filter((id) => !found.has(id));
        if (missing.length) throw missingIds('destinations', missing);
        const withLeads = await this.destinations.withLeads(em, ids);
        if (withLeads.length) throw this.hasLeads(destinations.filter((d) => withLeads.includes(d.id)));
        const shapes = await this.shapes(em, destinations);
        const images = await this.destinations.imageFiles(em, ids);
        await this.destinations.delete(em, ids);
        await this.audit.recordMany(
          em,
          ctx,
          destinations.map((d) => ({
            action: bulk ? ('bulk_delete' as const) : ('delete' as const),
            resource: 'destinations',
            record_id: d.id,
            changes: snapshotForAudit({ ...d }, DESTINATION_AUDIT_FIELDS, 'deleted'),
          })),
        );
        return { shapes, files: [...destinations.map((d) => d.main_image), ...images.map((i) => i.image)] };
      });
    } catch (err) {
      // A lead saved for the destination between the check and the delete: the foreign key refuses.
      if (isForeignKeyViolation(err)) throw new ConflictException(DESTINATION_MESSAGES.hasLeads);
      throw err;
    }
    await this.images.removeStored(result.files);
    this.cache.invalidate();
    return result.shapes;
  }

  private async checkForm(input: FormInput, mode: 'create' | 'update'): Promise<DestinationForm> {
    const { form, errors } = parseDestinationForm(input, mode);
    for (const field of ['gallery_images', 'hotel_images'] as const) {
      const count = (field === 'gallery_images' ? form.gallery : form.hotel).length;
      if (count > DESTINATION_MAX_IMAGES_PER_KIND) errors[field] = DESTINATION_MESSAGES.tooManyImages(field);
    }
    const imageMessages = await checkUploads(form, this.images, errors);
    if (Object.keys(errors).length) throw formError(errors, imageMessages);
    return form;
  }

  private async stage(form: DestinationForm): Promise<StagedImages> {
    const uploads = uploadsOf(form);
    try {
      return await this.images.stage(
        uploads.map((u) => u.file.bytes),
        FOLDER,
      );
    } catch (err) {
      if (!(err instanceof ImageDecodeError)) throw err;
      const upload = uploads[err.index];
      const message = DESTINATION_MESSAGES.imageFormat(imageLabel(upload.field, upload.n));
      throw formError({ [upload.field]: message }, [message]);
    }
  }

  /** Response shapes, with every image and thing to do of the given destinations in two queries. */
  private async shapes(em: EntityManager, destinations: Destination[]): Promise<AdminDestination[]> {
    if (!destinations.length) return [];
    const ids = destinations.map((d) => d.id);
    const { images, things } = await this.destinations.contents(em, ids);
    return destinations.map((d) =>
      toAdminDestination(
        d,
        images.filter((i) => i.destination_id === d.id),
        things.filter((t) => t.destination_id === d.id),
      ),
    );
  }

  private async find(em: EntityManager, id: number): Promise<Destination> {
    const destination = await this.destinations.findById(em, id);
    if (!destination) throw new NotFoundException('Destination not found.');
    return destination;
  }

  private hasLeads(destinations: Destination[]): ConflictException {
    return new ConflictException({
      message: DESTINATION_MESSAGES.hasLeads,
      destinations_with_leads: destinations.map((d) => ({ id: d.id, name: d.name })),
    });
  }
}
