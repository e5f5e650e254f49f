import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_CHECKPOINT_BYTES } from '../checkpointShape.js';
import { exists, readBounded, syncDirectory, writeOnce } from './fileIo.js';
import { segmentKey, segmentsToKeep, type Prepared } from './records.js';
import { isSegmentHash } from './segments.js';

/**
 * The file store's ledger segments (segments.ts): `<run>/ledger/<hash>.json`, each written once,
 * durably, as a checkpoint is, before the first record that names it.
 */
export class FileSegments {
  /** Segments this instance wrote or found, so the next checkpoint writes only its new ones. */
  private readonly known = new Set<string>();

  /** Writes the segments `prepared` names that are not in `folder/ledger` yet. */
  async keep(folder: string, runId: string, prepared: Prepared): Promise<void> {
    const todo = segmentsToKeep(runId, prepared, this.known);
    if (todo.length === 0) return;
    const ledgerDir = join(folder, 'ledger');
    if ((await mkdir(ledgerDir, { recursive: true })) !== undefined) await syncDirectory(folder);
    for (const s of todo) {
      const file = join(ledgerDir, `${s.hash}.json`);
      if (!(await exists(file))) await writeOnce(file, s.text);
      this.known.add(segmentKey(runId, s.hash));
    }
  }

  /** A reader of the run's segments in `folder`: a segment's text, or undefined when it is not there (or not a regular file). */
  loader(folder: string): (hash: string) => Promise<string | undefined> {
    return async (hash) => {
      if (!isSegmentHash(hash)) return undefined;
      const read = await readBounded(join(folder, 'ledger', `${hash}.json`), MAX_CHECKPOINT_BYTES);
      return read.kind === 'text' ? read.text : undefined;
    };
  }
}
