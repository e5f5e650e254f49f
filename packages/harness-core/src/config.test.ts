import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, validateConfig } from './config.js';

describe('validateConfig', () => {
  it('fills the defaults of SPEC §3', () => {
    expect(validateConfig({})).toEqual({ ok: true, config: DEFAULT_CONFIG });
    expect(DEFAULT_CONFIG).toMatchObject({ remindAt: 2, fuseAt: 3, maxAttemptsPerStep: 10, density: 'key_actions' });
  });

  it.each([
    [{ remindAt: 0 }, 'E104'],
    [{ remindAt: 3, fuseAt: 3 }, 'E104'],
    [{ fuseAt: 11 }, 'E104'],
    [{ remindAt: 1.5 }, 'E103'],
    [{ density: 'sometimes' }, 'E105'],
    [{ everyN: 0 }, 'E106'],
    [{ processTimeoutMs: -1 }, 'E107'],
    [{ flakiness: 1 }, 'E109'],
    [{ fuseAtt: 3 }, 'E102'],
    [null, 'E101'],
    [[1, 2], 'E101'],
  ])('refuses %j with %s and a readable message', (input, code) => {
    const r = validateConfig(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(new RegExp(`^${code}: `));
  });

  it('names the invariant and the values it got', () => {
    const r = validateConfig({ remindAt: 3, fuseAt: 2 });
    expect(!r.ok && r.error).toContain(
      '1 ≤ remindAt < fuseAt ≤ maxAttemptsPerStep (got remindAt=3, fuseAt=2, maxAttemptsPerStep=10)',
    );
  });
});
