import { serveStatic } from './staticServer';

/**
 * The e2e suite's web server: the built site in dist/ as a plain static host serves it (no
 * compression, no fallback), on the port the config names. Vite's preview gzipped every file
 * of every cold load on the fly: 14 s of CPU a suite on two cores, for bytes that never leave
 * the machine.
 */
const port = Number(process.argv[2] ?? 4173);
const host = await serveStatic('dist', '/', port);
process.stdout.write(`serving dist/ at ${host.url}\n`);
