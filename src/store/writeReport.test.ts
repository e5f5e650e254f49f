import { describe, expect, it } from 'vitest';
import { Sim } from '../engine';
import { failureKind, reportOf } from './writeReport';

/** A failed write is explained by what it means for the person; a durable one says its figures. */
describe('a write report', () => {
  const sim = new Sim({ scenario: 'migration-40' });
  sim.send({ type: 'START' });
  sim.send({ type: 'TICK' });
  const cp = sim.newest;
  if (!cp) throw new Error('the run wrote no checkpoint');

  it.each([
    [{ message: 'E705: E502: full', quota: true, stale: false }, 'quota'],
    [{ message: 'E701: E503: a newer one is stored', quota: false, stale: true }, 'stale'],
    [{ message: 'E701: E519: another tab drives', quota: false, stale: true }, 'fenced'],
    [{ message: 'E701: E504: over 1 MiB', quota: false, stale: false }, 'too_big'],
    [
      { message: 'E705: E508: InvalidStateError: The database connection is closing.', quota: false, stale: false },
      'closed',
    ],
    [{ message: 'something else', quota: false, stale: false }, 'other'],
  ] as const)('%j is %s', (r, kind) => expect(failureKind(r)).toBe(kind));

  it('of a durable write carries its time and sizes', () => {
    expect(reportOf(cp, { result: { ok: true, ms: 3, bytes: 900, size: 800 } })).toEqual({
      seq: cp.seq,
      trigger: cp.trigger,
      ok: true,
      ms: 3,
      bytes: 900,
      size: 800,
    });
  });

  it('of a write that threw is a failure with the thrown text', () => {
    const r = reportOf(cp, { thrown: new Error('boom') });
    expect(r).toMatchObject({ ok: false, bytes: 0, size: 0, error: 'Error: boom', failure: 'other' });
  });
});
