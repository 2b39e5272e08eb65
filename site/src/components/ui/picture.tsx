import { IMAGE_WIDTHS, variantPath } from '@shared/images';
import type { ImgHTMLAttributes } from 'react';

/** The server stores uploads as WebP at full size plus smaller siblings (see @shared/images). */
const STORED_WEBP = /^\/uploads\/.+\.webp$/;
export const PLACEHOLDER_IMAGE = '/img/placeholder.svg';

export function imageSrcSet(src: string): string | undefined {
  if (!STORED_WEBP.test(src)) return undefined;
  return [...IMAGE_WIDTHS]
    .reverse()
    .map((w) => `${variantPath(src, w)} ${w}w`)
    .join(', ');
}

type PictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height'> & {
  src: string | null | undefined;
  alt: string;
  /** Intrinsic size (reserves the space, so nothing shifts when the image arrives). */
  width: number;
  height: number;
  /** Above the fold: load at once; otherwise lazily. */
  eager?: boolean;
  /**
   * The page's largest picture (its LCP element): fetched first, with high priority (and a preload
   * that React puts in the head). One per page, or the pictures share the bandwidth it needs.
   */
  highPriority?: boolean;
};

/** An image in the WebP widths the server made, sized and lazy below the fold. */
export function Picture({
  src,
  alt,
  width,
  height,
  eager = false,
  highPriority = false,
  sizes = '100vw',
  ...rest
}: PictureProps) {
  const url = src || PLACEHOLDER_IMAGE;
  return (
    <img
      src={url}
      srcSet={imageSrcSet(url)}
      sizes={imageSrcSet(url) ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager || highPriority ? 'eager' : 'lazy'}
      decoding={eager || highPriority ? 'auto' : 'async'}
      fetchPriority={highPriority ? 'high' : undefined}
      {...rest}
    />
  );
}
