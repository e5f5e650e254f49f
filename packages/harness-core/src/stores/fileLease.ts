import { randomUUID } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { readBounded, writeOnce } from './fileIo.js';
import { isLive, readLeaseRecord, type LeaseRecord } from './records.js';

/**
 * The file store's lease (issue 44, defect 2), a fencing counter kept in file names: lease n is
 * the file `lease-<n, 10 digits>.json` in the run's directory, and taking the run is creating
 * the next one with an exclusive create (a link that fails when the name exists), so of two
 * processes that read the same newest lease only one makes the next. The newest file holds the
 * holder: owner, pid and host, and when it lapses (renewed by the holder's writes). A lease binds
 * while it is not let go, not lapsed, and, on this host, its process is alive: a holder killed
 * with SIGKILL frees the run at once for the next `--resume`, and one on another host (a shared
 * disk) frees it when its time runs out. Why files and not `flock`: node has no portable lock
 * call, and an advisory lock dies silently on many network file systems; an exclusive create
 * does not. The counter is what fences: a write checks it just before its own write-once link,
 * and a checkpoint number is written once, so a holder taken over in that instant can at worst
 * lose a race for one number, never write over the new holder's checkpoint.
 */

const LEASE_FILE = /^lease-(\d{10,})\.json$/;
const leaseFile = (token: number): string => `lease-${String(token).padStart(10, '0')}.json`;

/** The lease tokens among a run directory's names, ascending. */
function leaseTokens(names: readonly string[]): number[] {
  const out: number[] = [];
  for (const n of names) {
    const m = LEASE_FILE.exec(n);
    const token = m ? Number(m[1]) : NaN;
    if (Number.isSafeInteger(token) && leaseFile(token) === n) out.push(token);
  }
  return out.sort((a, b) => a - b);
}

/** Whether process `pid` is alive (EPERM: it is, someone else's). */
function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: unknown }).code === 'EPERM';
  }
}

/** On this host a holder's death frees its lease at once; elsewhere only its time can. */
const holderAlive = (rec: LeaseRecord): boolean =>
  rec.host !== hostname() || rec.pid === undefined || pidAlive(rec.pid);

interface NewestLease {
  /** The run's fencing counter: its newest lease's number, 0 when it never had one. */
  token: number;
  /** That lease, or undefined when none (or its file is unreadable: then it binds no one). */
  rec: LeaseRecord | undefined;
  live: boolean;
}

/** The newest lease among `names` of `folder`, read as the store judges it at `now`. */
export async function newestLease(folder: string, names: readonly string[], now: number): Promise<NewestLease> {
  const token = leaseTokens(names).at(-1) ?? 0;
  if (token === 0) return { token, rec: undefined, live: false };
  let rec: LeaseRecord | undefined;
  try {
    const read = await readBounded(join(folder, leaseFile(token)), 4096);
    rec = read.kind === 'text' ? readLeaseRecord(JSON.parse(read.text)) : undefined;
  } catch {
    rec = undefined;
  }
  if (rec && rec.token !== token) rec = undefined;
  return { token, rec, live: isLive(rec, now, holderAlive) };
}

/** This process's record of lease `token` for `owner`, lapsing `ttlMs` from `now`. */
export const ownRecord = (owner: string, token: number, now: number, ttlMs: number): LeaseRecord => ({
  owner,
  token,
  expires: now + ttlMs,
  released: false,
  pid: process.pid,
  host: hostname(),
});

/** Creates lease `rec.token`: false when another process made that number first. */
export const createLease = (folder: string, rec: LeaseRecord): Promise<boolean> =>
  writeOnce(join(folder, leaseFile(rec.token)), JSON.stringify(rec));

/**
 * Rewrites the holder's own lease (a renewal, a release): a temp file renamed over it. Not
 * flushed: a renewal lost to a power cut only shortens the lease.
 */
export async function rewriteLease(folder: string, rec: LeaseRecord): Promise<void> {
  const temp = join(folder, `.${leaseFile(rec.token)}.${randomUUID()}.tmp`);
  try {
    await writeFile(temp, JSON.stringify(rec), { flag: 'wx' });
    await rename(temp, join(folder, leaseFile(rec.token)));
  } finally {
    await rm(temp, { force: true }).catch(() => undefined);
  }
}

/** Removes leases older than `token` (the newest alone holds the counter). */
export async function dropOlderLeases(folder: string, names: readonly string[], token: number): Promise<void> {
  for (const t of leaseTokens(names))
    if (t < token) await rm(join(folder, leaseFile(t)), { force: true }).catch(() => undefined);
}
