import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH, VIEWPORT } from './e2e/chromium';

/**
 * E2E in Debian's Chromium (no browser download works here), against the static build a
 * teacher would host (e2e/serve.ts serves dist/ as a plain static host). CI forbids `.only`
 * and keeps a trace on retry.
 */

/** The static server's port; `E2E_PORT` lets two checkouts run their suites at once. */
const PORT = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Three on two cores: the crash loop (~1 min) mostly waits on its seeded kills, and a third
  // worker uses the CPU it leaves. The Chromium suite took 4.2 min with 3, 4.9 with 2 (fresh
  // clone, 2026-12-07); with 194 smaller tests 4 had been no faster than 2.
  workers: 3,
  forbidOnly: !!process.env.CI,
  // No retries: a flake is a bug to fix, not to hide.
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    trace: 'on-first-retry',
    // No service worker unless a spec asks for one (offline, CSP, the origin check): each
    // would precache the whole build in every fresh context, CPU the other tests need.
    serviceWorkers: 'block',
    launchOptions: { executablePath: E2E_CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'laptop', use: { browserName: 'chromium', viewport: VIEWPORT } }],
  webServer: {
    // `npm test` builds dist/ once for both browsers (E2E_BUILT); alone, the suite builds it itself.
    command: `${process.env.E2E_BUILT ? '' : 'npx vite build --logLevel warn && '}node --import tsx e2e/serve.ts ${PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
