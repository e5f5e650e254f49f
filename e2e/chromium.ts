import { existsSync } from 'node:fs';

/**
 * How this project launches Chromium, in one place for the e2e suite and the benchmarks:
 * Debian's binaries (no browser download works here) with the flags that keep it off the
 * closed network.
 */

/** Debian's Chromium, the browser a student opens: the benchmarks measure the page in it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The e2e suite's browser: Debian's `chromium-headless-shell` (the same Blink and V8 build,
 * without the browser's window machinery), as Playwright itself runs headless tests, when it is
 * installed (`.ci/run` installs it), else Debian's Chromium. Measured on the whole Chromium suite
 * (2 cores, 3 workers): 237 s against 326 s, every test passing in both.
 */
const SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const E2E_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(SHELL) ? SHELL : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The laptop size the e2e suite runs at. */
export const VIEWPORT = { width: 1366, height: 768 };
