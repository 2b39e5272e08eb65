import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
      '@session': fileURLToPath(new URL('./web/session', import.meta.url)),
    },
  },
  test: {
    include: ['site/src/**/*.test.{ts,tsx}', 'admin/src/**/*.test.{ts,tsx}', 'web/**/*.test.ts'],
    environment: 'jsdom',
  },
});
