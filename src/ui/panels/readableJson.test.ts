import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Sim } from '../../engine';
import { readableJson } from './readableJson';

describe('readableJson', () => {
  it('is JSON of the same value, whatever the value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(JSON.parse(readableJson(v))).toEqual(JSON.parse(JSON.stringify(v)));
      }),
      { numRuns: 500 },
    );
  });

  it('writes a checkpoint one ledger attempt a line: far fewer lines than the usual pretty print', () => {
    const sim = new Sim({ scenario: 'migration-400' });
    sim.send({ type: 'START' });
    for (let i = 0; i < 300 && sim.state !== 'completed'; i++) sim.send(sim.state === 'waiting_approval' ? { type: 'APPROVE' } : { type: 'TICK' });
    const cp = sim.newest;
    if (!cp) throw new Error('no checkpoint');
    const text = readableJson(cp);
    expect(JSON.parse(text)).toEqual(cp);
    const lines = text.split('\n');
    expect(lines.filter((l) => l.includes('"step":') && l.includes('"outcome":')).length).toBe(cp.ledger.length);
    expect(lines.length * 4).toBeLessThan(JSON.stringify(cp, null, 2).split('\n').length);
  });
});
