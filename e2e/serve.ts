import { serveStatic } from './staticServer';

/**
 * The e2e suite's web server: the built site in dist/ as a plain static host serves it (no
 * compression, no fallback), on the port the config names. Vite's preview gzipped every file
 * of every cold load on the fly: 14 s of CPU a suite on two cores, for bytes that never leave
 * the machine. The hashed assets are cacheable, as a host serves a Vite build: a test's second
 * load in its context takes the scripts and their compiled code from the browser's cache
 * (Chromium's CPU over 10 loads of one context: 4.6 → 3.6 s).
 */
const port = Number(process.argv[2] ?? 4173);
const host = await serveStatic('dist', '/', port, undefined, { cacheAssets: true });
process.stdout.write(`serving dist/ at ${host.url}\n`);
