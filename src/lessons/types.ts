import type {
  Bilingual,
  CheckpointTrigger,
  Config,
  DesignId,
  EndReason,
  GuardKind,
  LoopStage,
  MessageKind,
  SimCommand,
  StateName,
  StoryId,
  TakeoverEdit,
} from '../engine';
import type { ControlId } from './controls';
import type { ArticleSection } from './sections';

/**
 * A lesson is plain data: where it starts (scenario, seed, design) and a list of stops. Each stop
 * makes one move on the run and shows a caption about what that move did, so a caption is tied
 * to an event, never to a clock.
 */
export interface Lesson {
  id: string;
  title: Bilingual;
  scenario: string;
  seed: number;
  design: DesignId;
  config?: Partial<Config>;
  stops: readonly LessonStop[];
}

/**
 * What a stop does to the run.
 * - `command`: one injected command (`times` presses of it), as a control sends it.
 * - `wait`: the run goes on by itself (START, then TICKs: what the page's play does) until it
 *   stands in `state` (at step `step`, when given); "fast forward to waiting_approval" is
 *   `{ kind: 'wait', state: 'waiting_approval' }`. It approves nothing on the way.
 * - `finish`: plays to the end, approving every request on the way.
 * - `beat`: one beat of a story (stories.ts), e.g. the night of the opening story; with
 *   `through`, every beat from `beat` to `through` in one stop.
 * - `segment`: a fresh run with another design (or scenario, config, story's watchdog): how one
 *   lesson shows several harness designs one after the other, each on the lesson's seed.
 * - `replay_failure`: re-runs the newest checkpoint's latest failed call (failure replay).
 * - `takeover`: a person edits the newest checkpoint and hands it back; the run goes on from it.
 * - `fork`: a new branch of the run from one of its checkpoints (the history's "fork from
 *   here"): the newest one that is not terminal, so a cancelled or failed run goes on from
 *   where it stood before it ended.
 */
export type LessonMove =
  | { kind: 'command'; command: SimCommand; times?: number }
  | { kind: 'wait'; state: StateName; step?: number }
  | { kind: 'finish' }
  | { kind: 'beat'; story: StoryId; beat: number; through?: number }
  | { kind: 'segment'; design: DesignId; scenario?: string; config?: Partial<Config>; story?: StoryId }
  | { kind: 'replay_failure' }
  | { kind: 'takeover'; edit: TakeoverEdit }
  | { kind: 'fork' };

/**
 * The read-outs a stop's caption cites (its `focus`): presenter mode shows these, and only these,
 * beside the diagram (src/ui/present/Evidence.tsx), each with the hook it reads. `diagram` is the
 * diagram itself (its lit state); the others one figure each:
 * - `step` the current step (`current-step`), `loop` the loop guard's stage and count,
 *   `guard` the design badge's guard, `requests` approval requests, `ended` why the run ended,
 *   `down` why the process is down;
 * - the meters: `clock`, `tokens`, `wasted` (steps wasted), `checkpoints` (the newest
 *   checkpoint's number), `stored` (checkpoints on disk, bytes written), `sizes` (position-only
 *   against full-state bytes);
 * - the newest checkpoint: `newest` (its number, trigger, state and step: the article's item ①),
 *   and its items ② `cp-done`, ③ `cp-refs`, ④ `cp-todos`, ⑤ `cp-plan`;
 * - `ledger` the ledger's newest row, `channel` the context channel's newest message, `plan`
 *   the plan's version and length, `rereads` files re-read, `side` the queued second task.
 */
export const FOCUSES = [
  'diagram',
  'step',
  'loop',
  'guard',
  'requests',
  'ended',
  'down',
  'clock',
  'tokens',
  'wasted',
  'checkpoints',
  'stored',
  'sizes',
  'newest',
  'cp-done',
  'cp-refs',
  'cp-todos',
  'cp-plan',
  'ledger',
  'channel',
  'plan',
  'rereads',
  'side',
] as const;
export type Focus = (typeof FOCUSES)[number];

/**
 * The student's turn: the stop waits until the student presses `control` (its move is what that
 * press sends, which is what the lesson's own script does) and the run stands in `expect`
 * (ended for `ended`, when given). `ask` shows before; the caption after.
 */
export interface YourTurn {
  control: ControlId;
  ask: Bilingual;
  expect: StateName;
  ended?: EndReason;
}

/**
 * What the run on screen shows after a stop, as the caption tells it: the test plays every
 * lesson and holds each stop to this, so a caption cannot say what the run does not do. Only
 * `state` is required; every other field, when given, must match.
 */
export interface StopShows {
  state: StateName;
  /** `current-step`: the step in progress or to run next. */
  step?: number;
  /** Why the run ended (`run-ended`), or null while it has not. */
  ended?: EndReason | null;
  /** Why the process is down (a crash, the overnight timeout), or null while it runs. */
  down?: 'crash' | 'timeout' | null;
  /** `loop-stage` of the current step; null where the run has no loop guard (the simple mode). */
  loop?: LoopStage | null;
  /** `loop-count`. */
  count?: number;
  /** The guard on the design badge (`data-guard`). */
  guard?: GuardKind;
  /** The newest message in the context channel, or null when the channel is empty. */
  message?: MessageKind | null;
  /** Rows in the step ledger. */
  ledger?: number;
  /** The newest checkpoint's sequence number (`checkpoint-count`); 0 when none was written. */
  checkpoints?: number;
  /** The newest checkpoint's step, trigger and state. */
  newest?: { step?: number; trigger?: CheckpointTrigger; state?: StateName } | null;
  /** `steps-wasted`. */
  wasted?: number;
  /** Files re-read on resuming without artifact refs. */
  rereads?: number;
  /** `approval-requests`. */
  requests?: number;
  /** The plan's version and length. */
  plan?: { version?: number; steps?: number };
  /** The queued second task (smell 2): still waiting, or done. */
  side?: 'waiting' | 'done';
  /** The full-state checkpoint is at least this many times the position-only one. */
  fullStateTimes?: number;
  /**
   * The virtual clock (`virtual-clock[data-day][data-minutes]`): its day and a window of the
   * time of day, `from` and `to` as "hh:mm" inclusive. Required when the caption or the ask names
   * a time of day (validate.ts), and the window must be one that word can name (TIME_WORDS).
   */
  clock?: ClockClaim;
  /**
   * The newest ledger row: the call actually made (`ledger-row`'s `data-step`, `data-tool`,
   * `data-args`), and `changed`: whether it differs in tool or args from the row before it at the
   * same step. A caption that says the model changed its approach or addressed a reason says what
   * it called instead.
   */
  call?: CallClaim;
  /**
   * Checkpoints of the run on screen stored on disk: the history's length (`checkpoint-item`'s
   * `aria-setsize`), with `bytes-written` above 0 whenever it is. Required when a caption speaks
   * of disk or the history (claims.test.ts).
   */
  stored?: number;
}

export interface CallClaim {
  step?: number;
  tool?: string;
  args?: string;
  changed?: boolean;
}

/** A day of the run (1 is its first) and a window of that day's time, "hh:mm" to "hh:mm" inclusive. */
export interface ClockClaim {
  day: number;
  from: string;
  to: string;
}

export interface LessonStop {
  /**
   * A short kebab-case name of what the stop shows (`restart-from-27`), unique within its
   * lesson: the guide's notes are keyed by it, so inserting a stop cannot shift them.
   */
  id: string;
  move: LessonMove;
  caption: Bilingual;
  /** What the run shows after this stop (held to the run by lessons.test.ts). */
  shows: StopShows;
  /**
   * Predict-then-reveal asks which step the run goes on from, instead of which state comes
   * next (a RESTART after a crash: how far does this density fall back?).
   */
  predict?: 'step';
  /** The article's section the caption's rule comes from (lesson-source). */
  source: ArticleSection;
  yourTurn?: YourTurn;
  /** The read-outs the caption cites, most important first (FOCUSES); none when it cites only its words. */
  focus?: readonly Focus[];
}

/** A stop played on the run on screen: the timeline marks it at the event it ended at. */
export interface StopOnRun {
  /** The stop, 0-based. */
  at: number;
  /** The event of the run's timeline it ended at (-1: where that run begins). */
  event: number;
  caption: Bilingual;
}
