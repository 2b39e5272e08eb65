import { randomBytes } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import sharp, { type Sharp } from 'sharp';
import { AppConfig } from '../config/app-config';
import { IMAGE_MAX_PIXELS } from '../../shared/rules/destination';
import { DerivedImageName, derivedImagePath, OG_IMAGE_SIZE, PORTRAIT_IMAGE_SIZE } from '../../shared/images';

/** How the server makes an image derived from a stored one (its name: @shared/images). */
export interface DerivedImageKind {
  contentType: string;
  /** The pipeline from the stored image to this one (cropped to the picture's most interesting part). */
  render(image: Sharp): Sharp;
}

export const DERIVED_IMAGES = {
  /** The link preview: 1200×630 JPEG (not every preview client reads WebP), under the 300 KB some apps allow. */
  og: {
    contentType: 'image/jpeg',
    render: (image) =>
      image
        .resize({ ...OG_IMAGE_SIZE, fit: 'cover', position: sharp.strategy.attention })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 80, mozjpeg: true }),
  },
  /** What a phone held upright shows of a picture that covers a tall box (a page's hero): 600×800 WebP. */
  portrait: {
    contentType: 'image/webp',
    render: (image) =>
      image.resize({ ...PORTRAIT_IMAGE_SIZE, fit: 'cover', position: sharp.strategy.attention }).webp({ quality: 80 }),
  },
} satisfies Record<DerivedImageName, DerivedImageKind>;

/** `folder/name` of a stored image: no dot-files, no `..`. */
const STORED_NAME = /^[a-z0-9-]{1,64}\/[a-z0-9-]{1,100}$/;

/**
 * Makes a derived image of a stored image the first time it is asked for, and keeps it beside the
 * image, so its URL is stable and every later request is a plain file read. Concurrent first
 * requests share one rendering.
 */
@Injectable()
export class DerivedImageService {
  private readonly logger = new Logger(DerivedImageService.name);
  private readonly inFlight = new Map<string, Promise<string | null>>();

  constructor(private readonly config: AppConfig) {}

  /**
   * The absolute file of the `name` image derived from `folder/name` (relative to UPLOAD_DIR), made
   * if needed; null when there is no such stored image, or it has no such derived image.
   */
  async file(name: DerivedImageName, stored: string): Promise<string | null> {
    const path = STORED_NAME.test(stored) ? derivedImagePath(`${stored}.webp`, name) : null;
    if (!path) return null;
    const target = join(this.config.uploadDir, path);
    if (await isFile(target)) return target;
    let pending = this.inFlight.get(target);
    if (!pending) {
      const source = join(this.config.uploadDir, `${stored}.webp`);
      pending = this.render(name, source, target).finally(() => this.inFlight.delete(target));
      this.inFlight.set(target, pending);
    }
    return pending;
  }

  private async render(name: DerivedImageName, source: string, target: string): Promise<string | null> {
    if (!(await isFile(source))) return null;
    // A dot-name the static server refuses, renamed into place: never half a file.
    const temp = join(target, '..', `.${randomBytes(6).toString('hex')}.derived.tmp`);
    try {
      await DERIVED_IMAGES[name].render(sharp(source, { limitInputPixels: IMAGE_MAX_PIXELS })).toFile(temp);
      await rename(temp, target);
      return target;
    } catch (err) {
      await rm(temp, { force: true });
      this.logger.warn(`${name} image of ${source} could not be made: ${(err as Error).message}`);
      return null;
    }
  }
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}
