import { IMAGE_WIDTHS, PORTRAIT_IMAGE_SIZE, PORTRAIT_MEDIA, portraitImagePath, variantPath } from '@shared/images';
import type { ImgHTMLAttributes } from 'react';
import { preload } from 'react-dom';

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
  /**
   * The picture covers a box that is taller than wide on an upright phone (a page's hero): there it
   * shows the server's 600×800 portrait crop instead of cropping a 1,600 px wide picture on screen.
   */
  portrait?: boolean;
};

/** An image in the WebP widths the server made, sized and lazy below the fold. */
export function Picture({
  src,
  alt,
  width,
  height,
  eager = false,
  highPriority = false,
  portrait = false,
  sizes = '100vw',
  ...rest
}: PictureProps) {
  const url = src || PLACEHOLDER_IMAGE;
  const srcSet = imageSrcSet(url);
  const upright = portrait ? portraitImagePath(url) : null;
  const img = (
    <img
      src={url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager || highPriority ? 'eager' : 'lazy'}
      decoding={eager || highPriority ? 'auto' : 'async'}
      fetchPriority={highPriority ? 'high' : undefined}
      {...rest}
    />
  );
  if (!upright) return img;
  // React does not preload an image inside <picture> (the browser picks the source): a first-screen
  // picture gets one preload per source, each for the screens that will show it.
  if (eager || highPriority) {
    const fetchPriority = highPriority ? 'high' : undefined;
    preload(upright, { as: 'image', media: PORTRAIT_MEDIA, fetchPriority });
    preload(url, {
      as: 'image',
      imageSrcSet: srcSet,
      imageSizes: sizes,
      media: `not all and ${PORTRAIT_MEDIA}`,
      fetchPriority,
    });
  }
  return (
    <picture>
      <source
        media={PORTRAIT_MEDIA}
        srcSet={upright}
        width={PORTRAIT_IMAGE_SIZE.width}
        height={PORTRAIT_IMAGE_SIZE.height}
      />
      {img}
    </picture>
  );
}
