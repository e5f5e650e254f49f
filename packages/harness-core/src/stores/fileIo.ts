import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { link, lstat, open, rename, rm, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * The file store's few moves on the disk: a bounded read of regular files only, a write-once
 * durable write, a move aside that never clobbers. node:fs/promises, no library.
 */

export const codeOf = (e: unknown): string | undefined => (e as { code?: unknown } | null)?.code as string | undefined;

/** Flushes a directory's entries. Some platforms (Windows) refuse to open or flush a directory: then nothing more can be done. */
export async function syncDirectory(path: string): Promise<void> {
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

/** What a bounded read found. */
type BoundedRead =
  | { kind: 'text'; text: string }
  | { kind: 'missing' }
  /** A symlink, FIFO, device, socket or directory: never read. */
  | { kind: 'not-regular'; what: string }
  | { kind: 'too-big'; size: number };

// Windows has neither flag: there a FIFO cannot be named like a file, and links are rare.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Reads `path` only when it is a regular file of at most `cap` bytes (issue 44, defect 9): the
 * link itself is not followed (O_NOFOLLOW: a symlink to /dev/zero is refused, not read), the
 * open does not wait for a writer (O_NONBLOCK: a FIFO named like a checkpoint is refused, not
 * waited on for ever), the open file is judged by `fstat` before a byte is read, and at most
 * `cap + 1` bytes are read whatever the size said (a file growing under the read).
 */
export async function readBounded(path: string, cap: number): Promise<BoundedRead> {
  let fh;
  try {
    fh = await open(path, READ_FLAGS);
  } catch (e) {
    const code = codeOf(e);
    if (code === 'ENOENT') return { kind: 'missing' };
    if (code === 'ELOOP' || code === 'EMLINK') return { kind: 'not-regular', what: 'a symbolic link' };
    if (code === 'ENXIO') return { kind: 'not-regular', what: 'a FIFO or socket' };
    if (code === 'EISDIR') return { kind: 'not-regular', what: 'a directory' };
    throw e;
  }
  try {
    const st = await fh.stat();
    if (!st.isFile()) {
      const what = st.isDirectory()
        ? 'a directory'
        : st.isFIFO()
          ? 'a FIFO'
          : st.isSymbolicLink()
            ? 'a symbolic link'
            : st.isSocket()
              ? 'a socket'
              : 'a device';
      return { kind: 'not-regular', what };
    }
    if (st.size > cap) return { kind: 'too-big', size: st.size };
    const buf = Buffer.alloc(cap + 1);
    let got = 0;
    while (got < buf.length) {
      const { bytesRead } = await fh.read(buf, got, buf.length - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    if (got > cap) return { kind: 'too-big', size: got };
    return { kind: 'text', text: buf.toString('utf8', 0, got) };
  } finally {
    await fh.close();
  }
}

/** Where the file system has no hard links (some FAT and network mounts), a checked rename stands in. */
const NO_LINKS = ['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV', 'ENOSYS', 'EMLINK'];

/**
 * Puts `from` at `to` only when nothing is there (link(2) fails with EEXIST: the check and the
 * move are one step), then removes `from`. Returns false when `to` was taken.
 */
async function linkOnce(from: string, to: string): Promise<boolean> {
  try {
    await link(from, to);
  } catch (e) {
    const code = codeOf(e);
    if (code === 'EEXIST') return false;
    if (!NO_LINKS.includes(code ?? '')) throw e;
    // No hard links here: the check and the rename are two steps (a narrow race left).
    if (await exists(to)) return false;
    await rename(from, to);
    return true;
  }
  await unlink(from);
  return true;
}

export async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (e) {
    if (codeOf(e) === 'ENOENT') return false;
    throw e;
  }
}

/**
 * Writes `text` to `final` once, durably: a temp file beside it (exclusive create), flushed,
 * linked to the final name only if that name is free, then the directory flushed so the link
 * survives a power loss. False when `final` exists (nothing written). A write killed half-way
 * leaves only a `.…tmp` file, which reads ignore.
 */
export async function writeOnce(final: string, text: string): Promise<boolean> {
  const folder = dirname(final);
  const temp = join(folder, `.${basename(final)}.${randomUUID()}.tmp`);
  try {
    const fh = await open(temp, 'wx', 0o644);
    try {
      await fh.writeFile(text, 'utf8');
      await fh.sync();
    } finally {
      await fh.close();
    }
    if (!(await linkOnce(temp, final))) return false;
    await syncDirectory(folder);
    return true;
  } finally {
    await rm(temp, { force: true }).catch(() => undefined);
  }
}

/**
 * Moves `path` (a file, a FIFO, a link or a directory) aside to `<path>.damaged-<n>`, the first
 * free n, never over anything: what the store could not read stays for a person to look at.
 */
export async function moveAside(path: string): Promise<string> {
  for (let n = 1; ; n++) {
    const to = `${path}.damaged-${n}`;
    // A directory cannot be linked: linkOnce renames it after a check.
    if (await linkOnce(path, to)) {
      await syncDirectory(dirname(path));
      return to;
    }
  }
}
