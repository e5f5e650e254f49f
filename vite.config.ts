/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { contentSecurityPolicy } from './build/csp.ts';

// base './' so the static build in dist/ works from any folder a teacher hosts it in.
export default defineConfig({
  base: './',
  plugins: [
    react(),
    contentSecurityPolicy(),
    // Offline after the first visit: a Workbox service worker precaches every file of the build,
    // the lazily loaded chunks too. Registered by src/offline.ts (no inline script, CSP), not here.
    VitePWA({
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,json,txt}'],
        // `?lesson=`, `?compare=` and the rest are one page: any navigation offline gets index.html.
        navigateFallback: 'index.html',
        // The first visit's page is taken under control at once; an update waits until every tab
        // of the old build is closed, so an open lesson never asks for a chunk the update removed.
        clientsClaim: true,
        skipWaiting: false,
      },
    }),
  ],
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
