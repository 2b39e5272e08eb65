import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this the headers cost more than the compression saves. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) beside every text file of a
 * built front end, once at build time, so the server sends them as they are (@fastify/static
 * `preCompressed`) instead of compressing on every request. A copy that would not be smaller is
 * not written. Returns how many files were compressed.
 */
export async function precompressDir(dir: string): Promise<number> {
  let count = 0;
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const bytes = await readFile(file);
    if (bytes.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzipAsync(bytes, { level: 9 }),
    ]);
    if (br.length < bytes.length) await writeFile(`${file}.br`, br);
    if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}

/** The part of Vite's resolved config this plugin reads (typed here so the file needs no Vite types to compile). */
interface ResolvedConfig {
  root: string;
  build: { outDir: string; ssr: unknown };
}

/** The Vite side: after a client build (not the server-rendering build), compress its output folder. */
export function precompress() {
  let outDir = '';
  let skip = false;
  return {
    name: 'precompress',
    apply: 'build' as const,
    configResolved(config: ResolvedConfig) {
      outDir = resolve(config.root, config.build.outDir);
      skip = !!config.build.ssr;
    },
    async closeBundle() {
      if (skip || !(await stat(outDir).catch(() => null))) return;
      const count = await precompressDir(outDir);
      console.log(`precompressed ${count} files (brotli + gzip) in ${outDir}`);
    },
  };
}
