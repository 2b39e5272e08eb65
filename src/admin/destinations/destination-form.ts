import { BadRequestException } from '@nestjs/common';
import { ADMIN_WRITABLE_FIELDS } from '../../../shared/api/admin';
import { FieldErrors } from '../../../shared/rules/form';
import {
  DESTINATION_MESSAGES,
  DESTINATION_RULES,
  DestinationImageField,
  imageLabel,
} from '../../../shared/rules/destination';
import { FormInput, FormSpec, UploadedFile } from '../../media/multipart-form';
import { ImageProblem, ImageStoreService } from '../../media/image-store.service';

export const DESTINATION_FORM: FormSpec = {
  fields: ADMIN_WRITABLE_FIELDS.destinations,
  files: ['main_image', 'gallery_images', 'hotel_images'],
};

const TEXT_FIELDS = ['name', 'location', 'description', 'status'] as const;

/** The checked content of a destination form. Absent fields are undefined (left unchanged on PUT). */
export interface DestinationForm {
  values: { name?: string; location?: string; description?: string; status?: string; is_priority?: boolean };
  main?: UploadedFile;
  gallery: UploadedFile[];
  hotel: UploadedFile[];
  /** Ids of the existing images to keep; undefined = leave the list as it is (JSON without the key). */
  keepGallery?: number[];
  keepHotel?: number[];
}

function single(form: FormInput, name: string, errors: FieldErrors): unknown {
  const values = form.fields[name];
  if (!values) return undefined;
  if (values.length > 1) errors[name] = `Field "${name}" must be sent once.`;
  return values[0];
}

function toBool(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (/^(true|1|on)$/i.test(value)) return true;
  if (/^(false|0|off)$/i.test(value)) return false;
  return value;
}

/** Repeated ids, a comma list or a JSON array; '' means "none". Null when malformed. */
function idList(values: unknown[]): number[] | null {
  const ids: number[] = [];
  for (const value of values) {
    let items: unknown[] = [value];
    if (typeof value === 'string') {
      const text = value.trim();
      if (text === '') continue;
      try {
        items = text.startsWith('[') ? (JSON.parse(text) as unknown[]) : text.split(',');
      } catch {
        return null;
      }
      if (!Array.isArray(items)) return null;
    }
    for (const item of items) {
      const n = typeof item === 'string' && /^\s*\d{1,10}\s*$/.test(item) ? Number(item) : item;
      if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) return null;
      ids.push(n);
    }
  }
  return [...new Set(ids)];
}

function keepList(
  form: FormInput,
  name: 'existing_image_ids' | 'existing_hotel_image_ids',
  errors: FieldErrors,
): number[] | undefined {
  const values = form.fields[name];
  // Multipart cannot send an empty list: there, no ids at all means "keep none" (the edit form sends every kept id).
  if (!values) return form.multipart ? [] : undefined;
  const ids = idList(values);
  if (!ids) errors[name] = `${name} must be a list of image ids.`;
  return ids ?? [];
}

/** Reads and validates the text fields of a destination form (400 with every field's message). */
export function parseDestinationForm(
  form: FormInput,
  mode: 'create' | 'update',
): { form: DestinationForm; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const raw: Record<string, unknown> = {};
  for (const name of TEXT_FIELDS) raw[name] = single(form, name, errors);
  raw.is_priority = toBool(single(form, 'is_priority', errors));
  for (const [field, rule] of Object.entries(DESTINATION_RULES)) {
    if (errors[field] || (mode === 'update' && raw[field] === undefined)) continue;
    const message = rule(raw[field], raw);
    if (message) errors[field] = message;
  }
  const main = form.files.main_image ?? [];
  if (main.length > 1) errors.main_image = 'Only one main image can be uploaded.';
  if (mode === 'create' && !main.length) errors.main_image = DESTINATION_MESSAGES.mainImageRequired;
  const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : undefined);
  return {
    errors,
    form: {
      values: {
        name: trim(raw.name),
        location: trim(raw.location),
        description: trim(raw.description),
        status: trim(raw.status),
        is_priority: raw.is_priority as boolean | undefined,
      },
      main: main[0],
      gallery: form.files.gallery_images ?? [],
      hotel: form.files.hotel_images ?? [],
      keepGallery: mode === 'update' ? keepList(form, 'existing_image_ids', errors) : undefined,
      keepHotel: mode === 'update' ? keepList(form, 'existing_hotel_image_ids', errors) : undefined,
    },
  };
}

/** The uploads in one order (main, gallery, hotel), with the field and N each message names. */
export function uploadsOf(
  form: DestinationForm,
): Array<{ field: DestinationImageField; n: number; file: UploadedFile }> {
  return [
    ...(form.main ? [{ field: 'main_image' as const, n: 1, file: form.main }] : []),
    ...form.gallery.map((file, i) => ({ field: 'gallery_images' as const, n: i + 1, file })),
    ...form.hotel.map((file, i) => ({ field: 'hotel_images' as const, n: i + 1, file })),
  ];
}

const PROBLEM_MESSAGES: Record<ImageProblem, (label: string) => string> = {
  format: DESTINATION_MESSAGES.imageFormat,
  size: DESTINATION_MESSAGES.imageSize,
  dimensions: DESTINATION_MESSAGES.imageDimensions,
};

/** Checks every upload by its bytes and adds the per-image messages ('Gallery image 2 …') to `errors`. */
export async function checkUploads(
  form: DestinationForm,
  images: ImageStoreService,
  errors: FieldErrors,
): Promise<string[]> {
  const messages: string[] = [];
  let sizeProblem = false;
  for (const upload of uploadsOf(form)) {
    const problem = await images.inspect(upload.file.bytes, upload.file.truncated);
    if (!problem) continue;
    sizeProblem ||= problem === 'size';
    const message = PROBLEM_MESSAGES[problem](imageLabel(upload.field, upload.n));
    messages.push(message);
    errors[upload.field] ??= message;
  }
  if (sizeProblem) errors.image_size = DESTINATION_MESSAGES.imageSizeGeneral;
  return messages;
}

/** 400 with the form's errors; when a file is too large the general size message leads. */
export function formError(errors: FieldErrors, imageMessages: string[] = []): BadRequestException {
  const message = errors.image_size ?? Object.values(errors)[0];
  return new BadRequestException({ message, errors, ...(imageMessages.length ? { image_errors: imageMessages } : {}) });
}
