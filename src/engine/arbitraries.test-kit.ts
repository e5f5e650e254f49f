import fc from 'fast-check';
import type { SimCommand } from './sim';
import { INJECTABLE_ERRORS, type Config } from 'harness-core/sim';

/**
 * For tests only (fast-check is a dev dependency; nothing the page loads imports this file):
 * everything a class can do to a run, weighted as a class does it.
 */
export const commandArb: fc.Arbitrary<SimCommand> = fc.oneof(
  { weight: 12, arbitrary: fc.constant({ type: 'TICK' } as const) },
  { weight: 2, arbitrary: fc.constant({ type: 'START' } as const) },
  { weight: 3, arbitrary: fc.constant({ type: 'APPROVE' } as const) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('no', 'later', '不行').map((reason) => ({ type: 'REJECT', reason }) as const),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'CANCEL' } as const) },
  { weight: 1, arbitrary: fc.constant({ type: 'REPLAN' } as const) },
  { weight: 2, arbitrary: fc.constant({ type: 'REQUEST_APPROVAL' } as const) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(...INJECTABLE_ERRORS).map((error) => ({ type: 'INJECT_FAULT', error }) as const),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(...INJECTABLE_ERRORS).map((error) => ({ type: 'FAIL_NOW', error }) as const),
  },
  { weight: 2, arbitrary: fc.constant({ type: 'CHANGE_APPROACH' } as const) },
  { weight: 1, arbitrary: fc.constant({ type: 'CHECKPOINT' } as const) },
  { weight: 1, arbitrary: fc.constant({ type: 'CRASH' } as const) },
  { weight: 2, arbitrary: fc.constant({ type: 'RESTART' } as const) },
);

/** A loop guard's thresholds as a class may set them: remind ≤ fuse ≤ attempts per step. */
export const configArb: fc.Arbitrary<Partial<Config>> = fc
  .tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 4 }))
  .map(([remindAt, gap, extra]) => ({ remindAt, fuseAt: remindAt + gap, maxAttemptsPerStep: remindAt + gap + extra }));
