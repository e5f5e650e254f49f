import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `text` to `path` so that a crash at any moment leaves either the old file or the new
 * one, and the new one survives a power loss once this resolves: temp file beside it, fsync,
 * rename over the final name, fsync of the directory (the rename is a directory entry).
 *
 * The same dance as harness-core's file store (packages/harness-core/src/stores/fileStore.ts),
 * whose helper is private to that store and bound to checkpoints; these are its few lines for a
 * plain text file rather than a new export of the library for the server's sake.
 */
export async function writeFileAtomic(path: string, text: string, mode = 0o644): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${randomUUID()}.tmp`);
  try {
    const fh = await open(temp, 'wx', mode);
    try {
      await fh.writeFile(text, 'utf8');
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(temp, path);
    await syncDirectory(dir);
  } catch (e) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw e;
  }
}

/** Deletes `path` (if there) and flushes its directory, so the deletion survives a crash too. */
export async function removeFileDurably(path: string): Promise<void> {
  await rm(path, { force: true });
  await syncDirectory(dirname(path));
}

/** Makes `dir` (and parents) and flushes the parent of each one made. */
export async function makeDirDurably(dir: string): Promise<void> {
  const made = await mkdir(dir, { recursive: true });
  if (made === undefined) return;
  for (let p = dir; ; p = dirname(p)) {
    await syncDirectory(dirname(p));
    if (p === made || dirname(p) === p) break;
  }
}

async function syncDirectory(path: string): Promise<void> {
  let fh;
  try {
    fh = await open(path, 'r');
    await fh.sync();
  } catch (e) {
    // Some platforms (Windows) refuse to open or flush a directory: nothing more can be done there.
    const code = (e as { code?: string } | null)?.code ?? '';
    if (!['EISDIR', 'EPERM', 'EINVAL', 'ENOTSUP', 'EBADF'].includes(code)) throw e;
  } finally {
    await fh?.close();
  }
}
