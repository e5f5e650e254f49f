import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Test-only (excluded from the build): a throwaway PostgreSQL cluster for the store suite, in a
 * temp directory, on a free loopback port, stopped and removed at the end. initdb refuses to run
 * as root: then the cluster belongs to the `postgres` user and is run through `runuser`.
 * `PG_BIN` names the binaries' directory (Debian's /usr/lib/postgresql/<n>/bin by default).
 */

export interface Cluster {
  port: number;
  stop(): Promise<void>;
}

/** The binaries' directory, or why there is none. */
export function postgresBin(): { bin: string } | { reason: string } {
  const candidates = [process.env.PG_BIN, ...[17, 16, 15, 14, 13].map((v) => `/usr/lib/postgresql/${v}/bin`)];
  for (const bin of candidates)
    if (bin && existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return { bin };
  return { reason: 'no PostgreSQL binaries (initdb, pg_ctl) under PG_BIN or /usr/lib/postgresql/*/bin' };
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/** The first free port of `from`–`to` (PG_PORT overrides). */
async function freePort(from: number, to: number): Promise<number> {
  for (let p = from; p <= to; p++) if (await portFree(p)) return p;
  throw new Error(`no free port in ${from}-${to}`);
}

export async function startCluster(bin: string): Promise<Cluster> {
  const root = await mkdtemp(join(tmpdir(), 'hc-pg-'));
  const asRoot = process.getuid?.() === 0;
  const as = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'pipe', timeout: 120_000 })
      : execFileSync(join(bin, cmd), args, { stdio: 'pipe', timeout: 120_000 });
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    await chown(root, uid, gid);
    await chmod(root, 0o700);
  }
  const data = join(root, 'data');
  const port = Number(process.env.PG_PORT) || (await freePort(4262, 4269));
  as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  as('pg_ctl', [
    '-D',
    data,
    '-w',
    '-l',
    join(root, 'log'),
    '-o',
    `-k ${root} -p ${port} -c listen_addresses=127.0.0.1`,
    'start',
  ]);
  return {
    port,
    async stop() {
      try {
        as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    },
  };
}
