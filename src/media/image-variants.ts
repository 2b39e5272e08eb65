/**
 * Uploaded images are re-encoded as WebP in these widths (never enlarged). The stored path names
 * the largest, e.g. `destinations/3f9c….webp`; the others sit beside it as `3f9c…-800w.webp` and
 * `3f9c…-400w.webp`, so a page can build a srcset from the one stored path.
 */
export const IMAGE_WIDTHS = [1600, 800, 400] as const;
export const IMAGE_MAIN_WIDTH = IMAGE_WIDTHS[0];

/** Names this module gives to files it writes: folder/<32 hex>.webp. */
export const STORED_IMAGE_PATTERN = /^[a-z0-9-]+\/[0-9a-f]{32}\.webp$/;

export function variantPath(path: string, width: number): string {
  return width === IMAGE_MAIN_WIDTH ? path : path.replace(/\.webp$/, `-${width}w.webp`);
}

/** Every file of a stored image (the main file and its smaller variants). */
export function allVariantPaths(path: string): string[] {
  return IMAGE_WIDTHS.map((w) => variantPath(path, w));
}
