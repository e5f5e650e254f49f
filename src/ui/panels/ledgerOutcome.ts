import type { Attempt } from '../../engine';

/** What the ledger's outcome column says of a row: its outcome, or `no_progress` for a stall. */
type ShownOutcome = Attempt['outcome'] | 'no_progress';

/**
 * A stall is no tool error (the call returned, nothing advanced): the harness records it as a
 * failure for the loop guard, so its outcome is `error`, but the column names it `no_progress`:
 * its message is the harness's note of the call (`NOCHANGE`, engine/world.ts), no tool's error.
 */
export const shownOutcome = (a: Attempt): ShownOutcome => (a.error?.type === 'no_progress' ? 'no_progress' : a.outcome);
