/**
 * How stored images are named (the server writes them, the pages point at them). An image is
 * stored as WebP in a few widths, never enlarged: the stored path names the largest, e.g.
 * `destinations/3f9c….webp`, and the others sit beside it as `3f9c…-800w.webp` and
 * `3f9c…-400w.webp`. Two derived images are made by the server on first request: link previews get
 * `3f9c…-og.jpg` (1200×630 JPEG, since not every preview client reads WebP), and phones held upright
 * get `3f9c…-portrait.webp` (600×800) for a picture that covers a tall box, such as a page's hero:
 * the part of the picture a phone shows, instead of a 1,600 px wide image cropped on screen.
 */
export const IMAGE_WIDTHS = [1600, 800, 400] as const;
export const IMAGE_MAIN_WIDTH = IMAGE_WIDTHS[0];
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;
export const PORTRAIT_IMAGE_SIZE = { width: 600, height: 800 } as const;
/**
 * Where a covering picture shows its portrait crop instead of the full picture: phones held upright,
 * whose hero boxes (about 390×540) the crop fills at the sharpness the 1,600 px picture gave them. A
 * tablet's wider box would stretch it, so tablets keep the full picture.
 */
export const PORTRAIT_MEDIA = '(max-width: 480px) and (orientation: portrait)';

export function variantPath(path: string, width: number): string {
  return width === IMAGE_MAIN_WIDTH ? path : path.replace(/\.webp$/, `-${width}w.webp`);
}

/** The images the server derives from a stored `name.webp`, named by the suffix that replaces `.webp`. */
export const DERIVED_IMAGE_SUFFIXES = { og: '-og.jpg', portrait: '-portrait.webp' } as const;
export type DerivedImageName = keyof typeof DERIVED_IMAGE_SUFFIXES;

const STORED_WEBP = /^(.*\/[a-z0-9-]+)\.webp$/;
/** A width variant or a derived image is never the source of a derived image. */
const NOT_A_SOURCE = new RegExp(`-(\\d+w|${Object.keys(DERIVED_IMAGE_SUFFIXES).join('|')})$`);

/** The `name` image derived from a stored image (path or /uploads URL), or null when it is not one of ours. */
export function derivedImagePath(path: string | null | undefined, name: DerivedImageName): string | null {
  const match = path ? STORED_WEBP.exec(path) : null;
  return match && !NOT_A_SOURCE.test(match[1]) ? `${match[1]}${DERIVED_IMAGE_SUFFIXES[name]}` : null;
}

/** The link-preview JPEG of a stored image (path or /uploads URL), or null when it is not one of ours. */
export const ogImagePath = (path: string | null | undefined): string | null => derivedImagePath(path, 'og');

/** The portrait crop of a stored image (path or /uploads URL), or null when it is not one of ours. */
export const portraitImagePath = (path: string | null | undefined): string | null => derivedImagePath(path, 'portrait');
