import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { DESIGN_IDS, type Checkpoint } from 'harness-core/sim';
import { commandArb } from './arbitraries.test-kit';
import { optionsAt } from './moves';
import { Sim, type SimOptions } from './sim';
import { STORIES, StoryRun } from './stories';
import { Timeline, play } from './timeline';
import type { SimReading } from './timelineTypes';

/** What the page draws of a run: the figures a seek must show exactly as the run had them. */
function drawn(sim: SimReading) {
  const m = sim.meters;
  return {
    state: sim.state,
    step: sim.context.cursor,
    // The run's memo is a cache, never stored nor drawn.
    context: { ...sim.context, memo: null },
    alive: sim.alive,
    down: sim.down,
    downAt: sim.downAt,
    meters: [m.clock, m.tokens, m.wasted, m.work, m.modelCalls, m.rereads, m.heldMs, { ...m.side }],
    newest: sim.newest,
    log: [...sim.log],
    requests: sim.requestsSent.length,
  };
}

/** A run's moves replayed from its beginning on a new Sim: the truth a seek is held to. */
function replayTo(live: Sim, index: number): Sim {
  const sim = new Sim(optionsAt(live.scenario, live.origin));
  for (let i = 0; i <= index; i++) play(sim, live.moves[i]!);
  return sim;
}

/** A live run as the page makes one: every checkpoint and approval request goes out to someone. */
function liveRun(opts: Omit<SimOptions, 'onCheckpoint' | 'onApprovalRequest'>) {
  const onCheckpoint = vi.fn<(cp: Checkpoint) => void>();
  const onApprovalRequest = vi.fn();
  const sim = new Sim({ ...opts, onCheckpoint, onApprovalRequest });
  return { sim, onCheckpoint, onApprovalRequest };
}

describe('seek', () => {
  it('shows after any event what a replay from the beginning to that event shows, and writes nothing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('migration-40', 'dynamic-plan', 'enumerate', 'script-5min'),
        fc.constantFrom(...DESIGN_IDS),
        fc.integer({ min: 0, max: 1_000 }),
        fc.array(commandArb, { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        (scenario, design, seed, commands, every, picks) => {
          const { sim, onCheckpoint, onApprovalRequest } = liveRun({ scenario, design, seed });
          const timeline = new Timeline(sim, every);
          // The live run as it stood after each event, taken as it went: the truth, not a replay.
          const seen = [drawn(sim)];
          for (const c of commands) if (sim.send(c)) seen.push(drawn(sim));
          const n = timeline.length;
          expect(n).toBe(sim.moves.length);
          if (n === 0) return;
          const written = onCheckpoint.mock.calls.length;
          const asked = onApprovalRequest.mock.calls.length;
          const liveBefore = drawn(sim);
          // The last event: the live run itself is the truth.
          expect(drawn(timeline.seek(n - 1).sim)).toEqual(liveBefore);
          for (const p of picks) {
            const i = (p % (n + 1)) - 1;
            const shown = drawn(timeline.seek(i).sim);
            expect(shown, `event ${i} of ${n}`).toEqual(seen[i + 1]);
            expect(shown, `event ${i} of ${n}, replayed`).toEqual(drawn(replayTo(sim, i)));
          }
          expect(onCheckpoint.mock.calls.length).toBe(written);
          expect(onApprovalRequest.mock.calls.length).toBe(asked);
          expect(drawn(sim)).toEqual(liveBefore);
          expect(sim.moves.length).toBe(n);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps showing a moment while the live run goes on, and then sees the new events', () => {
    const { sim } = liveRun({ scenario: 'migration-40' });
    const timeline = new Timeline(sim, 4);
    sim.send({ type: 'START' });
    for (let i = 0; i < 10; i++) sim.send({ type: 'TICK' });
    const moment = timeline.seek(5);
    const shown = drawn(moment.sim);
    for (let i = 0; i < 10; i++) sim.send({ type: 'TICK' });
    expect(drawn(moment.sim)).toEqual(shown);
    expect(timeline.length).toBe(21);
    expect(drawn(timeline.seek(20).sim)).toEqual(drawn(sim));
  });

  it('refuses an event the run has not taken, saying which it has', () => {
    const { sim } = liveRun({ scenario: 'migration-40' });
    const timeline = new Timeline(sim);
    sim.send({ type: 'START' });
    expect(() => timeline.seek(1)).toThrow('events 0 to 0');
    expect(() => timeline.seek(-2)).toThrow(RangeError);
    expect(() => timeline.seek(0.5)).toThrow(RangeError);
  });
});

describe('catching up a slice at a time (the page, a long run)', () => {
  it('takes as many moves as it is let, and ends with what one catch-up takes', () => {
    const { sim } = liveRun({ scenario: 'migration-40', seed: 1 });
    for (let i = 0; i < 120; i++) sim.send(i === 0 ? { type: 'START' } : { type: 'TICK' });
    const sliced = new Timeline(sim, 16);
    const whole = new Timeline(sim, 16);
    let slices = 0;
    for (;;) {
      let budget = 25;
      slices++;
      if (sliced.syncWhile(() => budget-- > 0)) break;
      expect(sliced.taken.length).toBe(25 * slices);
    }
    expect(slices).toBe(Math.ceil(sim.moves.length / 25));
    expect(sliced.taken).toEqual(whole.events);
    expect(sliced.seek(60).sim.context).toEqual(whole.seek(60).sim.context);
  });
});

describe('seeking back across an approval and a crash', () => {
  /** migration-40 to its approval at step 27, approved, a few steps, a crash and a restart. */
  function story() {
    const run = liveRun({ scenario: 'migration-40' });
    const { sim } = run;
    const timeline = new Timeline(sim, 8);
    sim.send({ type: 'START' });
    while (sim.state !== 'waiting_approval') sim.send({ type: 'TICK' });
    sim.send({ type: 'APPROVE' });
    for (let i = 0; i < 3; i++) sim.send({ type: 'TICK' });
    sim.send({ type: 'CRASH' });
    sim.send({ type: 'RESTART' });
    return { ...run, timeline };
  }

  it('marks the request, the approval, the crash and the restart where they happened', () => {
    const { timeline } = story();
    const at = (mark: string) => timeline.events.filter((e) => e.marks.includes(mark as never)).map((e) => e.move.type);
    expect(at('approval-request')).toEqual(['TICK']);
    expect(at('approve')).toEqual(['APPROVE']);
    expect(at('crash')).toEqual(['CRASH']);
    expect(at('restart')).toEqual(['RESTART']);
    const request = timeline.events.find((e) => e.marks.includes('approval-request'))!;
    expect(request).toMatchObject({ from: 'running', to: 'waiting_approval', step: 27 });
    expect(request.checkpoint).toMatchObject({ trigger: 'before_suspend', step: 27 });
  });

  it('shows the moment before each: running before the crash, waiting before the approval', () => {
    const { sim, timeline, onCheckpoint, onApprovalRequest } = story();
    const written = onCheckpoint.mock.calls.length;
    const events = timeline.events;
    const crash = events.findIndex((e) => e.move.type === 'CRASH');
    const approve = events.findIndex((e) => e.move.type === 'APPROVE');
    const beforeCrash = timeline.seek(crash - 1).sim;
    expect(beforeCrash.alive).toBe(true);
    expect(beforeCrash.state).toBe('running');
    expect(beforeCrash.context.cursor).toBe(30);
    const down = timeline.seek(crash).sim;
    expect(down.alive).toBe(false);
    expect(down.down).toBe('crash');
    const beforeApproval = timeline.seek(approve - 1).sim;
    expect(beforeApproval.state).toBe('waiting_approval');
    expect(beforeApproval.context.approval.pending).not.toBeNull();
    expect(beforeApproval.newest).toMatchObject({ trigger: 'before_suspend', step: 27 });
    // Seeking sent no request again and wrote nothing; the live run stands where it stood.
    expect(onApprovalRequest).toHaveBeenCalledTimes(1);
    expect(onCheckpoint).toHaveBeenCalledTimes(written);
    expect(sim.alive).toBe(true);
    expect(sim.state).toBe('running');
  });
});

describe('forkAt', () => {
  it('is the newest checkpoint written at or before the event', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000 }),
        fc.array(commandArb, { minLength: 1, maxLength: 80 }),
        (seed, commands) => {
          const written: { seq: number; at: number }[] = [];
          const sim = new Sim({
            scenario: 'migration-40',
            seed,
            onCheckpoint: (cp) => written.push({ seq: cp.seq, at: sim.moves.length }),
          });
          const timeline = new Timeline(sim, 5);
          for (const c of commands) sim.send(c);
          for (let i = -1; i < timeline.length; i++) {
            // Checkpoints written while move i ran are noted before it is recorded: at === i.
            const last = written.filter((w) => w.at <= i).at(-1);
            const fork = timeline.forkAt(i);
            expect(fork?.seq ?? null, `event ${i}`).toBe(last?.seq ?? null);
            if (fork) {
              const cp = timeline.checkpointOf(fork);
              expect(cp).toMatchObject({ seq: fork.seq, step: fork.step, trigger: fork.trigger, state: fork.state });
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it.each([
    ['a design without checkpoints', 'migration-40', 'no-checkpoint'],
    ['the simple mode', 'script-5min', 'article'],
  ] as const)('is null all along a run of %s', (_, scenario, design) => {
    const { sim } = liveRun({ scenario, design });
    const timeline = new Timeline(sim);
    sim.send({ type: 'START' });
    for (let i = 0; i < 30 && sim.send({ type: 'TICK' }); i++);
    expect(timeline.length).toBeGreaterThan(3);
    for (let i = -1; i < timeline.length; i++) expect(timeline.forkAt(i)).toBeNull();
  });
});

describe('where the timeline begins', () => {
  it('a run resumed from storage begins at the checkpoint it read, which is its first fork point', () => {
    const first = new Sim({ scenario: 'migration-40' });
    first.send({ type: 'START' });
    for (let i = 0; i < 12; i++) first.send({ type: 'TICK' });
    const cp = first.newest!;
    const { sim } = liveRun({ scenario: 'migration-40', from: cp });
    const timeline = new Timeline(sim, 3);
    for (let i = 0; i < 7; i++) sim.send({ type: 'TICK' });
    expect(timeline.origin).toEqual({
      kind: 'resumed',
      checkpoint: { runId: cp.runId, seq: cp.seq, step: cp.step, trigger: cp.trigger, state: cp.state },
    });
    expect(timeline.seek(-1).sim.context.cursor).toBe(cp.step);
    expect(timeline.forkAt(-1)).toMatchObject({ seq: cp.seq, event: -1 });
    expect(drawn(timeline.seek(6).sim)).toEqual(drawn(sim));
  });

  it('goes on where the share record ends: a restart from an older checkpoint storage held', () => {
    const { sim } = liveRun({ scenario: 'migration-40' });
    const timeline = new Timeline(sim, 4);
    sim.send({ type: 'START' });
    for (let i = 0; i < 8; i++) sim.send({ type: 'TICK' });
    const older = sim.newest!;
    while (sim.newest!.seq === older.seq) sim.send({ type: 'TICK' });
    sim.send({ type: 'CRASH' });
    sim.send({ type: 'RESTART', from: older });
    for (let i = 0; i < 3; i++) sim.send({ type: 'TICK' });
    expect(sim.commands).toBeNull();
    expect(timeline.length).toBe(sim.moves.length);
    const restart = timeline.events.findIndex((e) => e.move.type === 'RESTART');
    expect(timeline.seek(restart).sim.context.cursor).toBe(older.step);
    expect(drawn(timeline.seek(timeline.length - 1).sim)).toEqual(drawn(sim));
  });

  it("a story's night is an event of its own, and the morning after it seeks like any other", () => {
    const run = StoryRun.start(STORIES['opening-story'], 'article');
    const timeline = new Timeline(run.sim, 16);
    run.finish();
    const night = timeline.events.findIndex((e) => e.marks.includes('pass-time'));
    expect(night).toBeGreaterThan(0);
    expect(run.sim.commands).toBeNull();
    const event = timeline.events[night]!;
    expect(event.clock).toBeGreaterThan(event.clockBefore);
    expect(timeline.seek(night).sim.clock).toBe(event.clock);
    expect(drawn(timeline.seek(timeline.length - 1).sim)).toEqual(drawn(run.sim));
  });
});

describe('Sim.copy (a keyframe)', () => {
  it('goes on alone: driving the copy leaves the run as it was, and driving the run leaves the copy', () => {
    fc.assert(
      fc.property(
        fc.array(commandArb, { minLength: 1, maxLength: 40 }),
        fc.array(commandArb, { minLength: 1, maxLength: 40 }),
        (before, after) => {
          const { sim, onCheckpoint, onApprovalRequest } = liveRun({ scenario: 'migration-40' });
          for (const c of before) sim.send(c);
          const copy = sim.copy();
          const run = drawn(sim);
          expect(drawn(copy)).toEqual(run);
          const written = onCheckpoint.mock.calls.length;
          const asked = onApprovalRequest.mock.calls.length;
          for (const c of after) copy.send(c);
          expect(drawn(sim)).toEqual(run);
          expect(onCheckpoint.mock.calls.length).toBe(written);
          expect(onApprovalRequest.mock.calls.length).toBe(asked);
          const moved = drawn(copy);
          for (const c of after) sim.send(c);
          expect(drawn(copy)).toEqual(moved);
          expect(drawn(sim)).toEqual(moved);
        },
      ),
      { numRuns: 100 },
    );
  });
});
