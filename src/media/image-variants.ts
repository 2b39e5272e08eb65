import { IMAGE_WIDTHS, ogImagePath, portraitImagePath, variantPath } from '../../shared/images';

export { IMAGE_MAIN_WIDTH, IMAGE_WIDTHS, variantPath } from '../../shared/images';

/** Names this module gives to files it writes: folder/<32 hex>.webp. */
export const STORED_IMAGE_PATTERN = /^[a-z0-9-]+\/[0-9a-f]{32}\.webp$/;

/** Every file of a stored image: the main file, its smaller variants and the images derived from it. */
export function allVariantPaths(path: string): string[] {
  const derived = [ogImagePath(path), portraitImagePath(path)].filter((p): p is string => p !== null);
  return [...IMAGE_WIDTHS.map((w) => variantPath(path, w)), ...derived];
}
