import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import sharp from 'sharp';
import { AppConfig } from '../config/app-config';
import { PRIVATE_DIR_MODE } from '../config/file-modes';
import { IMAGE_MAX_PIXELS } from '../../shared/rules/destination';
import { sniffImageFormat } from './image-format';
import { allVariantPaths, IMAGE_WIDTHS, STORED_IMAGE_PATTERN, variantPath } from './image-variants';

export type ImageProblem = 'format' | 'size' | 'dimensions';

/** Re-encoding failed for the image at `index` (valid header, broken data): the caller answers 400. */
export class ImageDecodeError extends Error {
  constructor(readonly index: number) {
    super(`image ${index} could not be decoded`);
  }
}

/** Files written under the staging folder, not yet visible; `paths` are the final stored paths. */
export interface StagedImages {
  paths: string[];
  moves: Array<{ from: string; to: string }>;
}

const STAGING = '.staging';
const STAGING_MAX_AGE_MS = 3600_000;

/**
 * Stores uploaded images: checks their bytes, re-encodes them to WebP in a few widths (dropping
 * EXIF and anything hidden in the original), and saves them in two steps: stage (invisible, under
 * a dot-folder the static server refuses) before the database transaction, commit (rename into
 * place) after it. A failed save discards the staged files; removed images lose their files only
 * after the commit that removed their rows.
 */
@Injectable()
export class ImageStoreService {
  private readonly logger = new Logger(ImageStoreService.name);

  constructor(private readonly config: AppConfig) {}

  /** Checks one upload by its bytes; null when it can be stored. Writes nothing. */
  async inspect(bytes: Buffer, truncated: boolean): Promise<ImageProblem | null> {
    const format = sniffImageFormat(bytes);
    if (!format) return 'format';
    if (truncated) return 'size';
    try {
      const meta = await sharp(bytes).metadata();
      if (meta.format !== format) return 'format';
      if (!meta.width || !meta.height) return 'format';
      if (meta.width * meta.height > IMAGE_MAX_PIXELS) return 'dimensions';
    } catch {
      return 'format';
    }
    return null;
  }

  /** Re-encodes and writes each image into staging. On any failure nothing staged is left behind. */
  async stage(images: Buffer[], folder: string): Promise<StagedImages> {
    const staged: StagedImages = { paths: [], moves: [] };
    if (!images.length) return staged;
    await mkdir(this.abs(STAGING), { recursive: true, mode: PRIVATE_DIR_MODE });
    await mkdir(this.abs(folder), { recursive: true, mode: PRIVATE_DIR_MODE });
    try {
      for (let index = 0; index < images.length; index += 1) {
        const name = `${randomBytes(16).toString('hex')}.webp`;
        const path = `${folder}/${name}`;
        const moves = IMAGE_WIDTHS.map((width) => ({
          width,
          from: this.abs(STAGING, variantPath(name, width)),
          to: this.abs(variantPath(path, width)),
        }));
        staged.moves.push(...moves);
        try {
          const source = sharp(images[index], { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).rotate();
          for (const move of moves) {
            await source
              .clone()
              .resize({ width: move.width, withoutEnlargement: true })
              .webp({ quality: 80 })
              .toFile(move.from);
          }
        } catch (err) {
          this.logger.warn(`image ${index} refused while re-encoding: ${(err as Error).message}`);
          throw new ImageDecodeError(index);
        }
        staged.paths.push(path);
      }
      return staged;
    } catch (err) {
      await this.discard(staged);
      throw err;
    }
  }

  /** Moves staged files into place (after the database commit, so a failure here is logged, not thrown). */
  async commit(staged: StagedImages): Promise<void> {
    const results = await Promise.allSettled(staged.moves.map((m) => rename(m.from, m.to)));
    results.forEach((r, i) => {
      if (r.status === 'rejected')
        this.logger.error(`could not move ${staged.moves[i].from} into place: ${(r.reason as Error).message}`);
    });
  }

  async discard(staged: StagedImages): Promise<void> {
    await Promise.all(staged.moves.map((m) => rm(m.from, { force: true })));
  }

  /** Deletes stored images and their variants; only files this service named, inside UPLOAD_DIR. */
  async removeStored(paths: Array<string | null | undefined>): Promise<void> {
    const files = paths.filter((p): p is string => !!p && STORED_IMAGE_PATTERN.test(p)).flatMap(allVariantPaths);
    const results = await Promise.allSettled(files.map((f) => rm(this.abs(f), { force: true })));
    results.forEach((r, i) => {
      if (r.status === 'rejected') this.logger.error(`could not delete ${files[i]}: ${(r.reason as Error).message}`);
    });
  }

  /** Staged files older than an hour belong to saves that crashed midway. */
  async sweepStaging(): Promise<void> {
    const dir = this.abs(STAGING);
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const file = join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && Date.now() - info.mtimeMs > STAGING_MAX_AGE_MS) await rm(file, { force: true });
    }
  }

  private abs(...parts: string[]): string {
    const root = resolve(this.config.uploadDir);
    const full = resolve(root, ...parts);
    if (!full.startsWith(root + sep)) throw new Error(`path escapes the upload folder: ${parts.join('/')}`);
    return full;
  }
}
