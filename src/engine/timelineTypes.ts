import type { CheckpointTrigger, StateName } from 'harness-core';
import type { Sim } from './sim';
import type { Move } from './moves';

/** What a run's timeline (timeline.ts) says of its events and moments: what the page reads. */

/** What an event did that the timeline marks and colours (an event may do several). */
export type TimelineMark =
  /** A checkpoint was written (the newest of them is `checkpoint`). */
  | 'checkpoint'
  /** A step's execution failed (a ledger row that is an error), or the run ended failed. */
  | 'failure'
  /** An injected fault: the fail button, or a fault queued for the next execution. */
  | 'fault'
  /** An approval request went out to a person. */
  | 'approval-request'
  | 'approve'
  | 'reject'
  /** The process was killed (the crash button). */
  | 'crash'
  /** The overnight watchdog killed a process that stood still too long. */
  | 'timeout'
  | 'restart'
  | 'cancel'
  /** Time passed while the process was down (a story's night). */
  | 'pass-time'
  /** The run reached an end state (completed, failed, cancelled). */
  | 'end';

/** A checkpoint named as the history names one. */
export interface CheckpointMark {
  readonly runId: string;
  readonly seq: number;
  readonly step: number;
  readonly trigger: CheckpointTrigger;
  readonly state: StateName;
}

/** One event of the run: what was sent, what it did, and what a label needs. */
export interface TimelineEvent {
  /** Its position, from 0. */
  readonly index: number;
  /** What moved the run: a command as sent (its `type` names it), or time passed. */
  readonly move: Move;
  readonly marks: readonly TimelineMark[];
  /** The state before and after (the transition just taken; equal for a step done in running). */
  readonly from: StateName;
  readonly to: StateName;
  /** The step the run stood at before and after (the context's cursor, from 1). */
  readonly stepBefore: number;
  readonly step: number;
  /** The world's clock before and after (virtual ms). */
  readonly clockBefore: number;
  readonly clock: number;
  /** Whether the process runs after it (false: down after a crash or the watchdog). */
  readonly alive: boolean;
  /** The newest checkpoint written at this event, or null. */
  readonly checkpoint: CheckpointMark | null;
}

/**
 * Where the timeline begins: a run created new begins at its creation; a run resumed from
 * storage (a reload, an opened run, a fork) begins at the checkpoint it read, since what came
 * before is in storage, not in this page's memory. The UI says which.
 */
export type TimelineOrigin = { kind: 'created' } | { kind: 'resumed'; checkpoint: CheckpointMark };

/**
 * The run as it stood after an event: a Sim of its own, read like the live one (`viewOf` draws
 * it). Nothing listens to it and it calls nobody; it is never to be driven.
 */
export type SimReading = Pick<
  Sim,
  | 'scenario'
  | 'machine'
  | 'design'
  | 'state'
  | 'context'
  | 'snapshot'
  | 'alive'
  | 'down'
  | 'downAt'
  | 'clock'
  | 'tokens'
  | 'wasted'
  | 'checkpointing'
  | 'meters'
  | 'newest'
  | 'resumedFrom'
  | 'requestsSent'
  | 'log'
>;

/** The checkpoint a branch from a past event starts from (the history's fork takes it by `seq`). */
export interface ForkPoint extends CheckpointMark {
  /** The event that wrote it (-1: the checkpoint the run was resumed from). */
  readonly event: number;
}
