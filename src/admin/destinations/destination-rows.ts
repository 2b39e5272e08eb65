import { BadRequestException, NotFoundException } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AuditChanges, diffForAudit } from '../../audit/audit.service';
import { DestinationImage } from '../../catalogue/entities/destination-image.entity';
import { Destination } from '../../catalogue/entities/destination.entity';
import { StagedImages } from '../../media/image-store.service';
import { DESTINATION_MAX_IMAGES_PER_KIND, DESTINATION_MESSAGES } from '../../../shared/rules/destination';
import { DestinationForm } from './destination-form';
import { DestinationsRepository } from './destinations.repository';

/** What the audit log records of a destination's own fields. */
export const DESTINATION_AUDIT_FIELDS = ['name', 'location', 'description', 'status', 'is_priority', 'main_image'];

type KeepField = 'existing_image_ids' | 'existing_hotel_image_ids';

function badRequest(field: string, message: string): BadRequestException {
  return new BadRequestException({ message, errors: { [field]: message } });
}

/** New gallery and hotel rows after the kept ones; `staged.paths` follows uploadsOf()'s order (main, gallery, hotel). */
export async function insertImageRows(
  destinations: DestinationsRepository,
  em: EntityManager,
  destinationId: number,
  form: DestinationForm,
  staged: StagedImages,
  galleryStart: number,
  hotelStart: number,
): Promise<void> {
  const offset = form.main ? 1 : 0;
  const rows = [
    ...form.gallery.map((_, i) => ({
      kind: 'gallery' as const,
      image: staged.paths[offset + i],
      position: galleryStart + i,
    })),
    ...form.hotel.map((_, i) => ({
      kind: 'hotel' as const,
      image: staged.paths[offset + form.gallery.length + i],
      position: hotelStart + i,
    })),
  ];
  if (rows.length)
    await destinations.insertImages(
      em,
      rows.map((r) => ({ ...r, destination_id: destinationId })),
    );
}

/** Which existing images of a kind stay; ids that are not this destination's images of that kind are refused. */
function planKind(
  existing: DestinationImage[],
  kind: DestinationImage['kind'],
  keep: number[] | undefined,
  field: KeepField,
) {
  const current = existing.filter((i) => i.kind === kind);
  if (keep === undefined) return { drop: [] as DestinationImage[], kept: current };
  const known = new Set(current.map((i) => i.id));
  if (keep.some((k) => !known.has(k))) throw badRequest(field, DESTINATION_MESSAGES.unknownImageIds(field));
  return { drop: current.filter((i) => !keep.includes(i.id)), kept: current.filter((i) => keep.includes(i.id)) };
}

const nextPosition = (kept: DestinationImage[]) => kept.reduce((max, i) => Math.max(max, i.position + 1), 0);

/**
 * The database half of a destination edit, inside the caller's transaction: drops the images not
 * kept, adds the staged ones, replaces the main image if a new one came, updates the text.
 * Answers the stored paths whose files are to be deleted once the transaction has committed, and
 * the changes for the audit log (fields old → new; image counts old → new).
 */
export async function applyDestinationUpdate(
  destinations: DestinationsRepository,
  em: EntityManager,
  id: number,
  form: DestinationForm,
  staged: StagedImages,
): Promise<{ removed: Array<string | null>; changes: AuditChanges }> {
  const destination = await destinations.lockForUpdate(em, id);
  if (!destination) throw new NotFoundException('Destination not found.');
  const existing = await destinations.imagesOf(em, id);
  const gallery = planKind(existing, 'gallery', form.keepGallery, 'existing_image_ids');
  const hotel = planKind(existing, 'hotel', form.keepHotel, 'existing_hotel_image_ids');
  for (const [field, kept, added] of [
    ['gallery_images', gallery.kept, form.gallery],
    ['hotel_images', hotel.kept, form.hotel],
  ] as const) {
    if (kept.length + added.length > DESTINATION_MAX_IMAGES_PER_KIND)
      throw badRequest(field, DESTINATION_MESSAGES.tooManyImages(field));
  }
  const removed: Array<string | null> = [];
  const drop = [...gallery.drop, ...hotel.drop];
  if (drop.length) {
    await destinations.deleteImages(
      em,
      drop.map((i) => i.id),
    );
    removed.push(...drop.map((i) => i.image));
  }
  await insertImageRows(destinations, em, id, form, staged, nextPosition(gallery.kept), nextPosition(hotel.kept));

  const { values } = form;
  const patch: Partial<Destination> = {};
  if (values.name !== undefined) patch.name = values.name;
  if (values.location !== undefined) patch.location = values.location;
  if (values.description !== undefined) patch.description = values.description;
  if (values.status !== undefined) patch.status = values.status;
  if (values.is_priority !== undefined) patch.is_priority = values.is_priority;
  if (form.main) {
    patch.main_image = staged.paths[0];
    removed.push(destination.main_image);
  }
  if (Object.keys(patch).length) await destinations.update(em, id, patch);
  const changes = diffForAudit({ ...destination }, patch, DESTINATION_AUDIT_FIELDS);
  const count = (kind: DestinationImage['kind']) => existing.filter((i) => i.kind === kind).length;
  for (const [field, before, after] of [
    ['gallery_images', count('gallery'), gallery.kept.length + form.gallery.length],
    ['hotel_images', count('hotel'), hotel.kept.length + form.hotel.length],
  ] as const) {
    const replaced =
      field === 'gallery_images' ? gallery.drop.length + form.gallery.length : hotel.drop.length + form.hotel.length;
    if (replaced) changes[field] = [before, after];
  }
  return { removed, changes };
}
