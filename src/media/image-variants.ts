import { IMAGE_WIDTHS, ogImagePath, variantPath } from '../shared/images';

export { IMAGE_MAIN_WIDTH, IMAGE_WIDTHS, variantPath } from '../shared/images';

/** Names this module gives to files it writes: folder/<32 hex>.webp. */
export const STORED_IMAGE_PATTERN = /^[a-z0-9-]+\/[0-9a-f]{32}\.webp$/;

/** Every file of a stored image: the main file, its smaller variants and its link-preview JPEG. */
export function allVariantPaths(path: string): string[] {
  const og = ogImagePath(path);
  return [...IMAGE_WIDTHS.map((w) => variantPath(path, w)), ...(og ? [og] : [])];
}
