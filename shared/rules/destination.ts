/** Destination form, its images and its things to do. */
import { DESTINATION_STATUSES, LIMITS } from '../limits';
import { requiredLine, requiredText } from './admin-fields';
import { oneOf, optionalBoolean, whenSent } from './form';

/** A sane cap so one destination cannot hold thousands of files. */
export const DESTINATION_MAX_IMAGES_PER_KIND = 20;
/** Decoding bombs: a small file can claim a huge canvas. 40 megapixels is far above 1900x900. */
export const IMAGE_MAX_PIXELS = 40_000_000;

export type DestinationImageField = 'main_image' | 'gallery_images' | 'hotel_images';

const MAX_MB = LIMITS.image.maxBytes / 1024 / 1024;

export const DESTINATION_MESSAGES = {
  invalidStatus: `Invalid status. Allowed values: ${DESTINATION_STATUSES.join(', ')}.`,
  mainImageRequired: 'Main image is required',
  imageSizeGeneral: `Image size must not exceed ${MAX_MB}MB.`,
  tooManyImages: (field: 'gallery_images' | 'hotel_images') =>
    `A destination can have at most ${DESTINATION_MAX_IMAGES_PER_KIND} ${field === 'gallery_images' ? 'gallery' : 'hotel'} images.`,
  imageFormat: (label: string) => `${label} has invalid format. Allowed formats: JPG, PNG, WEBP.`,
  imageSize: (label: string) => `${label} must be less than ${MAX_MB}MB.`,
  imageDimensions: (label: string) => `${label} is too large: at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`,
  unknownImageIds: (field: string) => `${field} contains images that do not belong to this destination.`,
  hasLeads: 'This destination has leads and cannot be deleted. Reassign or delete its leads first.',
  thingsToDoFull: `A destination can have at most ${LIMITS.thingsToDo.perDestination} things to do.`,
} as const;

/** 'Main image', 'Gallery image 2', 'Hotel image 1' (N counts from 1 within its field). */
export function imageLabel(field: DestinationImageField, n: number): string {
  if (field === 'main_image') return 'Main image';
  return `${field === 'gallery_images' ? 'Gallery' : 'Hotel'} image ${n}`;
}

/** The browser-side check of a chosen file (type and size as the browser reports them). */
export function imageFileProblem(file: { type: string; size: number }, label: string): string | undefined {
  if (!(LIMITS.image.types as readonly string[]).includes(file.type)) return DESTINATION_MESSAGES.imageFormat(label);
  if (file.size > LIMITS.image.maxBytes) return DESTINATION_MESSAGES.imageSize(label);
  return undefined;
}

export const DESTINATION_RULES = {
  name: requiredLine('Name', LIMITS.destination.name),
  location: requiredLine('Location', LIMITS.destination.location),
  description: requiredText('Description', LIMITS.destination.description),
  status: whenSent(oneOf(DESTINATION_STATUSES, DESTINATION_MESSAGES.invalidStatus)),
  is_priority: optionalBoolean('Priority'),
};

export const THING_TO_DO_RULES = {
  title: requiredLine('Title', LIMITS.thingsToDo.title),
  description: requiredText('Description', LIMITS.thingsToDo.description),
};
