import * as v from 'valibot';
import { STATE_SCHEMA, checkCheckpoint, isObject, type Checkpoint } from '../engine';
import type { Words } from '../i18n/words';
import { CONTROL_IDS } from '../lessons/controls';
import { BILINGUAL, END_REASONS } from '../lessons/problem';
import { DESIGN, PARTIAL_CONFIG, SCENARIO_ID, SEED } from '../lessons/types';

/*
 * A challenge file's schema is its type: each type below is what its schema lets through
 * (`v.InferOutput`), and parse.ts numbers the schema's refusals (H1xx) for the teacher.
 */

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

const NAT = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const MEASURE = v.picklist(MEASURES);

/** The refusal (its code) of a goal predicate outside the vocabulary. */
export const NOT_A_PREDICATE = 'H124';

const PREDICATES = {
  state: v.strictObject({ state: STATE_SCHEMA }),
  ended: v.strictObject({ ended: v.picklist(END_REASONS) }),
  fuse: v.strictObject({ fuse: v.boolean() }),
  'eq,of': v.strictObject({ of: MEASURE, eq: NAT }),
  'le,of': v.strictObject({ of: MEASURE, le: NAT }),
  'ge,of': v.strictObject({ of: MEASURE, ge: NAT }),
};
const UNKNOWN_PREDICATE = v.custom<never>(() => false, NOT_A_PREDICATE);

/**
 * One predicate of a goal, a closed vocabulary told apart by its keys: where the run ends
 * (`state`, `ended`), whether the fuse tripped, or a measure compared with a number (exactly
 * one of eq, le, ge). What is not an object is refused as the `state` one refuses it.
 */
const PREDICATE = v.lazy((p) => {
  if (!isObject(p)) return PREDICATES.state;
  const keys = Object.keys(p).sort().join(',');
  return Object.hasOwn(PREDICATES, keys) ? PREDICATES[keys as keyof typeof PREDICATES] : UNKNOWN_PREDICATE;
});
export type Predicate = v.InferOutput<typeof PREDICATE>;

const checked = new WeakMap<object, ReturnType<typeof checkCheckpoint>>();
/**
 * checkCheckpoint, once per starting checkpoint: the schema, the cross-check and the refusal's
 * words all ask about the same object, and a long run's checkpoint takes ~20 ms to check.
 */
export function checkStart(x: unknown): ReturnType<typeof checkCheckpoint> {
  if (!isObject(x)) return checkCheckpoint(x);
  let r = checked.get(x);
  if (!r) checked.set(x, (r = checkCheckpoint(x)));
  return r;
}

/**
 * Where the challenge starts: played from a fresh run until a state (at a step), or a checkpoint.
 * A start with neither is refused as a whole (H112), not as a missing `until`.
 */
const START = v.lazy((s) =>
  !isObject(s) || !(Object.hasOwn(s, 'checkpoint') || Object.hasOwn(s, 'until'))
    ? v.custom<never>(() => false)
    : Object.hasOwn(s, 'checkpoint')
      ? v.strictObject({ checkpoint: v.custom<Checkpoint>((c) => checkStart(c).ok) })
      : v.strictObject({ until: STATE_SCHEMA, step: v.exactOptional(v.pipe(NAT, v.minValue(1))) }),
);

/** The refusal (its code) of a starting checkpoint of another scenario or design than the challenge's. */
export const NOT_ITS_CHECKPOINT = 'H114';

export const CHALLENGE_SCHEMA = v.pipe(
  v.strictObject({
    format: v.literal(CHALLENGE_FORMAT),
    id: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/)),
    title: BILINGUAL,
    /** What the student is asked to do, in a sentence or two. */
    brief: BILINGUAL,
    scenario: SCENARIO_ID,
    seed: SEED,
    design: DESIGN,
    config: v.exactOptional(PARTIAL_CONFIG),
    start: v.exactOptional(START),
    /** The controls the student may use (ui-contract test ids); the others are disabled. */
    controls: v.pipe(v.array(v.picklist(CONTROL_IDS)), v.minLength(1), v.readonly()),
    /** Every predicate must hold when the run ends. */
    goal: v.pipe(v.array(PREDICATE), v.minLength(1), v.readonly()),
  }),
  v.forward(
    v.check((c) => {
      if (!c.start || !('checkpoint' in c.start)) return true;
      const cp = checkStart(c.start.checkpoint);
      return cp.ok && cp.checkpoint.scenario === c.scenario && (cp.checkpoint.design ?? 'article') === c.design;
    }, NOT_ITS_CHECKPOINT),
    ['start', 'checkpoint'],
  ),
);
export type Challenge = v.InferOutput<typeof CHALLENGE_SCHEMA>;

export type ChallengeStatus = 'open' | 'pass' | 'fail';

export interface ChallengeVerdict {
  status: ChallengeStatus;
  reason: Words;
}
