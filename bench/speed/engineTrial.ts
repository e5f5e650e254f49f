/**
 * One trial of the engine's throughput for the speed A/B (bench/speed.ts): migration-40 run to
 * its end again and again through `Sim`, one second of warm-up, then TRIAL_MS; prints ticks/s.
 * bench/speed.ts runs it in a Node of its own, with and without each engine device.
 * ENGINE_TRIAL_SCENARIO=migration-4000 times a long run instead (its ledger grows to 4,000 rows).
 */
import { runToEnd } from '../engine/runs';

const WARMUP_MS = 1000;
const TRIAL_MS = 2000;
const SCENARIO = process.env.ENGINE_TRIAL_SCENARIO ?? 'migration-40';

function rate(ms: number): number {
  const t0 = performance.now();
  let sends = 0;
  let elapsed: number;
  do {
    sends += runToEnd(SCENARIO).sends;
    elapsed = performance.now() - t0;
  } while (elapsed < ms);
  return sends / (elapsed / 1000);
}

rate(WARMUP_MS);
console.log(String(Math.round(rate(TRIAL_MS))));
