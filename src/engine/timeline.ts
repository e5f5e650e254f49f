import type { Checkpoint } from 'harness-core';
import { isTerminal } from 'harness-core';
import { Sim } from './sim';
import { optionsAt, type Move } from './moves';
import type {
  CheckpointMark,
  ForkPoint,
  SimReading,
  TimelineEvent,
  TimelineMark,
  TimelineOrigin,
} from './timelineTypes';

/**
 * The timeline of a run (issue 41): one position per event the run has taken, and the run as it
 * stood after any of them. It rests on the run replaying identically from where its Sim began
 * and its moves (moves.ts): a shadow Sim of its own replays the live run's moves to label each
 * event, and keeps a copy of itself every `every` events (a keyframe); `seek` copies the nearest
 * keyframe at or before the event and replays the few moves after it. Nothing here touches the
 * live Sim but to read its moves, and nothing it replays calls anyone (no checkpoint written to
 * storage, no approval request sent): it is a view.
 */

/**
 * Events between keyframes. A seek copies a keyframe and replays at most this many moves less
 * one; each keyframe holds its moment's own arrays. Measured on a 4,157-event run (`npm run bench
 * -- timeline`, docs/design/speed.md): 64 keeps the worst seek within 100 ms for about 21 MiB of
 * keyframes; 16 is faster for three times the memory, 256 slower for two thirds of it.
 */
export const KEYFRAME_EVERY = 64;

/** A moment of the run: after event `index` (-1: where the timeline begins). */
interface Moment {
  readonly index: number;
  /** The event just taken, or null at the beginning. */
  readonly event: TimelineEvent | null;
  readonly sim: SimReading;
}

const markOf = (cp: Checkpoint): CheckpointMark => ({
  runId: cp.runId,
  seq: cp.seq,
  step: cp.step,
  trigger: cp.trigger,
  state: cp.state,
});

/** Sends a move to a Sim as the live run took it. */
export function play(sim: Sim, move: Move): boolean {
  return move.type === 'PASS_TIME' ? sim.passTime(move.until) : sim.send(move);
}

/**
 * One run's timeline: make it with the Sim (`new Timeline(sim)`, one per Sim the page adopts) and
 * read it as the run goes on; it catches up by itself. What a replay cannot give back: the wall
 * time stamped on a moment's checkpoints is the replay's (0), so the history's times come from
 * storage; and a follower's mirror, which nobody drives, has no events.
 */
export class Timeline {
  readonly origin: TimelineOrigin;
  private readonly live: Sim;
  private readonly every: number;
  /** Replays the live run's moves, one event behind or level with it. */
  private readonly cursor: Sim;
  /** The checkpoints the cursor wrote during the event being played, the last one kept. */
  private written: Checkpoint | null = null;
  private readonly list: TimelineEvent[] = [];
  /** The newest checkpoint written at or before each event (forkAt), by event. */
  private readonly forks: (ForkPoint | null)[] = [];
  /** keyframes[j]: the run after event j * every - 1 (keyframes[0]: where it begins). */
  private readonly keyframes: Sim[] = [];

  /** The timeline of `live`, with a keyframe every `every` events. */
  constructor(live: Sim, every: number = KEYFRAME_EVERY) {
    if (!Number.isInteger(every) || every < 1)
      throw new RangeError(`keyframe interval must be a whole number ≥ 1, not ${every}`);
    this.live = live;
    this.every = every;
    const origin = live.origin;
    this.origin =
      origin.kind === 'resumed' ? { kind: 'resumed', checkpoint: markOf(origin.from) } : { kind: 'created' };
    this.cursor = new Sim({
      ...optionsAt(live.scenario, origin),
      onCheckpoint: (cp) => {
        this.written = cp;
      },
    });
    this.keyframes.push(this.cursor.copy());
  }

  /** Catches up with the live run's moves (every reader does this first; cheap when nothing is new). */
  sync(): void {
    this.syncWhile(() => true);
  }

  /**
   * Catches up while `more()` says so (asked before each move), and says whether it has every
   * move now. The page catches up a long run a slice at a time (a shared link of 10,000
   * commands is seconds of replay: Timeline.tsx), so no single task holds the page.
   */
  syncWhile(more: () => boolean): boolean {
    const moves = this.live.moves;
    for (let i = this.list.length; i < moves.length && more(); i++) {
      this.take(i, moves[i] as Move);
      if ((i + 1) % this.every === 0) this.keyframes.push(this.cursor.copy());
    }
    return this.list.length === moves.length;
  }

  /** The events taken so far, without catching up (the page's track while it catches up in slices). */
  get taken(): readonly TimelineEvent[] {
    return this.list;
  }

  /** How many events the run has taken. */
  get length(): number {
    this.sync();
    return this.list.length;
  }

  /** Every event, in order. */
  get events(): readonly TimelineEvent[] {
    this.sync();
    return this.list;
  }

  /** How many keyframes are kept (for the benchmark's memory figure). */
  get keyframeCount(): number {
    this.sync();
    return this.keyframes.length;
  }

  /**
   * The run as it stood right after event `index` (-1: where the timeline begins), built from
   * the nearest keyframe; a new Sim each call, which nobody else holds.
   */
  seek(index: number): Moment {
    this.sync();
    this.check(index);
    const k = Math.floor((index + 1) / this.every);
    const sim = (this.keyframes[k] as Sim).copy();
    const moves = this.live.moves;
    for (let i = k * this.every; i <= index; i++) play(sim, moves[i] as Move);
    return { index, event: this.list[index] ?? null, sim };
  }

  /**
   * The nearest checkpoint at or before event `index` (a resumed run's own checkpoint counts),
   * or null when there is none: a design without checkpoints, the simple mode, or no checkpoint
   * written yet. A branch from a past event starts from it.
   */
  forkAt(index: number): ForkPoint | null {
    this.sync();
    this.check(index);
    return index >= 0 ? (this.forks[index] ?? null) : this.originFork();
  }

  private originFork(): ForkPoint | null {
    return this.origin.kind === 'resumed' ? { ...this.origin.checkpoint, event: -1 } : null;
  }

  /** The checkpoint of a fork point, as the replay wrote it (its wall-clock stamp is the replay's). */
  checkpointOf(fork: ForkPoint): Checkpoint | null {
    const origin = this.live.origin;
    if (fork.event < 0) return origin.kind === 'resumed' ? origin.from : null;
    const cp = this.seek(fork.event).sim.newest;
    return cp && cp.seq === fork.seq ? cp : null;
  }

  private check(index: number) {
    if (!Number.isInteger(index) || index < -1 || index >= this.list.length) {
      throw new RangeError(
        `no event ${index} on this timeline: it has events 0 to ${this.list.length - 1} (-1: its beginning)`,
      );
    }
  }

  /** Plays move `i` on the cursor and notes what it did. */
  private take(i: number, move: Move) {
    const sim = this.cursor;
    const before = sim.context;
    const from = sim.state;
    const requests = sim.requestsSent.length;
    const { alive, clock } = sim;
    this.written = null;
    play(sim, move);
    const after = sim.context;
    const to = sim.state;
    const marks: TimelineMark[] = [];
    if (this.written) marks.push('checkpoint');
    if (failed(before.ledger, after.ledger) || (to === 'failed' && from !== 'failed')) marks.push('failure');
    if (move.type === 'INJECT_FAULT' || move.type === 'FAIL_NOW') marks.push('fault');
    if (sim.requestsSent.length > requests) marks.push('approval-request');
    if (move.type === 'APPROVE') marks.push('approve');
    if (move.type === 'REJECT') marks.push('reject');
    if (move.type === 'CANCEL') marks.push('cancel');
    if (move.type === 'RESTART') marks.push('restart');
    if (move.type === 'PASS_TIME') marks.push('pass-time');
    if (alive && !sim.alive && sim.down !== null) marks.push(sim.down);
    if (isTerminal(to) && !isTerminal(from)) marks.push('end');
    const checkpoint = this.written ? markOf(this.written) : null;
    this.list.push({
      index: i,
      move,
      marks,
      from,
      to,
      stepBefore: before.cursor,
      step: after.cursor,
      clockBefore: clock,
      clock: sim.clock,
      alive: sim.alive,
      checkpoint,
    });
    this.forks.push(
      checkpoint ? { ...checkpoint, event: i } : i === 0 ? this.originFork() : (this.forks[i - 1] ?? null),
    );
  }
}

/** Whether rows were added to the ledger and one of them is a failed execution. */
function failed(before: TaskLedger, after: TaskLedger): boolean {
  if (after === before || after.length <= before.length) return false;
  for (let i = before.length; i < after.length; i++) if (after[i]?.outcome === 'error') return true;
  return false;
}

type TaskLedger = Sim['context']['ledger'];
