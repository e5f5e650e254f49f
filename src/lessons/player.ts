import {
  STORIES,
  Sim,
  StoryRun,
  isTerminal,
  nextMove,
  applyTakeover,
  forkCheckpoint,
  replayFailure,
  type Checkpoint,
  type Config,
  type DesignId,
  type EndReason,
  type Replay,
  type StateName,
  type TaskContext,
} from '../engine';
import { readShown, type Shown } from './shows';
import { checkYourTurn, type YourTurnCheck } from './yourTurn';
import type { Lesson, LessonMove, LessonStop, StopOnRun } from './types';

/**
 * The lesson player, pure over the engine: a position in a lesson is the lesson's stops replayed
 * from the start on a fresh Sim with the lesson's seed, so going back to a stop gives exactly the
 * run the lesson had there. No timers: the UI paces the moves (PACE) and shows the captions.
 */

/**
 * The pace the UI plays a lesson at, and what a lesson's length is measured in: a caption takes
 * about 8 s to read aloud (a your-turn stop has two: the ask, then the caption); a single press
 * is animated at 0.2 s a move; fast-forwarding (wait, finish, a story's beat) runs 20 moves a second.
 */
export const PACE = { captionMs: 8_000, moveMs: 200, fastMoveMs: 50 } as const;

/** No lesson needs more moves than this in one stop; a stop that would is a broken lesson. */
const MOVE_LIMIT = 5_000;

/** What one stop did: where the run stood after it, and the checkpoint the UI can restore. */
export interface StopTrace {
  at: number;
  state: StateName;
  /** Why the run ended, once it has. */
  ended: EndReason | null;
  step: number;
  alive: boolean;
  /** Moves the stop made (each a command the Sim took). */
  moves: number;
  /** Its moves count at the fast-forward pace. */
  fast: boolean;
  /** The stop got where it meant to (the wait's state, a replay, a takeover accepted). */
  reached: boolean;
  /** The Sim's newest checkpoint after the stop. */
  newest: Checkpoint | null;
  /** What the run shows after the stop, in the terms of the stop's `shows` (shows.ts). */
  shown: Shown;
}

export interface LessonPosition {
  lesson: Lesson;
  /** The stop on screen (0-based). */
  at: number;
  sim: Sim;
  /** The stop is the student's turn and waits for them: its move has not been made. */
  awaiting: boolean;
  /** The latest failure replay made so far (a `replay_failure` stop). */
  replay: Replay | null;
  /** The stops applied so far, in order. */
  trace: StopTrace[];
  /** The last stop has been played. */
  done: boolean;
  /** The lesson's runs so far, oldest first; the last is `sim`'s (what the page stores). */
  runs: LessonRun[];
  /** The stops played on `sim`'s own run, each with the event of its timeline it ended at. */
  stops: StopOnRun[];
  /**
   * Sends each checkpoint `sim` makes from now on (the student's presses) to `sink` too, as a
   * Sim's `onCheckpoint` would: the page writes and shows them as any run's.
   */
  live(sink: CheckpointSink): void;
}

const isFast = (m: LessonMove): boolean => m.kind === 'wait' || m.kind === 'finish' || m.kind === 'beat';

/** A Sim's `onCheckpoint`: each checkpoint as it is made, and the context it was made from. */
export type CheckpointSink = (cp: Checkpoint, ctx: TaskContext) => void;

/**
 * One run of a lesson (its start, each segment, a fork), as the page stores it: what it is
 * (`meta`, the fields of a saved run) and every checkpoint it wrote, oldest first. A takeover
 * goes on in the same run, as an edit handed back does on the page.
 */
export interface LessonRun {
  meta: { runId: string; scenario: string; seed: number; design: DesignId; branch: Checkpoint['branch'] | null };
  checkpoints: Checkpoint[];
}

interface PlayOptions {
  /** Plays a your-turn stop by the script, as "show me" does. */
  script?: boolean;
  /** The run id of the lesson's n-th fresh run (0: its start, then each segment); `run-1` by default. */
  runId?: (n: number) => string;
}

class Runner {
  sim: Sim;
  replay: Replay | null = null;
  /** The lesson's runs so far, in the order they began: the last is the one on screen. */
  readonly runs: LessonRun[] = [];
  /** Where checkpoints go besides `runs` once the page has the run (the student's own presses). */
  live: CheckpointSink | null = null;
  /** The stops played on `sim`: a segment, a fork or a takeover begins a Sim (a timeline) anew. */
  readonly onScreen: StopOnRun[] = [];
  private moves = 0;
  private forks = 0;
  private begun = 0;
  private unsubscribe: () => void = () => {};
  private readonly keep: CheckpointSink = (cp, ctx) => {
    this.runs.at(-1)?.checkpoints.push(cp);
    this.live?.(cp, ctx);
  };

  constructor(
    private readonly lesson: Lesson,
    private readonly runIdOf: (n: number) => string = () => 'run-1',
  ) {
    this.sim = this.begin({ design: lesson.design, config: lesson.config ?? {} });
  }

  /** A fresh run of the lesson (its start or a segment), recorded as a run of its own. */
  private begin(o: { scenario?: string; design: DesignId; config: Partial<Config> }): Sim {
    const runId = this.runIdOf(this.begun++);
    const scenario = o.scenario ?? this.lesson.scenario;
    this.runs.push({
      meta: { runId, scenario, seed: this.lesson.seed, design: o.design, branch: null },
      checkpoints: [],
    });
    return this.adopt(
      new Sim({ scenario, seed: this.lesson.seed, runId, design: o.design, config: o.config, onCheckpoint: this.keep }),
    );
  }

  /** A run that goes on from `cp`: a new run of the lesson (a fork), or the same run (a takeover). */
  private from(cp: Checkpoint, sameRun: boolean): Sim {
    const run = this.runs.at(-1);
    if (sameRun && run) run.checkpoints.push(cp);
    else {
      const { runId, scenario, seed, design, branch } = cp;
      this.runs.push({
        meta: { runId, scenario, seed, design: design ?? 'article', branch: branch ?? null },
        checkpoints: [cp],
      });
    }
    return this.adopt(new Sim({ scenario: this.sim.scenario, from: cp, onCheckpoint: this.keep }));
  }

  private adopt(sim: Sim): Sim {
    this.onScreen.length = 0;
    this.unsubscribe();
    this.unsubscribe = sim.subscribe(() => this.moves++);
    this.sim = sim;
    return sim;
  }

  apply(stop: LessonStop, at: number): StopTrace {
    this.moves = 0;
    const reached = this.move(stop.move);
    const { sim } = this;
    this.onScreen.push({ at, event: sim.moves.length - 1, caption: stop.caption });
    return {
      at,
      state: sim.state,
      ended: sim.context.ended,
      step: sim.context.cursor,
      alive: sim.alive,
      moves: this.moves,
      fast: isFast(stop.move),
      reached,
      newest: sim.newest,
      shown: readShown(sim, this.runs.at(-1)?.checkpoints.length ?? 0),
    };
  }

  private ended(): boolean {
    return isTerminal(this.sim.state) || !this.sim.alive;
  }

  private move(m: LessonMove): boolean {
    const sim = this.sim;
    switch (m.kind) {
      case 'command': {
        let any = false;
        for (let i = 0; i < (m.times ?? 1); i++) any = sim.send(m.command) || any;
        return any;
      }
      case 'wait': {
        const there = () => sim.state === m.state && (m.step === undefined || sim.context.cursor === m.step);
        for (let i = 0; i < MOVE_LIMIT && !there() && !this.ended(); i++) {
          if (!sim.send(nextMove(sim))) break;
        }
        return there();
      }
      case 'finish':
        for (let i = 0; i < MOVE_LIMIT && !this.ended(); i++) {
          const s = sim.state;
          if (
            !sim.send(
              s === 'waiting_approval' ? { type: 'APPROVE' } : s === 'created' ? { type: 'START' } : { type: 'TICK' },
            )
          )
            break;
        }
        return isTerminal(sim.state);
      case 'beat': {
        const story = STORIES[m.story];
        const beats = story.beats.slice(m.beat, (m.through ?? m.beat) + 1);
        if (beats.length === 0) return false;
        new StoryRun({ ...story, beats }, sim).finish();
        return true;
      }
      case 'segment': {
        const config = { ...(m.story ? STORIES[m.story].config : {}), ...m.config };
        this.begin({ ...(m.scenario ? { scenario: m.scenario } : {}), design: m.design, config });
        return true;
      }
      case 'replay_failure':
        this.replay = sim.newest ? replayFailure(sim.newest, sim.scenario) : null;
        return this.replay !== null;
      case 'takeover': {
        if (!sim.newest) return false;
        const result = applyTakeover(sim.newest, m.edit, sim.scenario, 0);
        if (!result.ok) return false;
        this.from(result.checkpoint, true);
        return true;
      }
      case 'fork': {
        // The history's "fork from here" on the newest checkpoint that is not the end itself.
        const from = this.runs.at(-1)?.checkpoints.findLast((cp) => !isTerminal(cp.state));
        if (!from) return false;
        this.from(forkCheckpoint(from, `${from.runId}.fork-${++this.forks}`), false);
        return true;
      }
    }
  }
}

const clamp = (lesson: Lesson, at: number): number => Math.max(0, Math.min(lesson.stops.length - 1, Math.trunc(at)));

/**
 * The lesson standing at stop `at` (0-based, clamped): every stop before it played by the
 * lesson's own script, and stop `at` too unless it is the student's turn (then `awaiting`,
 * and the student's presses go to `sim`; `{ script: true }` plays it by the script, as a
 * "show me" would). The same `at` always gives the same run.
 */
export function playTo(lesson: Lesson, at: number, opts: PlayOptions = {}): LessonPosition {
  const k = clamp(lesson, at);
  const runner = new Runner(lesson, opts.runId);
  const trace: StopTrace[] = [];
  for (let i = 0; i < k; i++) trace.push(runner.apply(lesson.stops[i]!, i));
  const stop = lesson.stops[k]!;
  const awaiting = stop.yourTurn !== undefined && opts.script !== true;
  if (!awaiting) trace.push(runner.apply(stop, k));
  return positionOf(runner, lesson, k, awaiting, trace);
}

/** Where `runner` stands: at stop `at` of `lesson`, waiting for the student or not. */
function positionOf(runner: Runner, lesson: Lesson, at: number, awaiting: boolean, trace: StopTrace[]): LessonPosition {
  return {
    lesson,
    at,
    sim: runner.sim,
    awaiting,
    replay: runner.replay,
    trace,
    done: !awaiting && at === lesson.stops.length - 1,
    runs: runner.runs,
    stops: runner.onScreen,
    live: (sink) => void (runner.live = sink),
  };
}

/** The lesson played to its end by its own script, doing what each your-turn stop asks. */
export function autoplay(lesson: Lesson): LessonPosition & { checks: YourTurnCheck[] } {
  const runner = new Runner(lesson);
  const trace: StopTrace[] = [];
  const checks: YourTurnCheck[] = [];
  lesson.stops.forEach((stop, i) => {
    trace.push(runner.apply(stop, i));
    if (stop.yourTurn) checks.push(checkYourTurn(lesson, stop, runner.sim));
  });
  return { ...positionOf(runner, lesson, lesson.stops.length - 1, false, trace), checks };
}

/** How long the lesson takes at PACE when played by its own script (ms). */
export function lessonLengthMs(lesson: Lesson): number {
  return autoplay(lesson).trace.reduce((ms, t, i) => {
    const captions = lesson.stops[i]?.yourTurn ? 2 : 1;
    return ms + captions * PACE.captionMs + t.moves * (t.fast ? PACE.fastMoveMs : PACE.moveMs);
  }, 0);
}
