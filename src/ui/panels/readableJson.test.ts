import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Sim } from '../../engine';
import { readableJson, readableJsonPieces } from './readableJson';

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
    for (let i = 0; i < 300 && sim.state !== 'completed'; i++)
      sim.send(sim.state === 'waiting_approval' ? { type: 'APPROVE' } : { type: 'TICK' });
    const cp = sim.newest;
    if (!cp) throw new Error('no checkpoint');
    const text = readableJson(cp);
    expect(JSON.parse(text)).toEqual(cp);
    const lines = text.split('\n');
    expect(lines.filter((l) => l.includes('"step":') && l.includes('"outcome":')).length).toBe(cp.ledger.length);
    expect(lines.length * 4).toBeLessThan(JSON.stringify(cp, null, 2).split('\n').length);
  });
});

describe('readableJsonPieces', () => {
  it('joins to exactly readableJson, with keys unique, whatever the value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 1, max: 5 }), (v, per) => {
        const pieces = readableJsonPieces(v, per);
        expect(pieces.map((p) => p.text).join('')).toBe(readableJson(v));
        expect(new Set(pieces.map((p) => p.key)).size).toBe(pieces.length);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves the older pieces of a long run alone when the next checkpoint comes', () => {
    const sim = new Sim({ scenario: 'migration-400' });
    sim.send({ type: 'START' });
    const pieces = () => new Map(readableJsonPieces(sim.newest).map((p) => [p.key, p.text]));
    while (sim.context.ledger.length < 200)
      sim.send(sim.state === 'waiting_approval' ? { type: 'APPROVE' } : { type: 'TICK' });
    const before = pieces();
    const seq = sim.newest?.seq;
    while (sim.newest?.seq === seq) sim.send(sim.state === 'waiting_approval' ? { type: 'APPROVE' } : { type: 'TICK' });
    const after = pieces();
    const changed = [...after].filter(([k, text]) => before.get(k) !== text).map(([k]) => k);
    // The header fields and the ledger's last piece or two, not the ledger's first 175 lines.
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThan(after.size / 2);
    expect(changed).not.toContain('"ledger":0');
    expect(after.get('"ledger":0')).toBe(before.get('"ledger":0'));
  });
});
