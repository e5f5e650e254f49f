import { describe, expect, it } from 'vitest';
import { Sim } from '../../engine';
import { shownOutcome } from './ledgerOutcome';

describe('the ledger’s outcome column', () => {
  it('names a stall no_progress, not error, beside the harness’s NOCHANGE note', () => {
    const sim = new Sim({ scenario: 'migration-40' });
    sim.send({ type: 'START' });
    sim.send({ type: 'TICK' });
    sim.send({ type: 'FAIL_NOW', error: 'no_progress' });
    sim.send({ type: 'FAIL_NOW', error: 'timeout' });
    const [stall, timeout] = sim.context.ledger;
    expect(stall?.error?.message).toMatch(/^NOCHANGE: '.+' returned the same result as before$/);
    expect(shownOutcome(stall!)).toBe('no_progress');
    expect(shownOutcome(timeout!)).toBe('error');
  });
});
