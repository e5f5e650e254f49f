import { Sim, Timeline, isTerminal, type SimCommand } from '../../src/engine';
import { collectGarbage } from '../lib';
import { START, TICK, APPROVE, scenario } from './runs';

/**
 * A 4,000-step run as a class might take it, failures along the way: migration-4000 ticked to
 * its end, a fault every 97 events (the fail button, or one queued for the next execution), a
 * crash and a restart every 499, the approval at step 27 given when asked. `id`: another
 * scenario driven the same way (migration-40: no fault comes before its end).
 */
export function longRun(id = 'migration-4000'): Sim {
  const sim = new Sim({ scenario: scenario(id), onCheckpoint: () => {} });
  sim.send(START);
  for (let n = 1; !isTerminal(sim.state) && n < 20_000; n++) {
    let cmd: SimCommand = sim.state === 'waiting_approval' ? APPROVE : TICK;
    if (!sim.alive) cmd = { type: 'RESTART' };
    else if (n % 499 === 0) cmd = { type: 'CRASH' };
    else if (n % 97 === 0)
      cmd = n % 2 ? { type: 'FAIL_NOW', error: 'timeout' } : { type: 'INJECT_FAULT', error: 'not_found' };
    sim.send(cmd);
  }
  return sim;
}

/** A small seeded generator (mulberry32), so every bench run seeks the same positions. */
export function positions(count: number, length: number, seed = 41): number[] {
  let a = seed;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    out.push(Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * length));
  }
  return out;
}

/** One timeline of `sim` with a keyframe every `every` events, built, then seeked `seeks` times. */
export interface SeekTrial {
  every: number;
  events: number;
  keyframes: number;
  buildMs: number;
  buildCpuMs: number;
  /** Heap the keyframes and labels hold (after GC), bytes. */
  heapBytes: number;
  seeksMs: number[];
  /** This process's CPU time (user + system) of each seek. */
  seeksCpuMs: number[];
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

/** Builds the timeline and seeks it (heap measured with --expose-gc; 0 without). */
export function trial(sim: Sim, every: number, seeks: number): SeekTrial {
  collectGarbage();
  const base = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const timeline = new Timeline(sim, every);
  const events = timeline.length;
  const buildCpuMs = cpuMs(c0);
  const buildMs = performance.now() - t0;
  const gc = collectGarbage();
  const heapBytes = !gc ? 0 : process.memoryUsage().heapUsed - base;
  const seeksMs: number[] = [];
  const seeksCpuMs: number[] = [];
  for (const i of positions(seeks, events)) {
    const s0 = performance.now();
    const c = process.cpuUsage();
    const m = timeline.seek(i);
    // What the page reads to draw the moment.
    if (m.sim.context.cursor < 1 || m.index !== i) throw new Error(`seek(${i}) did not stand at event ${i}`);
    seeksCpuMs.push(cpuMs(c));
    seeksMs.push(performance.now() - s0);
  }
  return { every, events, keyframes: timeline.keyframeCount, buildMs, buildCpuMs, heapBytes, seeksMs, seeksCpuMs };
}
