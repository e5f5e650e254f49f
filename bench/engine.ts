/**
 * The engine half of `npm run bench`: the pure engine in Node, through its public API only
 * (src/engine/index.ts), with no page and no storage.
 *
 * 1. Throughput: ticks/s of the `Sim` running migration-40 to the end, again and again, next
 *    to a bare XState v5 actor that only counts events (the floor any XState machine pays).
 * 2. Checkpoint size at step 27 of migration-40 (the before_suspend checkpoint), and the size
 *    a full-state checkpoint would have at the same point.
 * 3. How the final checkpoint grows with the plan: 40, 400 and 4000 steps.
 * 4. Node heap after GC at the end of a 40-step and a 4000-step run.
 * 5. The article's three endings: each story on each harness design (bench/endings.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { assign, createActor, setup } from 'xstate';
import {
  Sim,
  checkpointBytes,
  findScenario,
  sizesAt,
  type Checkpoint,
  type Scenario,
  type StateName,
} from '../src/engine';
import { atLeast, atMost, collectGarbage, figure, median, progress, type Figure } from './lib';
import { endings } from './endings';

/** Wall time of one throughput trial; BENCH_TRIAL_MS shortens it (e.g. under a profiler). */
const TRIAL_MS = Number(process.env.BENCH_TRIAL_MS ?? 2000);
const WARMUP_MS = Math.min(1000, TRIAL_MS);
const TRIALS = 5;

const START = { type: 'START' } as const;
const TICK = { type: 'TICK' } as const;
const APPROVE = { type: 'APPROVE' } as const;

const TERMINAL: ReadonlySet<StateName> = new Set<StateName>(['completed', 'failed', 'cancelled']);

function scenario(id: string): Scenario {
  const s = findScenario(id);
  if (!s) throw new Error(`scenario ${id} not found`);
  return s;
}

interface Run {
  sim: Sim;
  /** Every send: START, each TICK, each APPROVE. */
  sends: number;
}

/** A run to its end as a student pressing "tick" would drive it, approving when asked. */
function runToEnd(s: Scenario | string): Run {
  const sim = new Sim({ scenario: s });
  sim.send(START);
  let sends = 1;
  for (;;) {
    const state = sim.state;
    if (TERMINAL.has(state)) return { sim, sends };
    sim.send(state === 'waiting_approval' ? APPROVE : TICK);
    sends++;
  }
}

/** Repeats `chunk` (which returns how many events it sent) for `ms` of wall time: events/s. */
function timed(ms: number, chunk: () => number): number {
  const t0 = performance.now();
  let n = 0;
  let elapsed: number;
  do {
    n += chunk();
    elapsed = performance.now() - t0;
  } while (elapsed < ms);
  return n / (elapsed / 1000);
}

/** The floor: one state, one event, one assign. */
const counter = setup({
  types: { context: {} as { n: number }, events: {} as { type: 'TICK' } },
}).createMachine({
  id: 'counter',
  context: { n: 0 },
  on: { TICK: { actions: assign({ n: ({ context }) => context.n + 1 }) } },
});

const BARE_BATCH = 1000;

function simTrial(ms: number): number {
  return timed(ms, () => runToEnd('migration-40').sends);
}

function bareTrial(ms: number): number {
  const actor = createActor(counter).start();
  let sent = 0;
  const rate = timed(ms, () => {
    for (let i = 0; i < BARE_BATCH; i++) actor.send(TICK);
    sent += BARE_BATCH;
    return BARE_BATCH;
  });
  // The work was really done (and cannot have been optimised away).
  if (actor.getSnapshot().context.n !== sent) throw new Error('bare actor lost events');
  actor.stop();
  return rate;
}

function throughput(): Figure[] {
  const check = runToEnd('migration-40');
  if (check.sim.state !== 'completed' || check.sends !== 44) {
    throw new Error(`migration-40 should complete in 44 sends; it ended ${check.sim.state} after ${check.sends}`);
  }
  progress(`throughput: warm-up (${WARMUP_MS} ms each)`);
  simTrial(WARMUP_MS);
  bareTrial(WARMUP_MS);
  const sims: number[] = [];
  const bares: number[] = [];
  for (let i = 0; i < TRIALS; i++) {
    progress(`throughput: trial ${i + 1}/${TRIALS} (${TRIAL_MS} ms each)`);
    // Interleaved, and the order alternates, so drift (heat, GC debt) falls on both alike.
    if (i % 2 === 0) {
      sims.push(simTrial(TRIAL_MS));
      bares.push(bareTrial(TRIAL_MS));
    } else {
      bares.push(bareTrial(TRIAL_MS));
      sims.push(simTrial(TRIAL_MS));
    }
  }
  const ticks = median(sims);
  const bare = median(bares);
  const spread = (xs: number[]) =>
    `${Math.round(Math.min(...xs)).toLocaleString('en')}–${Math.round(Math.max(...xs)).toLocaleString('en')}`;
  return [
    figure(
      'engine ticks/s (Sim, migration-40 to completion)',
      ticks,
      'ticks/s',
      atLeast(100_000),
      `median of ${TRIALS} × ${TRIAL_MS / 1000} s; trials ${spread(sims)}; every send counts (START, TICK, APPROVE: 44 a run, new Sim each run)`,
    ),
    figure(
      'bare XState v5 actor events/s (one state, one assign)',
      bare,
      'events/s',
      undefined,
      `median of ${TRIALS} × ${TRIAL_MS / 1000} s; trials ${spread(bares)}`,
    ),
    figure('engine / bare XState ratio', ticks / bare, '×', atLeast(0.3), xstatePatchNote()),
  ];
}

/**
 * Whether the resolved XState's four module builds (`dist/raise-*.js`: ESM and CJS, production
 * and development; not the UMD bundles, which nothing here loads) carry
 * patches/xstate+5.33.3.patch (applied by `postinstall`): without it V8 tenures `microstep`'s
 * action array and both figures above fall by a third or more (patches/README.md).
 */
function xstatePatchNote(): string {
  const dist = join(dirname(createRequire(import.meta.url).resolve('xstate/package.json')), 'dist');
  const builds = readdirSync(dist).filter((f) => /^raise-.*\.js$/.test(f));
  const patched = builds.filter((f) =>
    /function microstep\([^)]*\) \{\n\s*const actions = Array\.of\.call\(Array\);/.test(
      readFileSync(join(dist, f), 'utf8'),
    ),
  );
  return patched.length === builds.length && builds.length > 0
    ? `XState's microstep patch applied in ${patched.length} of ${builds.length} builds (patches/README.md)`
    : `XState's microstep patch NOT applied (${patched.length} of ${builds.length} builds): run npm install (patches/README.md)`;
}

function checkpointAt27(): Figure[] {
  const sim = new Sim({ scenario: 'migration-40' });
  sim.send(START);
  while (sim.state !== 'waiting_approval') {
    if (TERMINAL.has(sim.state)) throw new Error(`migration-40 ended ${sim.state} without waiting for approval`);
    sim.send(TICK);
  }
  const cp = sim.newest as Checkpoint | null;
  if (!cp || cp.trigger !== 'before_suspend' || cp.step !== 27 || cp.state !== 'waiting_approval') {
    throw new Error(
      `expected the before_suspend checkpoint at step 27, got ${cp ? `${cp.trigger} at ${cp.step}` : 'none'}`,
    );
  }
  const bytes = checkpointBytes(cp);
  const { fullState } = sizesAt(sim.context, sim.state);
  return [
    figure(
      'checkpoint bytes at step 27 (before_suspend)',
      bytes,
      'B',
      atMost(4096),
      'UTF-8 of the stored JSON: checkpointBytes(sim.newest)',
    ),
    figure(
      'full-state checkpoint bytes at step 27',
      fullState,
      'B',
      undefined,
      'sizesAt(...).fullState: position plus the modelled message history',
    ),
    figure('full-state / position at step 27', fullState / bytes, '×', atLeast(10)),
  ];
}

function growth(): Figure[] {
  const ids = ['migration-40', 'migration-400', 'migration-4000'] as const;
  const bytes: Record<string, number> = {};
  const out: Figure[] = [];
  let bigRunMs = 0;
  for (const id of ids) {
    progress(`growth: ${id}`);
    const s = scenario(id);
    const t0 = performance.now();
    const { sim } = runToEnd(s);
    if (id === 'migration-4000') bigRunMs = performance.now() - t0;
    const cp = sim.newest;
    if (sim.state !== 'completed' || !cp || cp.trigger !== 'terminal')
      throw new Error(`${id} did not end with a terminal checkpoint`);
    const steps = s.steps.length;
    const b = checkpointBytes(cp);
    bytes[id] = b;
    out.push(figure(`final checkpoint bytes, ${id}`, b, 'B'));
    out.push(figure(`final checkpoint bytes per step, ${id}`, b / steps, 'B/step'));
  }
  const ratio = (bytes['migration-4000'] as number) / (bytes['migration-40'] as number);
  out.push(
    figure(
      'checkpoint growth 4000 / 40 steps',
      ratio,
      '×',
      atMost(110),
      `100× the steps: ${ratio <= 100 ? 'slower than linear' : ratio <= 110 ? 'linear (within 10%)' : 'faster than linear'}`,
    ),
  );

  // Time of the 4000-step run: the one above was its first (cold for that plan), so two more.
  const times = [bigRunMs];
  for (let i = 0; i < 2; i++) {
    progress(`growth: migration-4000 timing ${i + 2}/3`);
    const t0 = performance.now();
    runToEnd(scenario('migration-4000'));
    times.push(performance.now() - t0);
  }
  const big = median(times);
  const small = timePerRun('migration-40', 200);
  out.push(figure('run time, migration-4000 to completion', big, 'ms', undefined, 'median of 3 runs, new Sim each'));
  out.push(figure('time per step, migration-4000', (big * 1000) / 4000, 'µs/step'));
  out.push(
    figure('time per step, migration-40', (small * 1000) / 40, 'µs/step', undefined, 'median of 5 batches of 200 runs'),
  );
  return out;
}

/** Median ms per run over 5 batches of `reps` runs. */
function timePerRun(id: string, reps: number): number {
  const s = scenario(id);
  const batches: number[] = [];
  for (let b = 0; b < 5; b++) {
    const t0 = performance.now();
    for (let i = 0; i < reps; i++) runToEnd(s);
    batches.push((performance.now() - t0) / reps);
  }
  return median(batches);
}

/** Keeps runs reachable across a measurement, so the collector cannot take them. */
const kept: Run[] = [];

/** heapUsed after full GCs, in bytes. */
function heapUsed(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

/**
 * Runs `copies` runs of the plan to the end and keeps them all: the heap with them alive, and
 * what one finished Sim retains (the difference over the heap before, divided by `copies`:
 * one 40-step Sim is too small to see above the collector's noise, a hundred are not).
 */
function heapOf(s: Scenario, copies: number): { used: number; perSim: number } {
  kept.length = 0;
  const base = heapUsed();
  for (let i = 0; i < copies; i++) kept.push(runToEnd(s));
  const used = heapUsed();
  if (kept.length !== copies || kept.some((r) => r.sim.state !== 'completed'))
    throw new Error(`${s.id} did not complete`);
  kept.length = 0;
  return { used, perSim: (used - base) / copies };
}

const WHOLE_HEAP =
  'process.memoryUsage().heapUsed after global.gc(), with the finished Sim still referenced: the whole Node process (bench code, xstate, the engine, the plan); not the browser page';

function heap(): Figure[] {
  if (!collectGarbage()) {
    return [figure('Node engine heap (skipped: run with node --expose-gc)', 0, 'MiB')];
  }
  const out: Figure[] = [];
  for (const [id, copies] of [
    ['migration-40', 100],
    ['migration-4000', 1],
  ] as const) {
    progress(`heap: ${id}`);
    const s = scenario(id);
    // The plan (made here) and its machine (cached by the runs above) exist before the
    // measurement: neither counts as retained by the Sim.
    const one = heapOf(s, 1);
    const many = copies > 1 ? heapOf(s, copies) : one;
    out.push(
      figure(`Node engine heap after GC, end of ${id} run`, one.used / 2 ** 20, 'MiB', undefined, WHOLE_HEAP),
      figure(
        `Node engine heap retained per finished ${id} Sim`,
        many.perSim / 2 ** 10,
        'KiB',
        undefined,
        `heapUsed with ${copies === 1 ? 'the finished Sim' : `${copies} finished Sims`} kept, minus heapUsed before the run${copies === 1 ? '' : 's, divided by ' + copies} (all after GC)`,
      ),
    );
  }
  return out;
}

export async function run(): Promise<Figure[]> {
  return [...throughput(), ...checkpointAt27(), ...growth(), ...heap(), ...endings()];
}
