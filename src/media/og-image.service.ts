import { randomBytes } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import sharp from 'sharp';
import { AppConfig } from '../config/app-config';
import { IMAGE_MAX_PIXELS } from '../shared/rules/destination';
import { OG_IMAGE_SIZE } from '../shared/images';

/** `folder/name-og.jpg`, named after a stored `folder/name.webp`; nothing else (no dot-files, no `..`). */
export const OG_IMAGE_PATTERN = /^([a-z0-9-]{1,64})\/([a-z0-9-]{1,100})-og\.jpg$/;

/**
 * Makes the link-preview JPEG (1200×630, cropped to the picture's most interesting part) of a
 * stored image the first time it is asked for, and keeps it beside the image, so its URL is stable
 * and every later request is a plain file read. Under 300 KB, the limit some messaging apps set.
 */
@Injectable()
export class OgImageService {
  private readonly logger = new Logger(OgImageService.name);
  private readonly inFlight = new Map<string, Promise<string | null>>();

  constructor(private readonly config: AppConfig) {}

  /** The absolute file of `path` (relative to UPLOAD_DIR), made if needed; null when there is no such image. */
  async file(path: string): Promise<string | null> {
    const match = OG_IMAGE_PATTERN.exec(path);
    if (!match || /-\d+w$/.test(match[2])) return null;
    const target = join(this.config.uploadDir, path);
    if (await isFile(target)) return target;
    const source = join(this.config.uploadDir, match[1], `${match[2]}.webp`);
    let pending = this.inFlight.get(target);
    if (!pending) {
      pending = this.render(source, target).finally(() => this.inFlight.delete(target));
      this.inFlight.set(target, pending);
    }
    return pending;
  }

  private async render(source: string, target: string): Promise<string | null> {
    if (!(await isFile(source))) return null;
    // A dot-name the static server refuses, renamed into place: never half a file.
    const temp = join(target, '..', `.${randomBytes(6).toString('hex')}.og.tmp`);
    try {
      await sharp(source, { limitInputPixels: IMAGE_MAX_PIXELS })
        .resize({ ...OG_IMAGE_SIZE, fit: 'cover', position: sharp.strategy.attention })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 80, mozjpeg: true })
        .toFile(temp);
      await rename(temp, target);
      return target;
    } catch (err) {
      await rm(temp, { force: true });
      this.logger.warn(`link-preview image of ${source} could not be made: ${(err as Error).message}`);
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
