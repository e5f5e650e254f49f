/**
 * The storage benchmark's page (bench/storage.ts): the real engine (`Sim`) and the real
 * checkpoint store (`openCheckpointStore`, IndexedDB) from ../../src, no UI. It exposes
 * `window.__storageBench` (see api.ts); playwright calls it, every timing is taken in here.
 */
import { Sim, checkpointBytes, type Checkpoint, type StateName } from '../../src/engine';
import { openCheckpointStore, openDatabase, type PageStore, type PutResult } from '../../src/persistence';
import type { Backend } from '../../src/persistence/backend';
import { idbBackend } from '../../src/persistence/idbStore';
import { createRecordStore } from '../../src/persistence/recordStore';
import { lessonStop } from './lessonStop';
import type { BytesResult, FloorArgs, LatencyArgs, LatencySample, PutParts, StorageBench } from './api';

const START = { type: 'START' } as const;
const TICK = { type: 'TICK' } as const;
const APPROVE = { type: 'APPROVE' } as const;
const TERMINAL: ReadonlySet<StateName> = new Set<StateName>(['completed', 'failed', 'cancelled']);

let runs = 0;
/** A run id nobody has used in this database. */
const freshRunId = (what: string) => `bench-${what}-${Date.now().toString(36)}-${++runs}`;

/**
 * A fresh run of `scenario` driven as a person would (START, TICK, APPROVE when asked), its
 * checkpoints collected in order, until `stop` says the last one collected is the one wanted
 * (or, without `stop`, to the end of the run).
 */
function checkpointsOf(
  scenario: string,
  runId: string,
  stop?: (cp: Checkpoint) => boolean,
): { sim: Sim; cps: Checkpoint[] } {
  const cps: Checkpoint[] = [];
  let done = false;
  const sim = new Sim({
    scenario,
    runId,
    wallClock: Date.now,
    onCheckpoint: (cp) => {
      if (done) return;
      cps.push(cp);
      if (stop?.(cp)) done = true;
    },
  });
  sim.send(START);
  while (!done && !TERMINAL.has(sim.state)) sim.send(sim.state === 'waiting_approval' ? APPROVE : TICK);
  return { sim, cps };
}

function must(r: PutResult, cp: Checkpoint): asserts r is Extract<PutResult, { ok: true }> {
  if (!r.ok) throw new Error(`put of checkpoint #${cp.seq} (step ${cp.step}) failed: ${r.message}`);
}

interface Marks {
  call: number;
  open: number;
  work: number;
  end: number;
}

/** A Backend that marks when each write is asked for, runs its callback, settles it, completes. */
function timedBackend(inner: Backend, marks: Marks[]): Backend {
  return {
    kind: inner.kind,
    read: (fn) => inner.read(fn),
    write: (fn) => {
      const m: Marks = { call: performance.now(), open: NaN, work: NaN, end: NaN };
      marks.push(m);
      return inner
        .write(async (tx) => {
          m.open = performance.now();
          const result = await fn(tx);
          m.work = performance.now();
          return result;
        })
        .then((result) => {
          m.end = performance.now();
          return result;
        });
    },
  };
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const nearestRank = (s: number[], p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;

async function main(): Promise<StorageBench> {
  const opened = await openCheckpointStore();
  if (opened.status !== 'indexeddb')
    throw new Error(`the store is not on IndexedDB: ${opened.notice ?? opened.status}`);
  const store: PageStore = opened.store;
  // The same record logic on the same database, through a Backend that marks each write's parts.
  const marks: Marks[] = [];
  const timedStore = createRecordStore(timedBackend(idbBackend(openDatabase(indexedDB)), marks));
  // The same store on the same database with each durability, for the A/B of the app's choice.
  const byDurability = {
    strict: createRecordStore(idbBackend(openDatabase(indexedDB, undefined, undefined, 'strict'))),
    relaxed: createRecordStore(idbBackend(openDatabase(indexedDB, undefined, undefined, 'relaxed'))),
  };

  async function latency(args: LatencyArgs): Promise<LatencySample[]> {
    const target = args.breakdown ? timedStore : args.durability ? byDurability[args.durability] : store;
    const samples: LatencySample[] = [];
    for (let i = 0; i < args.warmup + args.samples; i++) {
      const runId = freshRunId(args.scenario);
      const { cps } = checkpointsOf(
        args.scenario,
        runId,
        (cp) => cp.step >= args.atStep && (args.trigger === undefined || cp.trigger === args.trigger),
      );
      const timed = cps.at(-1);
      if (!timed || timed.step < args.atStep)
        throw new Error(`${args.scenario} made no checkpoint at step ${args.atStep} or later`);
      for (const cp of cps.slice(0, -1)) must(await target.put(cp), cp);
      marks.length = 0;
      const t0 = performance.now();
      const r = await target.put(timed);
      const t1 = performance.now();
      must(r, timed);
      if (i < args.warmup) continue;
      let parts: PutParts | undefined;
      const m = marks[0];
      if (args.breakdown && m) {
        parts = {
          prepare: m.call - t0,
          open: m.open - m.call,
          work: m.work - m.open,
          commit: m.end - m.work,
          after: t1 - m.end,
        };
      }
      samples.push({
        ms: t1 - t0,
        storeMs: r.ms,
        seq: timed.seq,
        step: timed.step,
        trigger: timed.trigger,
        before: cps.length - 1,
        ledgerRows: timed.ledger.length,
        stored: r.bytes,
        size: checkpointBytes(timed),
        ...(parts ? { parts } : {}),
      });
    }
    return samples;
  }

  async function bytes(scenario: string): Promise<BytesResult> {
    const usageBefore = (await navigator.storage.estimate()).usage ?? NaN;
    const runId = freshRunId(scenario);
    const s0 = performance.now();
    const { sim, cps } = checkpointsOf(scenario, runId);
    const simMs = performance.now() - s0;
    const times: number[] = [];
    const w0 = performance.now();
    for (const cp of cps) {
      const t0 = performance.now();
      must(await store.put(cp), cp);
      times.push(performance.now() - t0);
    }
    const writeMs = performance.now() - w0;
    const { runs: all } = await store.listRuns();
    const run = all.find((r) => r.runId === runId);
    if (!run) throw new Error(`run ${runId} is not listed after its writes`);
    const usageAfter = (await navigator.storage.estimate()).usage ?? NaN;
    const last = cps.at(-1);
    const t = sorted(times);
    return {
      scenario,
      planSteps: sim.scenario.steps.length,
      checkpoints: cps.length,
      finalStep: last?.step ?? 0,
      finalState: sim.state,
      runBytes: run.bytes,
      wholeBytes: cps.reduce((n, cp) => n + checkpointBytes(cp), 0),
      finalBytes: last ? checkpointBytes(last) : 0,
      usageBefore,
      usageAfter,
      simMs,
      writeMs,
      putP50: nearestRank(t, 50),
      putP95: nearestRank(t, 95),
      putMax: t.at(-1) ?? NaN,
    };
  }

  function checkpointAt(scenario: string, atStep: number, trigger?: string): Checkpoint {
    const { cps } = checkpointsOf(
      scenario,
      freshRunId(scenario),
      (cp) => cp.step >= atStep && (trigger === undefined || cp.trigger === trigger),
    );
    const cp = cps.at(-1);
    if (!cp) throw new Error(`${scenario} made no checkpoint`);
    return cp;
  }

  let floorDb: Promise<IDBDatabase> | undefined;
  const openFloor = () =>
    (floorDb ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('bench-floor');
      request.onupgradeneeded = () => request.result.createObjectStore('values');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    }));

  async function floor(args: FloorArgs): Promise<number[]> {
    const db = await openFloor();
    const times: number[] = [];
    for (let i = 0; i < args.warmup + args.samples; i++) {
      const t0 = performance.now();
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('values', 'readwrite', { durability: args.durability ?? 'default' });
        const values = tx.objectStore('values');
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
        // The value and a small index record, as the store's put writes a record and its run index.
        const write = () => {
          values.put(args.value, `v-${runs}-${i}`);
          values.put({ newest: i }, 'index');
        };
        if (args.readFirst) values.get('index').onsuccess = write;
        else write();
      });
      if (i >= args.warmup) times.push(performance.now() - t0);
    }
    runs++;
    return times;
  }

  return {
    ready: { status: opened.status, ...(opened.notice ? { notice: opened.notice } : {}) },
    latency,
    bytes,
    checkpointAt,
    floor,
    lessonStop: (samples, warmup) => lessonStop(store, () => freshRunId('lesson'), samples, warmup),
  };
}

const status = document.getElementById('status');
main().then(
  (bench) => {
    window.__storageBench = bench;
    if (status) status.textContent = `ready (${bench.ready.status})`;
  },
  (e: unknown) => {
    window.__storageBenchError = e instanceof Error ? (e.stack ?? e.message) : String(e);
    if (status) status.textContent = `failed: ${window.__storageBenchError}`;
  },
);
