import { ogImagePath, OG_IMAGE_SIZE } from '@shared/images';
import type { HeadImage } from '@shared/seo/head';

/** A stored picture's link-preview JPEG (made by the server); undefined (the site's default) when there is none. */
export function previewImage(image: string | null | undefined, alt: string): HeadImage | undefined {
  const url = ogImagePath(image);
  return url ? { url, ...OG_IMAGE_SIZE, alt, type: 'image/jpeg' } : undefined;
}
