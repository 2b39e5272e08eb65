import {
  DESTINATION_MESSAGES,
  imageFileProblem,
  imageLabel,
  type DestinationImageField,
} from '@shared/rules/destination';
import type { Validator } from 'react-admin';
import type { ImageValue } from '../common/destinationForm';

/** Checks newly chosen files before upload (type and 2 MB), with the spec's messages. */
export function imagesRule(field: DestinationImageField, required = false): Validator {
  const validator = ((value: ImageValue | ImageValue[] | null | undefined) => {
    const images = Array.isArray(value) ? value : value ? [value] : [];
    if (required && !images.length) return DESTINATION_MESSAGES.mainImageRequired;
    const problems = images
      .map((image, i) => (image.rawFile ? imageFileProblem(image.rawFile, imageLabel(field, i + 1)) : undefined))
      .filter((p): p is string => Boolean(p));
    if (!problems.length) return undefined;
    const sizeProblem = images.some((img) => img.rawFile && img.rawFile.size > 2_097_152);
    return [
      ...problems,
      ...(sizeProblem && field === 'hotel_images' ? [DESTINATION_MESSAGES.imageSizeGeneral] : []),
    ].join(' ');
  }) as Validator & { isRequired?: boolean };
  validator.isRequired = required;
  return validator;
}
