/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// base './' so the static build in dist/ works from any folder a teacher hosts it in.
export default defineConfig({
  base: './',
  plugins: [react()],
  // One chunk of ~570 kB raw (React Flow and React are most of it); `npm run bench` holds its
  // gzip size against a minimal app of the same dependencies instead of this warning.
  build: { chunkSizeWarningLimit: 700 },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    setupFiles: ['fake-indexeddb/auto'],
    // Property tests run hundreds of seeded cases: seconds alone, more on two busy cores.
    testTimeout: 30_000,
  },
});
