import type { Bilingual, Checkpoint, Config, DesignId, EndReason, StateName } from '../engine';
import type { ControlId } from '../lessons/controls';

/** The format id a challenge file starts with: a file without it is not ours. */
export const CHALLENGE_FORMAT = 'harness-sim.challenge/1';

/** What a goal can count or measure over the run (README.md lists what each one is). */
export const MEASURES = [
  'rejections',
  'failures',
  'tool_errors',
  'crashes',
  'restarts',
  'approvals',
  'approval_requests',
  'checkpoints',
  'presses',
  'steps_wasted',
  'tokens',
  'model_calls',
  'rereads',
  'minutes',
] as const;
export type Measure = (typeof MEASURES)[number];

/**
 * One predicate of a goal, a closed vocabulary: where the run ends (`state`, `ended`), whether
 * the fuse tripped, or a measure compared with a number (exactly one of eq, le, ge).
 */
export type Predicate =
  | { state: StateName }
  | { ended: EndReason }
  | { fuse: boolean }
  | { of: Measure; eq: number }
  | { of: Measure; le: number }
  | { of: Measure; ge: number };

/** Where the challenge starts: played from a fresh run until a state (at a step), or a checkpoint. */
export type ChallengeStart = { until: StateName; step?: number } | { checkpoint: Checkpoint };

export interface Challenge {
  format: typeof CHALLENGE_FORMAT;
  id: string;
  title: Bilingual;
  /** What the student is asked to do, in a sentence or two. */
  brief: Bilingual;
  scenario: string;
  seed: number;
  design: DesignId;
  config?: Partial<Config>;
  start?: ChallengeStart;
  /** The controls the student may use (ui-contract test ids); the others are disabled. */
  controls: readonly ControlId[];
  /** Every predicate must hold when the run ends. */
  goal: readonly Predicate[];
}

export type ChallengeStatus = 'open' | 'pass' | 'fail';

export interface ChallengeVerdict {
  status: ChallengeStatus;
  reason: Bilingual;
}
