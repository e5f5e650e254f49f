import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The storage benchmark's page (bench/storage.ts): the real engine and persistence code from
 * ../../src, no React, built with the repo's vite and the app's `base`. `bench/storage.ts`
 * passes `--outDir` to a temporary folder; nothing is written here.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
});
