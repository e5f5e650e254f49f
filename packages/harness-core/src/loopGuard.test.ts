import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './config.js';
import { loopKey, readLoop, stageOf } from './loopGuard.js';
import type { Attempt } from './types.js';

const fail = (step: number, attempt: number, args: string, type: 'not_found' | 'timeout' = 'not_found'): Attempt => ({
  step,
  attempt,
  tool: 'read_file',
  args,
  outcome: 'error',
  error: { type, message: 'x' },
  input: { args: {} },
  actor: 'model',
  at: 0,
});

describe('the loop guard', () => {
  it('keys on tool + canonical args + error type', () => {
    expect(loopKey(fail(1, 1, '{"p":1}'))).not.toBe(loopKey(fail(1, 1, '{"p":2}')));
    expect(loopKey(fail(1, 1, '{"p":1}'))).not.toBe(loopKey(fail(1, 1, '{"p":1}', 'timeout')));
  });

  it('counts → reminds at remindAt → fuses at fuseAt', () => {
    expect([0, 1, 2, 3, 4].map((n) => stageOf(n, DEFAULT_CONFIG))).toEqual([
      'none',
      'counting',
      'reminded',
      'fused',
      'fused',
    ]);
  });

  it('counts only the current step, and each key on its own', () => {
    const ledger = [fail(1, 1, 'a'), fail(1, 2, 'a'), fail(2, 1, 'a'), fail(2, 2, 'b'), fail(2, 3, 'a')];
    expect(readLoop(ledger, 2, DEFAULT_CONFIG)).toMatchObject({ count: 2, stage: 'reminded', fused: false });
    expect(Object.values(readLoop(ledger, 2, DEFAULT_CONFIG).counts)).toEqual([2, 1]);
  });

  it('a legitimate detour of ten different args never fuses', () => {
    const ledger = Array.from({ length: 10 }, (_, i) => fail(1, i + 1, `cfg-${i}`));
    expect(readLoop(ledger, 1, DEFAULT_CONFIG)).toMatchObject({ count: 1, fused: false });
  });

  it('the coarse tool-only guard keys on the tool alone, never reminds, and fuses the detour', () => {
    const coarse = { ...DEFAULT_CONFIG, guard: 'tool-only' as const };
    const ledger = Array.from({ length: 3 }, (_, i) => fail(1, i + 1, `cfg-${i}`));
    expect(readLoop(ledger.slice(0, 2), 1, coarse)).toMatchObject({ count: 2, stage: 'counting', fused: false });
    expect(readLoop(ledger, 1, coarse)).toMatchObject({ key: 'read_file', count: 3, stage: 'fused', fused: true });
  });

  it('reads none on a step without failures', () => {
    expect(readLoop([], 1, DEFAULT_CONFIG)).toMatchObject({ key: null, count: 0, stage: 'none' });
  });
});
