import type { CheckpointStore as CoreStore, Skipped as CoreSkipped, StoreErrorCode } from 'harness-core';
import type { Backend } from './backend';
import { checkpointKey, keyText, parseKey } from './keys';
import { createRecordStore } from './recordStore';
import { readStored, seqsOf } from './stored';
import type { SkipKind } from './types';

/**
 * The simulator's store as harness-core's `CheckpointStore` (SPEC §5), so the package's suite of
 * store guarantees (packages/harness-core/src/stores/suite.ts) runs on the store the page uses
 * (coreStore.test.ts). Writes go through the record store's `put` (its checks, sequence guard
 * and fence); reads through the readers `get` and `newest` use. Nothing of the page calls it.
 */

/** The package's numbers for the simulator's skip kinds. */
const CODE_OF: Record<SkipKind, StoreErrorCode> = {
  foreign: 'E702',
  version: 'E702',
  corrupt: 'E703',
  oversize: 'E703',
  missing: 'E703',
  misplaced: 'E704',
};

/**
 * A skipped record in the package's terms. The codec's E206 (a scenario this simulator does not
 * have) is `foreign` here, as it cannot be read, but a checkpoint of ours that does not fit its
 * plan to the package: E703.
 */
const skippedOf = (where: string, kind: SkipKind, reason: string): CoreSkipped => {
  const code = kind === 'foreign' && reason.startsWith('E206') ? 'E703' : CODE_OF[kind];
  return { where, code, message: `${code}: ${reason}` };
};

/**
 * The record store's refusals, where nothing is written and the storage itself is sound: the
 * checkpoint fails the reader's checks (E504), its run index would not read back (E509), or the
 * run's stored index cannot be read (E507). Stale writes (E503, E519) say so by `stale`.
 */
const REFUSED = /^E50[479]:/;

export function asCoreStore(backend: Backend): CoreStore {
  const records = createRecordStore(backend);
  return {
    // The package's type names the two stores it has; memory stands in for IndexedDB (same rules).
    kind: 'indexeddb',

    async put(cp) {
      const r = await records.put(cp);
      if (r.ok) return { ok: true };
      // Stale (not newer than the newest, or another tab's run) is refused like a bad checkpoint.
      const code = r.stale || REFUSED.test(r.error) ? 'E701' : 'E705';
      return { ok: false, code, message: `${code}: ${r.error}` };
    },

    async latest(runId) {
      const { checkpoint, skipped } = await records.newest(runId);
      return { checkpoint, skipped: skipped.map((s) => skippedOf(s.key, s.kind, s.reason)) };
    },

    get: (runId, seq) =>
      backend.read(async (tx) => {
        const key = checkpointKey(runId, seq);
        // readStored says `missing` for an absent record and for a lost chunk alike: ask first.
        if (!(await tx.has(key))) return null;
        const r = await readStored(tx, runId, seq);
        return r.ok ? r : { ok: false, skipped: skippedOf(keyText(key), r.kind, r.reason) };
      }),

    seqs: (runId) => backend.read(async (tx) => (await seqsOf(tx, runId)).reverse()),

    runs: () =>
      backend.read(async (tx) => {
        const ids = new Set<string>();
        for (const key of await tx.keys([])) {
          const k = parseKey(key);
          if (k.kind === 'run' || k.kind === 'cp') ids.add(k.runId);
        }
        return [...ids].sort();
      }),
  };
}
