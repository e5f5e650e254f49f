import { del, entries, set } from 'idb-keyval';
import { Sim, TERMINAL_STATES, nextMove, type Checkpoint, type Config, type StateName } from '../engine';
import { createIdbStore, openDatabase } from './idbStore';
import { memoryBackend } from './memoryStore';
import { createRecordStore, type RecordStoreOptions } from './recordStore';
import { RUN_SCHEMA, type PageStore, type RunMeta } from './types';

/**
 * Test helpers, kept free of the test framework. The engine's `testing.test-kit.ts` is not part of its
 * public index, and this folder imports only that index, hence its own small driver.
 */

/** Runs a scenario (approving each request) to its end or `until`; every checkpoint it kept. */
export function checkpointsOf(
  scenario: string,
  opts: {
    runId?: string;
    seed?: number;
    config?: Partial<Config>;
    until?: (state: StateName, cp: Checkpoint | null) => boolean;
  } = {},
): Checkpoint[] {
  const cps: Checkpoint[] = [];
  const sim = new Sim({
    scenario,
    runId: opts.runId ?? 'run-1',
    seed: opts.seed ?? 1,
    config: opts.config ?? {},
    wallClock: () => 1_700_000_000_000 + cps.length,
    onCheckpoint: (cp) => cps.push(cp),
  });
  sim.send({ type: 'START' });
  const done = (s: StateName) => (TERMINAL_STATES as readonly StateName[]).includes(s);
  for (let i = 0; i < 1_000_000 && !done(sim.state); i++) {
    if (opts.until?.(sim.state, cps.at(-1) ?? null)) break;
    sim.send(nextMove(sim, true));
  }
  return cps;
}

/** Raw access to what a store keeps, to plant damage and to compare before and after. */
export interface Harness {
  kind: 'indexeddb' | 'memory';
  store: PageStore;
  set(key: IDBValidKey, value: unknown): Promise<void>;
  del(key: IDBValidKey): Promise<void>;
  /** Every key and value, sorted by key text: equal dumps mean storage did not change. */
  dump(): Promise<[string, unknown][]>;
  /** A new store on the same storage, as a reloaded page would open (memory: same Map). */
  reopen(opts?: RecordStoreOptions): PageStore;
}

const sorted = (rows: [IDBValidKey, unknown][]): [string, unknown][] =>
  rows.map(([k, v]): [string, unknown] => [JSON.stringify(k), v]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

let dbCount = 0;

/** A store on its own fresh fake-indexeddb database. */
export function idbHarness(opts: RecordStoreOptions = {}): Harness {
  const useStore = openDatabase(indexedDB, `harness-sim-test-${++dbCount}`);
  return {
    kind: 'indexeddb',
    store: createIdbStore({ ...opts, useStore }),
    set: (key, value) => set(key, value, useStore),
    del: (key) => del(key, useStore),
    dump: async () => sorted(await entries(useStore)),
    reopen: (o = opts) => createIdbStore({ ...o, useStore: openDatabase(indexedDB, `harness-sim-test-${dbCount}`) }),
  };
}

/** A store in memory, with the same raw access. */
export function memoryHarness(opts: RecordStoreOptions = {}): Harness {
  const backend = memoryBackend();
  return {
    kind: 'memory',
    store: createRecordStore(backend, opts),
    set: (key, value) => backend.write(async (tx) => tx.put(key, value)),
    del: (key) => backend.write(async (tx) => tx.del(key)),
    dump: () =>
      backend.read(async (tx) =>
        sorted(
          await Promise.all(
            (await tx.keys([])).map(async (k): Promise<[IDBValidKey, unknown]> => [k, await tx.get(k)]),
          ),
        ),
      ),
    reopen: (o = opts) => createRecordStore(backend, o),
  };
}

export const HARNESSES = [
  ['indexeddb', idbHarness],
  ['memory', memoryHarness],
] as const;

/** The run index of a run whose checkpoints are `cps` (oldest first), as a run file carries it. */
export function runMetaOf(cps: readonly Checkpoint[]): RunMeta {
  const last = cps.at(-1);
  if (!last) throw new Error('a run file needs a checkpoint');
  return {
    schema: RUN_SCHEMA,
    runId: last.runId,
    scenario: last.scenario,
    seed: last.seed,
    branch: null,
    newestSeq: last.seq,
    state: last.state,
    step: last.step,
    createdAt: 1,
    updatedAt: 2,
    checkpoints: cps.length,
    bytes: 0,
  };
}
