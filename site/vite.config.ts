import { fileURLToPath, URL } from 'node:url';
import { mergeConfig, type UserConfig } from 'vite';
import { spaConfig } from '../vite.base';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Two builds from one config: the browser bundle (dist/) and, with `--ssr`, the server renderer
 * (dist-ssr/entry-server.cjs) that the Nest process loads once. The renderer bundles its
 * dependencies (React, react-router) so it runs from the production image, where dev dependencies
 * are pruned, and is CommonJS because the server is.
 */
export default ({ isSsrBuild }: { isSsrBuild?: boolean }): UserConfig => {
  const base = spaConfig({ root, base: '/', devPort: 5173 });
  // The manifest (dist/.vite/manifest.json) tells the server renderer each page's chunks and styles.
  if (!isSsrBuild) return mergeConfig(base, { build: { manifest: true } } satisfies UserConfig);
  return mergeConfig(base, {
    ssr: { noExternal: true, target: 'node' },
    // React's production build on the server whatever NODE_ENV the server runs with.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: 'dist-ssr',
      emptyOutDir: true,
      copyPublicDir: false,
      rollupOptions: { output: { format: 'cjs', entryFileNames: 'entry-server.cjs', codeSplitting: false } },
    },
  } satisfies UserConfig);
};
