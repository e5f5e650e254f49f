import * as v from 'valibot';
import { DOWN_REASONS, GUARD_KINDS, LOOP_STAGES, MESSAGE_KINDS, STATE_SCHEMA, TRIGGER_SCHEMA } from '../engine';
import { END_REASONS } from './problem';

/**
 * A stop's `shows`: the claims a caption makes, each a field the run can be read for (shows.ts
 * reads them from the engine, e2e/claims.ts from the page). Only `state` is required; every
 * other field, when given, must match (lessons.test.ts plays every lesson and holds each stop
 * to it), so a caption cannot say what the run does not do.
 */

const INT = v.pipe(v.number(), v.integer(), v.minValue(0));
const count = v.exactOptional(INT);
const HHMM = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/));

/** A day of the run (1 is its first) and a window of that day's time, "hh:mm" to "hh:mm" inclusive. */
const CLOCK = v.strictObject({ day: v.pipe(v.number(), v.integer(), v.minValue(1)), from: HHMM, to: HHMM });
export type ClockClaim = v.InferOutput<typeof CLOCK>;

const CALL = v.strictObject({
  step: v.exactOptional(INT),
  tool: v.exactOptional(v.string()),
  args: v.exactOptional(v.string()),
  changed: v.exactOptional(v.boolean()),
});
export type CallClaim = v.InferOutput<typeof CALL>;

export const SHOWS_SCHEMA = v.strictObject({
  state: STATE_SCHEMA,
  /** `current-step`: the step in progress or to run next. */
  step: count,
  /** Why the run ended (`run-ended`), or null while it has not. */
  ended: v.exactOptional(v.nullable(v.picklist(END_REASONS))),
  /** Why the process is down (a crash, the overnight timeout), or null while it runs. */
  down: v.exactOptional(v.nullable(v.picklist(DOWN_REASONS))),
  /** `loop-stage` of the current step; null where the run has no loop guard (the simple mode). */
  loop: v.exactOptional(v.nullable(v.picklist(LOOP_STAGES))),
  /** `loop-count`. */
  count,
  /** The guard on the design badge (`data-guard`). */
  guard: v.exactOptional(v.picklist(GUARD_KINDS)),
  /** The newest message in the context channel, or null when the channel is empty. */
  message: v.exactOptional(v.nullable(v.picklist(MESSAGE_KINDS))),
  /** Rows in the step ledger. */
  ledger: count,
  /** The newest checkpoint's sequence number (`checkpoint-count`); 0 when none was written. */
  checkpoints: count,
  /** The newest checkpoint's step, trigger and state. */
  newest: v.exactOptional(
    v.nullable(
      v.strictObject({
        step: v.exactOptional(INT),
        trigger: v.exactOptional(TRIGGER_SCHEMA),
        state: v.exactOptional(STATE_SCHEMA),
      }),
    ),
  ),
  /** `steps-wasted`. */
  wasted: count,
  /** Files re-read on resuming without artifact refs. */
  rereads: count,
  /** `approval-requests`. */
  requests: count,
  /** The plan's version and length. */
  plan: v.exactOptional(v.strictObject({ version: v.exactOptional(INT), steps: v.exactOptional(INT) })),
  /** The queued second task (smell 2): still waiting, or done. */
  side: v.exactOptional(v.picklist(['waiting', 'done'])),
  /** The full-state checkpoint is at least this many times the position-only one. */
  fullStateTimes: count,
  /**
   * The virtual clock (`virtual-clock[data-day][data-minutes]`): its day and a window of the
   * time of day. Required when the caption or the ask names a time of day (validate.ts), and the
   * window must be one that word can name (TIME_WORDS).
   */
  clock: v.exactOptional(CLOCK),
  /**
   * The newest ledger row: the call actually made (`ledger-row`'s `data-step`, `data-tool`,
   * `data-args`), and `changed`: whether it differs in tool or args from the row before it at the
   * same step. A caption that says the model changed its approach or addressed a reason says what
   * it called instead.
   */
  call: v.exactOptional(CALL),
  /**
   * Checkpoints of the run on screen stored on disk: the history's length (`checkpoint-item`'s
   * `aria-setsize`), with `bytes-written` above 0 whenever it is. Required when a caption speaks
   * of disk or the history (claims.test.ts).
   */
  stored: count,
});
/** What the run on screen shows after a stop, as the caption tells it. */
export type StopShows = v.InferOutput<typeof SHOWS_SCHEMA>;

/** The fields of `shows` that count (L119 when one is not a whole number ≥ 0). */
export const SHOWS_COUNTS = Object.keys(SHOWS_SCHEMA.entries).filter(
  (k) => SHOWS_SCHEMA.entries[k as keyof typeof SHOWS_SCHEMA.entries] === count,
);
