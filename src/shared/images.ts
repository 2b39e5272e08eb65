/**
 * How stored images are named (the server writes them, the pages point at them). An image is
 * stored as WebP in a few widths, never enlarged: the stored path names the largest, e.g.
 * `destinations/3f9c….webp`, and the others sit beside it as `3f9c…-800w.webp` and
 * `3f9c…-400w.webp`. Link previews get `3f9c…-og.jpg` (1200×630 JPEG, since not every preview
 * client reads WebP), made by the server on first request.
 */
export const IMAGE_WIDTHS = [1600, 800, 400] as const;
export const IMAGE_MAIN_WIDTH = IMAGE_WIDTHS[0];
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export function variantPath(path: string, width: number): string {
  return width === IMAGE_MAIN_WIDTH ? path : path.replace(/\.webp$/, `-${width}w.webp`);
}

const STORED_WEBP = /^(.*\/[a-z0-9-]+)\.webp$/;

/** The link-preview JPEG of a stored image (path or /uploads URL), or null when it is not one of ours. */
export function ogImagePath(path: string | null | undefined): string | null {
  const match = path ? STORED_WEBP.exec(path) : null;
  return match && !/-\d+w$/.test(match[1]) ? `${match[1]}-og.jpg` : null;
}
