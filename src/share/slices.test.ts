import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, Sim, type SimCommand } from '../engine';
import { replayed } from '../store/address';
import { SLICE_MS, runInSlices, type Slicer } from './slices';
import { packReplay, unpackReplay } from './replay';

/**
 * Work an outside input sizes runs in slices with turns for the page between them, under a
 * budget (issue 40): on a fake clock where each step costs more than the one before, as a
 * `no-fuse` replay's commands do.
 */
function fakeSlicer() {
  let t = 0;
  const slices: number[] = [];
  let sliceStart = 0;
  const slicer: Slicer = {
    now: () => t,
    yield: async () => {
      slices.push(t - sliceStart);
      sliceStart = t;
    },
  };
  return { slicer, slices, spend: (ms: number) => (t += ms), at: () => t };
}

describe('work in slices', () => {
  it('gives the page a turn at least every SLICE_MS of work plus one step, and does every step', async () => {
    const f = fakeSlicer();
    const cost = (i: number) => 0.001 * i;
    const r = await runInSlices(5000, (i) => (f.spend(cost(i)), true), { budgetMs: 60_000, slicer: f.slicer });
    expect(r).toEqual({ end: 'done', done: 5000 });
    expect(f.slices.length).toBeGreaterThan(1000);
    for (const s of f.slices) expect(s).toBeLessThanOrEqual(SLICE_MS + cost(5000));
  });

  it('stops once the budget of work is spent, saying where', async () => {
    const f = fakeSlicer();
    const r = await runInSlices(1000, () => (f.spend(1), true), { budgetMs: 100, slicer: f.slicer });
    expect(r.end).toBe('budget');
    expect(r.done).toBeGreaterThanOrEqual(100);
    expect(r.done).toBeLessThan(100 + SLICE_MS + 1);
  });

  it('stops at a step that refuses', async () => {
    const f = fakeSlicer();
    expect(await runInSlices(10, (i) => i < 4, { budgetMs: 100, slicer: f.slicer })).toEqual({
      end: 'refused',
      done: 4,
    });
  });
});

describe("a link's replay", () => {
  const hostile = (n: number): SimCommand[] => [
    { type: 'START' },
    { type: 'TICK' },
    ...Array.from({ length: n }, () => ({ type: 'FAIL_NOW' as const, error: 'timeout' as const })),
  ];

  it('goes in slices, and past its budget stops where it got to with a notice (no-fuse, F:timeout × 1,500)', async () => {
    const unpacked = await unpackReplay(await packReplay({ config: DEFAULT_CONFIG, commands: hostile(1500) }));
    expect(unpacked.ok).toBe(true);
    const sim = new Sim({ scenario: 'migration-40', design: 'no-fuse' });
    const f = fakeSlicer();
    // Each command costs 1 ms more for every 100 sent before it (the engine's real cost grows so).
    let sent = 0;
    const send = (cmd: SimCommand) => {
      f.spend(1 + sent++ / 100);
      return sim.send(cmd);
    };
    const notice = await replayed(unpacked, 'en', send, { budgetMs: 2000, slicer: f.slicer });
    expect(f.slices.length).toBeGreaterThan(100);
    expect(Math.max(...f.slices)).toBeLessThanOrEqual(SLICE_MS + 1 + 1500 / 100);
    expect(notice?.text).toMatch(/The link's 1502 commands took more than 2 s of work to replay/);
    const at = Number(/stands after command (\d+)/.exec(notice!.text)![1]);
    expect(at).toBe(sent);
    expect(at).toBeLessThan(1502);
    expect(f.at()).toBeLessThan(2000 + SLICE_MS + 1 + 1500 / 100);
  });
});
