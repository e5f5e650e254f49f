import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MAX_CHECKPOINT_BYTES } from '../checkpointShape.js';
import { errorText } from '../errors.js';
import { judge, newestReadable, prepare, readValue, reasonOf, storeFailure, storeText } from './records.js';
import type { CheckpointStore, Latest, PutResult, Skipped, StoreOptions } from './types.js';

/**
 * The file store a Node harness uses: one JSON file per checkpoint, as the codec writes it, at
 * `<dir>/<encoded run id>/<seq, 10 digits>.json`, so a person can read, copy and edit them.
 *
 * A write is atomic and durable before `put` resolves: the text goes to a temp file beside the
 * final one (`.…tmp`), which is flushed (`fsync`), renamed over the final name, and then the
 * directory is flushed so the rename itself survives a power loss. A write killed half-way leaves
 * only a `.tmp` file, which reads ignore. No library: write-file-atomic does the same dance, but
 * its `fsync` option (on by default) flushes the temp file only, never the directory after the
 * rename, and it would be a dependency for twenty lines of node:fs/promises.
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

const codeOf = (e: unknown): string | undefined => (e as { code?: unknown } | null)?.code as string | undefined;

/** Flushes a directory's entries. Some platforms (Windows) refuse to open or flush a directory: then nothing more can be done. */
async function syncDirectory(path: string): Promise<void> {
  let fh;
  try {
    fh = await open(path, 'r');
    await fh.sync();
  } catch (e) {
    if (!['EISDIR', 'EPERM', 'EINVAL', 'ENOTSUP', 'EBADF'].includes(codeOf(e) ?? '')) throw e;
  } finally {
    await fh?.close();
  }
}

export function createFileStore(opts: StoreOptions & { dir: string }): CheckpointStore {
  const { plans, dir } = opts;
  const runDir = (runId: string): string => join(dir, encodeRunId(runId));
  const fileOf = (runId: string, seq: number): string => join(runDir(runId), seqFile(seq));

  async function put(cp: Parameters<CheckpointStore['put']>[0]): Promise<PutResult> {
    const prepared = prepare(cp, plans);
    if (!prepared.ok) return prepared;
    const { runId, seq } = prepared.checkpoint;
    const name = encodeRunId(runId);
    if (Buffer.byteLength(name) > MAX_NAME)
      return storeFailure(
        'E705',
        `the run id makes a directory name of ${Buffer.byteLength(name)} bytes; files allow ${MAX_NAME}`,
      );
    const folder = join(dir, name);
    const final = join(folder, seqFile(seq));
    const temp = join(folder, `.${seqFile(seq)}.${randomUUID()}.tmp`);
    try {
      // A directory just made is itself an entry of its parent: flush each parent made.
      const made = await mkdir(folder, { recursive: true });
      if (made !== undefined) {
        for (let p = folder; ; p = dirname(p)) {
          await syncDirectory(dirname(p));
          if (p === made || dirname(p) === p) break;
        }
      }
      const fh = await open(temp, 'wx', 0o644);
      try {
        await fh.writeFile(prepared.text, 'utf8');
        await fh.sync();
      } finally {
        await fh.close();
      }
      await rename(temp, final);
      await syncDirectory(folder);
      return { ok: true };
    } catch (e) {
      await rm(temp, { force: true }).catch(() => undefined);
      return storeFailure('E705', `${reasonOf(e)}, writing ${final}`);
    }
  }

  async function get(runId: string, seq: number) {
    const where = fileOf(runId, seq);
    let text: string;
    try {
      const fh = await open(where, 'r');
      try {
        const { size } = await fh.stat();
        // Not read at all when over the limit: the codec would refuse it anyway (E204).
        if (size > MAX_CHECKPOINT_BYTES)
          return judge({ ok: false, error: errorText('E204', size.toLocaleString('en')) }, runId, seq, where);
        text = await fh.readFile('utf8');
      } finally {
        await fh.close();
      }
    } catch (e) {
      if (codeOf(e) === 'ENOENT') return null;
      const skipped: Skipped = { where, code: 'E705', message: storeText('E705', `${reasonOf(e)}, reading ${where}`) };
      return { ok: false as const, skipped };
    }
    return judge(readValue(text, plans), runId, seq, where);
  }

  async function seqs(runId: string): Promise<number[]> {
    let names: string[];
    try {
      names = await readdir(runDir(runId));
    } catch (e) {
      if (codeOf(e) === 'ENOENT' || codeOf(e) === 'ENOTDIR') return [];
      throw e;
    }
    const out: number[] = [];
    for (const n of names) {
      const m = SEQ_FILE.exec(n);
      const seq = m ? Number(m[1]) : NaN;
      // Only the names this store writes (a `.tmp` left by a killed write is not one).
      if (Number.isSafeInteger(seq) && seqFile(seq) === n) out.push(seq);
    }
    return out.sort((a, b) => a - b);
  }

  const latest = async (runId: string): Promise<Latest> => newestReadable(await seqs(runId), (seq) => get(runId, seq));

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

  return { kind: 'file', put, get, seqs, latest, runs };
}
