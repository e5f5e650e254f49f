import type { Checkpoint, DensityPolicy, DesignId, ForkPoint, Sim, TaskContext, WorkingSet } from '../engine';
import type { RunBatch } from '../persistence';
import type { StopOnRun } from '../lessons/types';
import type { SimView } from './view';

/**
 * The records the store's slices share. Each slice's own type is its creator's (`ReturnType`),
 * and the store is their intersection (simStore.ts): the slices stand in a fixed order and
 * each creator is given `set` for its own fields and `get` for itself and the slices above it,
 * so the compiler refuses a slice that names one below it or writes a field it does not own.
 */

/** What a slice is given: `set` for its own fields, `get` for the slices above it and itself. */
export type SliceArgs<Own, Above = unknown> = [
  set: (partial: Partial<Own> | ((s: Above & Own) => Partial<Own>)) => void,
  get: () => Above & Own,
];

export type StorageStatus = { status: 'indexeddb' | 'memory' | 'error'; message?: string };

/** A message for the person: an import refused, an edit refused, a write that failed. */
export type Notice = { kind: 'error' | 'info'; text: string };

/** How the run was resumed, for "resumed from checkpoint #n (trigger, age)". */
export interface ResumeReport {
  seq: number;
  trigger: string;
  wall: number;
  /** How old the checkpoint was when the run resumed from it (wall ms). */
  age: number;
  step: number;
  state: string;
  workingSet: WorkingSet;
}

/** Settings a new run starts with (density, harness design, overnight timeout, the model's temper). */
export interface RunSettings {
  density: DensityPolicy;
  design: DesignId;
  overnight: boolean;
  /** The chance the simulated model changes approach after a system-reminder. */
  heedReminder: number;
}

/** A past moment of the page's run shown (seek.ts): the run as it stood after event `index`. */
export interface Seek {
  /** The live Sim whose timeline it is: once the page shows another run, this seek is over. */
  sim: Sim;
  /** The event (-1: where the timeline begins). */
  index: number;
  /** The run at that moment, as the page draws a run. */
  view: SimView;
  /** The checkpoint a branch from here starts from (the nearest at or before it), or null. */
  fork: ForkPoint | null;
  /** A control was pressed meanwhile: the page offers to fork from here instead. */
  offered: boolean;
}

/** A lesson at a stop, as lessons/player.ts replays it: its runs, the one shown, and where its new checkpoints go. */
export interface LessonReplay {
  /** The lesson's runs, oldest first; the last is `sim`'s. */
  runs: readonly RunBatch[];
  sim: Sim;
  /** The stops played on `sim`'s own run, each with the event it ended at. */
  stops?: readonly StopOnRun[];
  /** Sends each checkpoint `sim` makes from now on to `sink` as well. */
  live(sink: (cp: Checkpoint, ctx: TaskContext) => void): void;
}
