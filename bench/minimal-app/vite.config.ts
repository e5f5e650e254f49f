import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The benchmark's baseline (bench/browser.ts): the smallest app of the simulator's runtime
 * dependencies, built with the repo's vite and the same plugin and `base` as the real app.
 * `bench/browser.ts` passes `--outDir` to a temporary folder; nothing is written here.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [react()],
  logLevel: 'warn',
});
