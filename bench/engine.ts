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
import { Sim, checkpointBytes, isTerminal, sizesAt, type Checkpoint } from '../src/engine';
import { atLeast, atMost, figure, median, progress, type Figure } from './lib';
import { endings } from './endings';
import { heap } from './engine/heap';
import { START, TICK, runToEnd, scenario } from './engine/runs';

/** Wall time of one throughput trial; BENCH_TRIAL_MS shortens it (e.g. under a profiler). */
const TRIAL_MS = Number(process.env.BENCH_TRIAL_MS ?? 2000);
const WARMUP_MS = Math.min(1000, TRIAL_MS);
const TRIALS = 5;

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
      // What the page needs: a fast-forward makes at most 10,000 moves/s (store/player.ts), with
      // twice that for a slower machine. The speed devices above it answer to docs/design/speed.md.
      atLeast(20_000),
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
    if (isTerminal(sim.state)) throw new Error(`migration-40 ended ${sim.state} without waiting for approval`);
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

export async function run(): Promise<Figure[]> {
  return [...throughput(), ...checkpointAt27(), ...growth(), ...heap(), ...endings()];
}
