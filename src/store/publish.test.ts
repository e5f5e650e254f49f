import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Sim, type Checkpoint } from '../engine';
import type { PutResult } from '../persistence';
import { FRAME_MS, WRITE_WATCHDOG_MS, createPublisher, shownOf, type Batch, type FrameClock } from './publish';

/**
 * The publish gate against a backend whose writes settle only when the test says so, on a
 * clock the test moves: writes, commands and frames interleave at random (seeded), and every
 * view published must follow only durable checkpoints.
 */

function fakeClock() {
  let t = 1000;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let next = 0;
  const clock: FrameClock = {
    now: () => t,
    setTimeout: (fn, ms) => {
      timers.push({ at: t + ms, fn, id: ++next });
      return next;
    },
    clearTimeout: (h) => (timers = timers.filter((x) => x.id !== h)),
  };
  const advance = (ms: number) => {
    t += ms;
    for (;;) {
      const due = timers.filter((x) => x.at <= t).sort((a, b) => a.at - b.at)[0];
      if (!due) return;
      timers = timers.filter((x) => x !== due);
      due.fn();
    }
  };
  /** Time passing with the page free: its timers run on time (10 ms at a time). */
  const free = (ms: number) => {
    for (let left = ms; left > 0; left -= 10) advance(Math.min(10, left));
  };
  return { clock, advance, free };
}

const settle = () => new Promise<void>((r) => setTimeout(r, 0));

function harness() {
  const { clock, advance, free } = fakeClock();
  const durable = new Set<number>();
  const settled = new Set<number>();
  const inFlight: { cp: Checkpoint; resolve: (r: PutResult) => void }[] = [];
  const shown: { step: number; newestSeq: number; allSettled: boolean; allDurable: boolean }[] = [];
  const emitted: number[] = [];
  const stalled: { seq: number; ms: number }[] = [];
  // eslint-disable-next-line prefer-const -- assigned once the publisher it feeds exists
  let sim: Sim;
  const publisher = createPublisher(
    {
      put: (cp) => new Promise<PutResult>((resolve) => inFlight.push({ cp, resolve })),
      settled: () => undefined,
      stalled: (cp, ms) => stalled.push({ seq: cp.seq, ms }),
      show: () => {
        const upTo = emitted.filter((s) => s <= (sim.newest?.seq ?? 0));
        shown.push({
          step: sim.context.cursor,
          newestSeq: sim.newest?.seq ?? 0,
          allSettled: upTo.every((s) => settled.has(s)),
          allDurable: upTo.every((s) => durable.has(s)),
        });
      },
    },
    clock,
  );
  sim = new Sim({
    scenario: 'migration-40',
    config: { density: 'every_step' },
    onCheckpoint: (cp, ctx) => {
      emitted.push(cp.seq);
      publisher.onCheckpoint(cp, ctx);
    },
  });
  sim.subscribe(publisher.publish);
  const finish = async (i: number, failed = false) => {
    const w = inFlight.splice(i % inFlight.length, 1)[0];
    if (!w) return;
    if (!failed) durable.add(w.cp.seq);
    settled.add(w.cp.seq);
    w.resolve(
      failed
        ? { ok: false, code: 'E705', message: 'E705: E508: Storage failed', quota: false, stale: false }
        : { ok: true, bytes: 10, size: 10, ms: 1 },
    );
    await settle();
  };
  const command = () => sim.send(sim.state === 'created' ? { type: 'START' } : { type: 'TICK' });
  return { sim, shown, advance, free, finish, command, inFlight, publisher, stalled };
}

type Move = { kind: 'cmd' } | { kind: 'settle'; i: number } | { kind: 'time'; ms: number };
const move: fc.Arbitrary<Move> = fc.oneof(
  fc.constant<Move>({ kind: 'cmd' }),
  fc.record({ kind: fc.constant('settle' as const), i: fc.nat(8) }),
  fc.record({ kind: fc.constant('time' as const), ms: fc.integer({ min: 0, max: 2 * FRAME_MS }) }),
);

describe('the publish gate', () => {
  it('never shows a step whose checkpoint is not durable, whatever the interleaving (seeded)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 5, maxLength: 80 }), async (moves) => {
        const h = harness();
        for (const m of moves) {
          if (m.kind === 'cmd') h.command();
          else if (m.kind === 'settle') await h.finish(m.i);
          else h.advance(m.ms);
        }
        while (h.inFlight.length) await h.finish(0);
        h.advance(FRAME_MS);
        for (const v of h.shown) expect(v.allDurable).toBe(true);
      }),
      { seed: 13, numRuns: 300 },
    );
    // 300 seeded interleavings take about a second alone, several on a busy machine.
  }, 60_000);

  it('holds back a frame-timer publish when a command asked for a checkpoint meanwhile (10 ms writes, commands 12 ms apart)', async () => {
    const h = harness();
    for (let i = 0; i < 30; i++) {
      h.command();
      h.advance(10);
      await h.finish(0);
      h.advance(2);
    }
    while (h.inFlight.length) await h.finish(0);
    h.advance(FRAME_MS);
    expect(h.shown.length).toBeGreaterThan(0);
    expect(h.shown.filter((v) => !v.allDurable)).toEqual([]);
  });

  it('a write that never settles is said after the watchdog, and nothing past it is shown', async () => {
    const h = harness();
    // Until a checkpoint is pending (every step writes one), and it stays so.
    while (h.publisher.pending === 0) h.command();
    const seq = h.inFlight[0]!.cp.seq;
    const before = h.shown.length;
    h.free(WRITE_WATCHDOG_MS - 10);
    expect(h.stalled).toEqual([]);
    h.free(10);
    expect(h.stalled).toEqual([{ seq, ms: WRITE_WATCHDOG_MS }]);
    h.command();
    h.advance(10 * FRAME_MS);
    expect(h.shown.length).toBe(before);
    // It lands at last: the run is shown, and the watchdog says nothing more.
    while (h.inFlight.length) await h.finish(0);
    h.free(WRITE_WATCHDOG_MS);
    expect(h.shown.length).toBeGreaterThan(before);
    expect(h.stalled).toHaveLength(1);
  });

  it('a page whose own thread was blocked does not blame storage (a 25 s long task, then the write lands)', async () => {
    const h = harness();
    while (h.publisher.pending === 0) h.command();
    // One task holds the thread 25 s: the watchdog's look comes 25 s late, the write's answer with it.
    h.advance(25_000);
    expect(h.stalled).toEqual([]);
    await h.finish(0);
    h.free(WRITE_WATCHDOG_MS);
    expect(h.stalled).toEqual([]);
    // Blocked again and again (a slow replay): only the time the page was free counts.
    while (h.publisher.pending === 0) h.command();
    for (let i = 0; i < 6; i++) {
      h.advance(3000);
      h.free(200);
    }
    expect(h.stalled).toEqual([]);
    h.free(WRITE_WATCHDOG_MS);
    expect(h.stalled).toHaveLength(1);
  });

  it('shows nothing while held (a replay), and the run once released and durable', async () => {
    const h = harness();
    const release = h.publisher.hold();
    const before = h.shown.length;
    for (let i = 0; i < 5; i++) h.command();
    while (h.inFlight.length) await h.finish(0);
    h.free(10 * FRAME_MS);
    expect(h.shown.length).toBe(before);
    release();
    h.free(FRAME_MS);
    expect(h.shown.length).toBe(before + 1);
  });

  it('a write that settles in time starts no watchdog report', async () => {
    const h = harness();
    while (h.publisher.pending === 0) h.command();
    h.free(WRITE_WATCHDOG_MS - 100);
    await h.finish(0);
    h.free(WRITE_WATCHDOG_MS);
    expect(h.stalled).toEqual([]);
  });

  it('shows the run once the writes settle, failed ones included (the failure is then said out loud)', async () => {
    const h = harness();
    while (h.publisher.pending < 2) h.command();
    const before = h.shown.length;
    await h.finish(0);
    expect(h.shown.length).toBe(before);
    while (h.inFlight.length) await h.finish(0, true);
    h.advance(FRAME_MS);
    expect(h.shown.length).toBe(before + 1);
    expect(h.shown.at(-1)?.allSettled).toBe(true);
    expect(h.shown.at(-1)?.allDurable).toBe(false);
  });
});

describe('what a batch shows', () => {
  const cpOf = () => {
    const out: { cp: Checkpoint; ctx: Sim['context'] }[] = [];
    const s2 = new Sim({
      scenario: 'migration-40',
      config: { density: 'every_step' },
      onCheckpoint: (cp, ctx) => out.push({ cp, ctx }),
    });
    for (let i = 0; i < 12; i++) s2.send(i === 0 ? { type: 'START' } : { type: 'TICK' });
    return out;
  };
  const summary = (cp: Checkpoint) => ({
    runId: cp.runId,
    seq: cp.seq,
    step: cp.step,
    state: cp.state,
    trigger: cp.trigger,
    bytes: 1,
    storedBytes: 1,
    virtual: 0,
    wall: 0,
  });

  it('counts steps at risk from the newest durable checkpoint, not a failed newer one', () => {
    const cps = cpOf();
    const good = cps.at(-2) as (typeof cps)[number];
    const bad = cps.at(-1) as (typeof cps)[number];
    const batch: Batch = {
      pending: 0,
      newest: bad,
      written: [
        {
          summary: summary(good.cp),
          report: { seq: good.cp.seq, trigger: good.cp.trigger, ok: true, ms: 1, bytes: 5, size: 5 },
          done: 3,
        },
        {
          summary: summary(bad.cp),
          report: { seq: bad.cp.seq, trigger: bad.cp.trigger, ok: false, ms: 0, bytes: 0, size: 0, error: 'E508' },
          done: 4,
        },
      ],
    };
    const s = shownOf(batch, good.cp.runId, { bytesWritten: 0, history: [] });
    expect(s.newestDone).toBe(3);
    expect(s.history?.map((x) => x.seq)).toEqual([good.cp.seq]);
    expect(s.lastWrite?.ok).toBe(false);
  });
});
