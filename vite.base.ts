import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, UserConfig } from 'vite';
import { precompress } from './vite-precompress';

const shared = fileURLToPath(new URL('./shared', import.meta.url));
const session = fileURLToPath(new URL('./web/session', import.meta.url));

/**
 * One Vite set-up for both front ends (site/ and admin/): React, the @shared alias to the rules
 * the server also uses, the @session alias to the session client both share (web/session), a dev
 * proxy to the API, and hashed chunks under static/js and static/css (SPEC 2.1) that the server
 * caches immutably, each text file also written brotli- and gzip-compressed.
 */
export function spaConfig(options: { root: string; base: string; devPort: number }): UserConfig {
  return defineConfig({
    root: options.root,
    base: options.base,
    plugins: [react(), precompress()],
    resolve: { alias: { '@shared': shared, '@session': session } },
    server: {
      port: options.devPort,
      fs: { allow: ['..'] },
      proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      assetsDir: 'static',
      rollupOptions: {
        output: {
          entryFileNames: 'static/js/[name]-[hash].js',
          chunkFileNames: 'static/js/[name]-[hash].js',
          assetFileNames: (info) =>
            info.names?.some((n) => n.endsWith('.css'))
              ? 'static/css/[name]-[hash][extname]'
              : 'static/media/[name]-[hash][extname]',
        },
      },
    },
  });
}
