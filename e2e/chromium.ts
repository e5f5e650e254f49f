/**
 * How this project launches Chromium, in one place for the e2e suite and the benchmarks:
 * Debian's binary (no browser download works here) with the flags that keep it off the
 * closed network.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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
