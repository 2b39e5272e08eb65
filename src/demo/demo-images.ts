/** Renders the demo catalogue's pictures (SVG scenes) to WebP files under UPLOAD_DIR. */
import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import sharp from 'sharp';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../config/file-modes';
import { IMAGE_WIDTHS, variantPath } from '../media/image-variants';
import { DERIVED_IMAGE_SUFFIXES, DerivedImageName, derivedImagePath } from '../../shared/images';
import { DemoDestination, DemoImage } from './demo-catalogue.data';
import { tinted } from './scenes/palettes';
import { sceneSvg } from './scenes/scenes';

export const SEED_FOLDER = 'seed';
export const MAIN_SIZE = { width: 1600, height: 800 } as const;
export const PHOTO_SIZE = { width: 1200, height: 800 } as const;
const WEBP = { quality: 75, effort: 2 } as const;
/** Scenes rendered at once: about the thread pool's size, so memory stays at a few raw frames. */
const PARALLEL = 4;

export interface ImageJob {
  /** Relative to UPLOAD_DIR, e.g. seed/cancun-gallery-2.webp. */
  path: string;
  picture: DemoImage;
  accent: string;
  width: number;
  height: number;
  /** Varies the tint and composition between pictures of one destination. */
  index: number;
}

export interface DestinationImages {
  main: ImageJob;
  gallery: ImageJob[];
  hotel: ImageJob[];
}

export function demoImagePlan(d: DemoDestination): DestinationImages {
  const job = (name: string, picture: DemoImage, index: number, size: { width: number; height: number }): ImageJob => ({
    path: `${SEED_FOLDER}/${d.slug}-${name}.webp`,
    picture,
    accent: d.accent,
    index,
    ...size,
  });
  return {
    main: job('main', d.main, 0, MAIN_SIZE),
    gallery: d.gallery.map((p, i) => job(`gallery-${i + 1}`, p, i + 1, PHOTO_SIZE)),
    hotel: d.hotel.map((p, i) => job(`hotel-${i + 1}`, p, i + 10, PHOTO_SIZE)),
  };
}

/** The stored file and its smaller siblings (-800w, -400w), as uploads have them. */
export function filesOf(job: ImageJob): Array<{ path: string; width: number }> {
  return [
    { path: job.path, width: job.width },
    ...IMAGE_WIDTHS.filter((w) => w < job.width).map((w) => ({ path: variantPath(job.path, w), width: w })),
  ];
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** Written beside the target under a dot-name (which the static server refuses), then renamed: never half a file. */
async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const temp = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, bytes, { mode: PRIVATE_FILE_MODE });
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/** Renders one picture unless all its files are there already (a previous seed); returns whether it rendered. */
async function renderJob(uploadDir: string, job: ImageJob): Promise<boolean> {
  const files = filesOf(job);
  const present = await Promise.all(files.map((f) => exists(join(uploadDir, f.path))));
  if (present.every(Boolean)) return false;
  const palette = tinted(job.picture.palette, job.accent, 0.08 + 0.05 * (job.index % 3));
  const svg = sceneSvg({ kind: job.picture.scene, width: job.width, height: job.height, palette, seed: job.path });
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const frame = { raw: { width: info.width, height: info.height, channels: info.channels } };
  await Promise.all(
    files.map(async (f) => {
      const image = sharp(data, frame);
      if (f.width < job.width) image.resize({ width: f.width });
      await writeAtomically(join(uploadDir, f.path), await image.webp(WEBP).toBuffer());
    }),
  );
  return true;
}

/**
 * The demo pictures of one seed: rendered a few at a time, the missing ones only (files a previous
 * seed left are reused). A picture asked for before its turn (`ready`) is rendered at once, and each
 * is rendered once however many ask.
 */
export class DemoPictures {
  private readonly runs = new Map<ImageJob, Promise<boolean>>();
  private readonly byFile = new Map<string, ImageJob>();
  private stopped = false;

  constructor(
    private readonly uploadDir: string,
    private readonly jobs: ImageJob[],
  ) {
    for (const job of jobs) {
      for (const f of filesOf(job)) this.byFile.set(f.path, job);
      // The images the server derives on request (a phone's portrait crop, a link preview) need the picture first.
      for (const name of Object.keys(DERIVED_IMAGE_SUFFIXES) as DerivedImageName[]) {
        const derived = derivedImagePath(job.path, name);
        if (derived) this.byFile.set(derived, job);
      }
    }
  }

  /**
   * Renders every picture not rendered yet; resolves to how many were rendered rather than reused.
   * A picture that fails does not stop the others: the first failure is thrown once all have run.
   */
  async renderAll(): Promise<number> {
    let next = 0;
    let rendered = 0;
    const failures: unknown[] = [];
    const worker = async () => {
      while (next < this.jobs.length && !this.stopped) {
        const job = this.jobs[next];
        next += 1;
        try {
          if (await this.run(job)) rendered += 1;
        } catch (err) {
          failures.push(err);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, this.jobs.length) }, worker));
    if (failures.length > 0) throw failures[0];
    return rendered;
  }

  /** Takes no further picture (at shutdown); resolves once those being rendered are written. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled(this.runs.values());
  }

  /**
   * When `file` (relative to UPLOAD_DIR) is one of these pictures, a smaller copy or an image derived
   * from one: once the picture is on disk (it may have failed: the caller serves what is there).
   */
  ready(file: string): Promise<void> | null {
    const job = this.byFile.get(file);
    return job ? this.run(job).then(() => undefined) : null;
  }

  private run(job: ImageJob): Promise<boolean> {
    let run = this.runs.get(job);
    if (!run) {
      run = mkdir(join(this.uploadDir, SEED_FOLDER), { recursive: true, mode: PRIVATE_DIR_MODE }).then(() =>
        renderJob(this.uploadDir, job),
      );
      this.runs.set(job, run);
    }
    return run;
  }
}
