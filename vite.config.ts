/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { contentSecurityPolicy } from './build/csp.ts';
import { preloadDynamicEntry } from './build/preload.ts';

// base './' so the static build in dist/ works from any folder a teacher hosts it in.
export default defineConfig({
  base: './',
  // The engine package as source (its `exports` name the build in its dist/, for those who install it).
  resolve: {
    // The simulator's entry first: an alias also matches its key followed by a path.
    alias: {
      'harness-core/sim': fileURLToPath(new URL('packages/harness-core/src/sim.ts', import.meta.url)),
      'harness-core': fileURLToPath(new URL('packages/harness-core/src/index.ts', import.meta.url)),
    },
  },
  plugins: [
    react(),
    contentSecurityPolicy(),
    // src/start.tsx, the page's React half: fetched with the entry (build/preload.ts).
    preloadDynamicEntry('src/start.tsx'),
    // Offline after the first visit: a Workbox service worker precaches every file of the build,
    // the lazily loaded chunks too. Registered by src/offline.ts (no inline script, CSP), not here.
    VitePWA({
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,json,txt}'],
        // `?lesson=`, `?compare=` and the rest are one page: any navigation offline gets index.html.
        navigateFallback: 'index.html',
        // Only the page itself (its folder, or index.html, with any query): a teacher's file under
        // the site (a challenge JSON, a handout) is fetched as itself, not answered with the page.
        navigateFallbackAllowlist: [/\/(index\.html)?(\?.*)?$/],
        // The first visit's page is taken under control at once; an update waits (an open lesson
        // never asks for a chunk the update removed) until the page's "new version" button
        // (src/offline.ts, UpdateReady) or the closing of every tab of the old build.
        clientsClaim: true,
        skipWaiting: false,
      },
    }),
  ],
  // Three first chunks of ~190-260 kB raw (the entry, react-dom, the React half with React Flow);
  // `npm run bench` holds their gzip size against a minimal app of the same dependencies.
  build: {
    chunkSizeWarningLimit: 700,
    // Every browser the page supports has <link rel="modulepreload"> (Chromium 66, Firefox 115, Safari 17).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // What the first screen needs in three chunks (groups below), not a dozen small ones split
      // by which lazy chunk also uses them: the first screen fetches what it needs at once.
      output: {
        codeSplitting: {
          groups: [
            { name: 'page', tags: ['$initial'], priority: 3 },
            // react-dom, and the page's React half with all else it imports: main.tsx imports each a task
            // after the one before (build/preload.ts names them in index.html).
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'start', test: /[\\/]src[\\/]start\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    environment: 'node',
    // Both dictionaries, as the page has the one it shows (src/i18n/all.ts).
    setupFiles: ['fake-indexeddb/auto', './src/persistence/freshIndexedDB.setup.ts', './src/i18n/all.ts'],
    // Property tests run hundreds of seeded cases: seconds alone, more on two busy cores.
    testTimeout: 30_000,
    // Every core: Vitest's default leaves one free, which on these two-core machines is half.
    maxWorkers: availableParallelism(),
    // A worker's files share one module graph (26 s against 37-43 s for npm test's unit step):
    // no test may lean on another file's leftovers, and each file gets a fresh fake IndexedDB
    // (src/persistence/freshIndexedDB.setup.ts). Order is checked with --sequence.shuffle.files.
    isolate: false,
  },
});
