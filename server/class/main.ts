/**
 * `npm run class [-- --port N]`: the site and the class relay on one port on the local network.
 * Prints exactly two lines on stdout, `teacher: URL` (the token in the fragment, which never
 * reaches a server log) and `students: URL …` (the LAN address first, then localhost); anything
 * else goes to stderr.
 *
 * Environment: PORT (or --port; default 4173), CLASS_DATA_DIR (default .class-data/ in the
 * project), CLASS_REDIS_URL (several relays share classes), CLASS_HOST (default 0.0.0.0, every
 * interface; another address serves that one only), CLASS_SITE_DIR (another built site to serve;
 * default dist/, built when missing).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { fileURLToPath } from 'node:url';
import { TEACHER_FRAGMENT } from '../../src/class/keys';
import { STUDENT_QUERY } from '../../src/class/protocol';
import { startClassServer } from './server';

const root = fileURLToPath(new URL('../../', import.meta.url));

function portFromArgs(argv: readonly string[]): number {
  const i = argv.indexOf('--port');
  const given = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--port='))?.slice(7);
  const raw = given ?? process.env.PORT ?? '4173';
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`class: --port wants a number from 0 to 65535, not "${raw}"\n`);
    process.exit(2);
  }
  return port;
}

/** The machine's IPv4 addresses on the local network (what a phone on the same Wi-Fi reaches). */
function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && a.family === 'IPv4' && !a.internal)
    .map((a) => a!.address);
}

async function main() {
  const port = portFromArgs(process.argv.slice(2));
  const dist = process.env.CLASS_SITE_DIR ?? `${root}dist`;
  if (process.env.CLASS_SITE_DIR && !existsSync(`${dist}/index.html`)) {
    process.stderr.write(`class: CLASS_SITE_DIR has no index.html: ${dist}\n`);
    process.exit(2);
  }
  if (!existsSync(`${dist}/index.html`)) {
    // The site's build alone (vite build), not `npm run build`'s type check first: a teacher
    // needs the files, and the check is the developers' (npm test).
    process.stderr.write('class: dist/ is missing; building the site once (vite build)…\n');
    const built = spawnSync('npx', ['--no-install', 'vite', 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: ['ignore', 2, 2],
    });
    if (built.status !== 0) {
      process.stderr.write('class: the build failed; see above.\n');
      process.exit(1);
    }
  }
  const host = process.env.CLASS_HOST ?? '0.0.0.0';
  const server = await startClassServer({
    port,
    host,
    dataDir: process.env.CLASS_DATA_DIR ?? `${root}.class-data`,
    ...(process.env.CLASS_REDIS_URL ? { redisUrl: process.env.CLASS_REDIS_URL } : {}),
    distDir: dist,
  });
  // Every interface: the LAN addresses a phone reaches, then this machine's own name.
  const everywhere = host === '0.0.0.0' || host === '::';
  const hosts = everywhere ? [...lanAddresses(), 'localhost'] : [host.includes(':') ? `[${host}]` : host];
  const url = (host: string) => `http://${host}:${server.port}/`;
  // The teacher's page draws the QR from its own address, so it opens on the LAN address the
  // phones reach (the first one), not on localhost, which a phone would take for itself.
  process.stdout.write(`teacher: ${url(hosts[0] as string)}?present=1#${TEACHER_FRAGMENT}=${server.teacherToken}\n`);
  process.stdout.write(`students: ${hosts.map((h) => `${url(h)}?${STUDENT_QUERY}`).join(' ')}\n`);

  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

// A bug in one handler is logged, not a crash of every class.
process.on('unhandledRejection', (e) => process.stderr.write(`class: unhandled: ${String(e)}\n`));

main().catch((e: unknown) => {
  process.stderr.write(`class: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
