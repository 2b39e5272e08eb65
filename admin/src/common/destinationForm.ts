import type { AdminDestination, AdminImage } from '@shared/api/admin';

/** What react-admin's ImageInput holds: an existing image (id and URL) or a newly chosen file. */
export interface ImageValue {
  id?: number;
  src: string;
  title?: string;
  rawFile?: File;
}

export interface DestinationFormValues {
  name?: string;
  location?: string;
  description?: string;
  status?: string;
  is_priority?: boolean;
  main_picture?: ImageValue | null;
  gallery?: ImageValue[];
  hotel?: ImageValue[];
}

const asInput = (images: AdminImage[] | undefined): ImageValue[] =>
  (images ?? []).map((img) => ({ id: img.id, src: img.image, title: `#${img.id}` }));

/** Adds the image inputs' values to a destination read from the API. */
export function withImageInputs(record: AdminDestination) {
  return {
    ...record,
    main_picture: record.main_image ? { src: record.main_image, title: record.name } : null,
    gallery: asInput(record.gallery_images),
    hotel: asInput(record.hotel_images),
  };
}

/**
 * The multipart body of POST/PUT /api/admin/destinations: new files are uploaded, existing
 * images are kept by id (the server removes the ones no longer listed).
 */
export function destinationFormData(values: DestinationFormValues, editing: boolean): FormData {
  const form = new FormData();
  for (const key of ['name', 'location', 'description'] as const) form.append(key, values[key] ?? '');
  if (editing && values.status) form.append('status', values.status);
  if (values.is_priority !== undefined) form.append('is_priority', String(values.is_priority));
  if (values.main_picture?.rawFile) form.append('main_image', values.main_picture.rawFile);
  const images = [
    ['gallery', 'gallery_images', 'existing_image_ids'],
    ['hotel', 'hotel_images', 'existing_hotel_image_ids'],
  ] as const;
  for (const [input, files, existing] of images) {
    for (const image of values[input] ?? []) {
      if (image.rawFile) form.append(files, image.rawFile);
      else if (image.id && editing) form.append(existing, String(image.id));
    }
  }
  return form;
}
