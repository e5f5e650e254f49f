import { mkdir, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MAX_CHECKPOINT_BYTES } from '../checkpointShape.js';
import { errorText } from '../errors.js';
import { codeOf, moveAside, readBounded, syncDirectory, writeOnce } from './fileIo.js';
import { FileSegments } from './fileSegments.js';
import { createLease, dropOlderLeases, newestLease, ownRecord, rewriteLease } from './fileLease.js';
import {
  acquireRefusal,
  judge,
  latestMovingAside,
  notNewer,
  prepare,
  readValue,
  reasonOf,
  storeFailure,
  storeText,
  usedRunId,
  writeRefusal,
} from './records.js';
import { SegmentCache } from './segments.js';
import {
  LEASE_TTL_MS,
  type CheckpointStore,
  type Latest,
  type Lease,
  type LeaseResult,
  type PutResult,
  type Skipped,
  type StoreOptions,
} from './types.js';

/**
 * The file store a Node harness uses: one JSON file per checkpoint, as the codec writes it, at
 * `<dir>/<encoded run id>/<seq, 10 digits>.json`, so a person can read, copy and edit them.
 *
 * A write is atomic, durable and once before `put` resolves: the text goes to a temp file beside
 * the final one (`.…tmp`), which is flushed (`fsync`), linked to the final name only if that
 * name is free (link(2): no checkpoint is ever written over), and then the directory is flushed
 * so the link itself survives a power loss. A write killed half-way leaves only a `.tmp` file,
 * which reads ignore. A checkpoint not newer than the run's newest stored one is refused (E701).
 * No library: write-file-atomic renames over the final name and flushes the temp file only.
 *
 * A read opens only regular files, without following links or waiting on a FIFO, and reads at
 * most the codec's cap (fileIo.ts `readBounded`). `latest` moves a damaged record newer than the
 * checkpoint it stands on aside to `<name>.damaged-<n>`, so the resumed run's next write never
 * lands on it, and says so (`Skipped.movedTo`). The lease is `fileLease.ts`.
 *
 * The run's ledger lies beside its checkpoints, in `<run>/ledger/<hash>.json`: segments of
 * SEGMENT_ROWS rows (segments.ts), each written once, as a checkpoint is, before the first
 * record that names it. A record holds only the rows after them, so it stays small.
 *
 * A run id whose name here would exceed 255 bytes (a long id of upper-case or non-ASCII text) is
 * refused with E705: most file systems cannot name it.
 */

const SEQ_FILE = /^(\d{10,})\.json$/;
const seqFile = (seq: number): string => `${String(seq).padStart(10, '0')}.json`;

/** Most file systems refuse names longer than 255 bytes. */
const MAX_NAME = 255;

/**
 * The run id as one safe path segment, whatever it holds: `a-z 0-9 _ -` stay, an upper-case
 * letter becomes `!` and its lower case (so no two ids clash on a case-insensitive disk, as the
 * Go module cache does), any other ASCII character `%XX`, any other UTF-16 unit `%uXXXX`. No
 * `.` survives (no `..`, no hidden name, no trailing dot Windows drops), nor `/` or `\`.
 */
export function encodeRunId(runId: string): string {
  let out = '';
  for (let i = 0; i < runId.length; i++) {
    const ch = runId[i] as string;
    const unit = runId.charCodeAt(i);
    if (/[a-z0-9_-]/.test(ch)) out += ch;
    else if (/[A-Z]/.test(ch)) out += `!${ch.toLowerCase()}`;
    else if (unit < 0x80) out += `%${unit.toString(16).toUpperCase().padStart(2, '0')}`;
    else out += `%u${unit.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return out;
}

/** The run id a directory name stands for, or undefined when the name is not one this store makes. */
export function decodeRunId(name: string): string | undefined {
  if (!/^(?:[a-z0-9_-]|![a-z]|%[0-9A-F]{2}|%u[0-9A-F]{4})+$/.test(name)) return undefined;
  const id = name.replace(/![a-z]|%u[0-9A-F]{4}|%[0-9A-F]{2}/g, (t) =>
    t[0] === '!' ? t.slice(1).toUpperCase() : String.fromCharCode(parseInt(t.slice(t[1] === 'u' ? 2 : 1), 16)),
  );
  // One name per id: `%61` is not another spelling of `a`.
  return encodeRunId(id) === name ? id : undefined;
}

/** The numbers of the checkpoint records among a run directory's names, ascending (a `.tmp` or a `.damaged-n` is not one). */
function seqsIn(names: readonly string[]): number[] {
  const out: number[] = [];
  for (const n of names) {
    const m = SEQ_FILE.exec(n);
    const seq = m ? Number(m[1]) : NaN;
    if (Number.isSafeInteger(seq) && seqFile(seq) === n) out.push(seq);
  }
  return out.sort((a, b) => a - b);
}

/** A directory's names, none when it is not there. */
async function namesIn(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (e) {
    if (codeOf(e) === 'ENOENT' || codeOf(e) === 'ENOTDIR') return [];
    throw e;
  }
}

export interface FileStoreOptions extends StoreOptions {
  dir: string;
  /** Wall clock for lease times (ms since 1970); tests pass their own. */
  now?: () => number;
}

export function createFileStore(opts: FileStoreOptions): CheckpointStore {
  const { plans, dir } = opts;
  const now = opts.now ?? (() => Date.now());
  const runDir = (runId: string): string => join(dir, encodeRunId(runId));
  const fileOf = (runId: string, seq: number): string => join(runDir(runId), seqFile(seq));
  /** Lease times this instance holds, so a write renews its lease only a third of the way in. */
  const held = new Map<string, { token: number; ttlMs: number; renewedAt: number }>();
  const segmentCache = new SegmentCache();
  const segments = new FileSegments();

  /** The run's directory, made (each new parent flushed) if missing; or why not. */
  async function folderFor(runId: string): Promise<{ ok: true; folder: string } | Extract<PutResult, { ok: false }>> {
    const name = encodeRunId(runId);
    if (Buffer.byteLength(name) > MAX_NAME)
      return storeFailure(
        'E705',
        `the run id makes a directory name of ${Buffer.byteLength(name)} bytes; files allow ${MAX_NAME}`,
      );
    const folder = join(dir, name);
    // A directory just made is itself an entry of its parent: flush each parent made.
    const made = await mkdir(folder, { recursive: true });
    if (made !== undefined) {
      for (let p = folder; ; p = dirname(p)) {
        await syncDirectory(dirname(p));
        if (p === made || dirname(p) === p) break;
      }
    }
    return { ok: true, folder };
  }

  async function acquire(
    runId: string,
    owner: string,
    o: Parameters<CheckpointStore['acquire']>[2] = {},
  ): Promise<LeaseResult> {
    const ttlMs = o.ttlMs ?? LEASE_TTL_MS;
    try {
      const f = await folderFor(runId);
      if (!f.ok) return f;
      // Another process may make the next lease between our read and our create: read again.
      for (let tries = 0; tries < 20; tries++) {
        const names = await namesIn(f.folder);
        if (o.fresh && names.some((n) => !n.endsWith('.tmp'))) return usedRunId(runId);
        const top = await newestLease(f.folder, names, now());
        const refused = acquireRefusal(runId, top.rec, top.live, o.steal === true);
        if (refused) return refused;
        const token = top.token + 1;
        const at = now();
        if (!(await createLease(f.folder, ownRecord(owner, token, at, ttlMs)))) continue;
        held.set(runId, { token, ttlMs, renewedAt: at });
        await dropOlderLeases(f.folder, names, token);
        return { ok: true, lease: { runId, owner, token } };
      }
      return storeFailure('E706', `${JSON.stringify(runId).slice(0, 80)} (others keep taking it)`);
    } catch (e) {
      return storeFailure('E705', `${reasonOf(e)}, taking a lease on ${runDir(runId)}`);
    }
  }

  /** Writes the holder's lease again with `released`, or a new lapse time. */
  async function touchLease(lease: Lease, released: boolean): Promise<PutResult> {
    const folder = runDir(lease.runId);
    try {
      const top = await newestLease(folder, await namesIn(folder), now());
      const refused = writeRefusal(lease.runId, top.rec, top.live, lease);
      if (refused) return refused;
      const ttlMs = held.get(lease.runId)?.ttlMs ?? LEASE_TTL_MS;
      const at = now();
      await rewriteLease(folder, { ...ownRecord(lease.owner, lease.token, at, ttlMs), released });
      if (released) held.delete(lease.runId);
      else held.set(lease.runId, { token: lease.token, ttlMs, renewedAt: at });
      return { ok: true };
    } catch (e) {
      return storeFailure('E705', `${reasonOf(e)}, writing the lease of ${folder}`);
    }
  }

  async function put(cp: Parameters<CheckpointStore['put']>[0], lease?: Lease): Promise<PutResult> {
    const prepared = prepare(cp, plans, lease, segmentCache);
    if (!prepared.ok) return prepared;
    const { runId, seq } = prepared.checkpoint;
    let final = fileOf(runId, seq);
    try {
      const f = await folderFor(runId);
      if (!f.ok) return f;
      final = join(f.folder, seqFile(seq));
      const names = await namesIn(f.folder);
      // The fence, just before the write: a holder taken over is refused, and told so first.
      const top = await newestLease(f.folder, names, now());
      const refused = writeRefusal(runId, top.rec, top.live, lease);
      if (refused) return refused;
      const newest = seqsIn(names).at(-1) ?? 0;
      if (seq <= newest) return notNewer(runId, seq, newest);
      await segments.keep(f.folder, runId, prepared);
      if (!(await writeOnce(final, prepared.text))) return notNewer(runId, seq, seq);
      const h = lease && held.get(runId);
      if (lease && h?.token === lease.token && now() - h.renewedAt > h.ttlMs / 3) await touchLease(lease, false);
      return { ok: true };
    } catch (e) {
      return storeFailure('E705', `${reasonOf(e)}, writing ${final}`);
    }
  }

  async function get(runId: string, seq: number) {
    const where = fileOf(runId, seq);
    let text: string;
    try {
      const read = await readBounded(where, MAX_CHECKPOINT_BYTES);
      if (read.kind === 'missing') return null;
      if (read.kind === 'not-regular') {
        const skipped: Skipped = {
          where,
          code: 'E702',
          message: storeText('E702', `${read.what}, not a regular file: never read`),
        };
        return { ok: false as const, skipped };
      }
      // Over the limit: not read past it, as the codec would refuse it anyway (E204).
      if (read.kind === 'too-big')
        return judge({ ok: false, error: errorText('E204', read.size.toLocaleString('en')) }, runId, seq, where);
      text = read.text;
    } catch (e) {
      const skipped: Skipped = { where, code: 'E705', message: storeText('E705', `${reasonOf(e)}, reading ${where}`) };
      return { ok: false as const, skipped };
    }
    try {
      return judge(await readValue(text, plans, segments.loader(runDir(runId))), runId, seq, where);
    } catch (e) {
      const skipped: Skipped = {
        where,
        code: 'E705',
        message: storeText('E705', `${reasonOf(e)}, reading ${where}'s ledger`),
      };
      return { ok: false as const, skipped };
    }
  }

  const seqs = async (runId: string): Promise<number[]> => seqsIn(await namesIn(runDir(runId)));

  // Standing on an older one: the damaged newer ones go aside, so the resumed run's writes never land on them.
  const latest = async (runId: string): Promise<Latest> =>
    latestMovingAside(
      await seqs(runId),
      (seq) => get(runId, seq),
      (s) => moveAside(s.where),
    );

  async function runs(): Promise<string[]> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (e) {
      if (codeOf(e) === 'ENOENT' || codeOf(e) === 'ENOTDIR') return [];
      throw e;
    }
    const out: string[] = [];
    for (const entry of entries) {
      const runId = entry.isDirectory() ? decodeRunId(entry.name) : undefined;
      if (runId !== undefined && (await seqs(runId)).length > 0) out.push(runId);
    }
    return out.sort();
  }

  return {
    kind: 'file',
    acquire,
    renew: (lease) => touchLease(lease, false),
    async release(lease) {
      await touchLease(lease, true);
    },
    put,
    get,
    seqs,
    latest,
    runs,
  };
}
