import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '../engine';
// The package's suite of store guarantees, a test file of its own (see eslint.config.js).
import { storeSuite, type StoreUnderTest } from '../../packages/harness-core/src/stores/suite';
import type { Backend } from './backend';
import { openDatabase, idbBackend } from './idbStore';
import { checkpointKey, runKey } from './keys';
import { memoryBackend } from './memoryStore';
import { createRecordStore } from './recordStore';
import { newChunks, prepare, recordOf, stageChunks } from './stored';
import { checkpointsOf } from './harness.test-kit';

/**
 * The page's store implements harness-core's CheckpointStore directly and keeps the guarantees of
 * its stores (SPEC §5): harness-core's own suite, run on the very store the page opens, over
 * IndexedDB and over memory. It differs where the suite's options say: a lease is a tab's claim
 * (the newest holder wins; Web Locks elect the tabs before they claim), the fence refuses with
 * E701: E519, damaged records stay in place, the sequence guard reads the run index (what the
 * page's own writes stored), and it numbers its reasons its own way (E5xx inside the E70n).
 */

const SCENARIO = 'migration-40';
/** The first checkpoints of a real run of `runId`: this store only takes checkpoints of its scenarios. */
const checkpoints = (runId: string): Checkpoint[] =>
  checkpointsOf(SCENARIO, { runId, until: (_s, cp) => (cp?.seq ?? 0) >= 5 });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Writes `contents` under (runId, seq) as another program (or a person with the devtools) would,
 * in this store's record form and without its checks: a checkpoint of ours becomes a stored
 * checkpoint record (its lists cut into chunks, its body as it is), anything else is stored as
 * the value it parses to, or as text. The run gets an index as the store would give it.
 */
async function plant(backend: Backend, runId: string, seq: number, contents: string): Promise<void> {
  let value: unknown = contents;
  try {
    value = JSON.parse(contents);
  } catch {
    // stays text
  }
  const made = await createRecordStore(backend).createRun({ runId, scenario: SCENARIO, seed: 1 });
  if (!made.ok && !made.error.startsWith('E505')) throw new Error(made.error);
  const ours =
    isObject(value) &&
    typeof value.schema === 'string' &&
    value.schema.startsWith('harness-sim.checkpoint/') &&
    Array.isArray(value.ledger) &&
    Array.isArray(value.refs);
  await backend.write(async (tx) => {
    if (!ours) return tx.put(checkpointKey(runId, seq), value);
    const p = prepare(value as unknown as Checkpoint);
    tx.put(checkpointKey(runId, seq), recordOf(p, p.body, stageChunks(tx, runId, await newChunks(tx, runId, p))));
  });
}

/** A fresh database for each test, and a new connection to it for `reopen`, as a reload opens. */
let n = 0;
const MAKERS: [string, () => { backend: Backend; reopen: () => Backend }][] = [
  [
    'IndexedDB',
    () => {
      const name = `core-suite-${++n}`;
      const open = () => idbBackend(openDatabase(indexedDB, name));
      return { backend: open(), reopen: open };
    },
  ],
  [
    'memory',
    () => {
      const backend = memoryBackend();
      return { backend, reopen: () => backend };
    },
  ],
];

for (const [kind, make] of MAKERS) {
  storeSuite(
    `the simulator's store (${kind})`,
    async (): Promise<StoreUnderTest> => {
      const { backend, reopen } = make();
      return {
        store: createRecordStore(backend),
        reopen: async () => createRecordStore(reopen()),
        corrupt: (runId, seq, contents) => plant(backend, runId, seq, contents),
        // Each test has a database of its own; the file's fake IndexedDB goes with the file.
        cleanup: async () => undefined,
      };
    },
    {
      checkpoints,
      codecReasons: false,
      leases: 'newest-wins',
      fenceCode: 'E701',
      movesAside: false,
      seqGuard: 'index',
    },
  );
}

describe("the page store in harness-core's terms", () => {
  const [a, b] = checkpoints('run-a') as [Checkpoint, Checkpoint];

  it('answers a failed write (quota) with E705 and the reason, keeping what was there', async () => {
    const backend = memoryBackend();
    const store = createRecordStore(backend);
    expect(await store.put(a)).toMatchObject({ ok: true });
    const full: Backend = {
      ...backend,
      write: () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')),
    };
    const r = await createRecordStore(full).put(b);
    expect(r).toMatchObject({ ok: false, code: 'E705', message: expect.stringMatching(/^E705: E502: .*quota/) });
    expect(await store.seqs('run-a')).toEqual([1]);
  });

  it('refuses (E701, not a storage failure) a write to a run whose stored index it cannot read', async () => {
    const backend = memoryBackend();
    const store = createRecordStore(backend);
    expect(await store.put(a)).toMatchObject({ ok: true });
    await backend.write(async (tx) => tx.put(runKey('run-a'), { schema: 'harness-sim.run/1', runId: 'run-a' }));
    const r = await store.put(b);
    expect(r).toMatchObject({ ok: false, code: 'E701', message: expect.stringMatching(/^E701: E507: /) });
    expect(await store.seqs('run-a')).toEqual([1]);
  });

  it('reports a checkpoint of a scenario it does not have as one that does not fit its plan (E703)', async () => {
    const backend = memoryBackend();
    await plant(backend, 'run-a', 1, JSON.stringify({ ...a, scenario: 'no-such-plan' }));
    expect(await createRecordStore(backend).get('run-a', 1)).toEqual({
      ok: false,
      skipped: { where: 'cp/run-a/1', kind: 'foreign', code: 'E703', message: expect.stringMatching(/^E703: E206: /) },
    });
  });
});
