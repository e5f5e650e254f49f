import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from 'harness-core';
import { densityRow } from './densities';
import { Refused } from './errors';
import { ARTICLE_GUARD, analyse, settingsRefusal, type GuardSettings, type Trace, type TraceCall } from './index';

/** The article's rules over a trace (SPEC §3, §11), read like the spec. */

type Call = [tool: string, args: Record<string, string | number>, error: string | null, tokens?: number];

const traceOf = (calls: Call[], afterLastCall = 0): Trace => ({
  format: 'otlp',
  calls: calls.map(([tool, args, error, tokens = 0], index): TraceCall => ({
    index,
    tool,
    args,
    argsKey: canonicalJson(args),
    ok: error === null,
    errorType: error,
    tokens,
    start: null,
    result: null,
  })),
  skipped: {},
  tokensNotAttributed: { afterLastCall, unplaced: 0 },
  cache: { read: 0, written: 0 },
});

const COARSE: GuardSettings = { remindAt: 2, fuseAt: 3, coarse: true };
const q = { sql: 'SELECT 1' };

describe('the article guard', () => {
  it('counts one key, reminds at 2 and fuses at 3 (1 counted, 2 reminded, 3 fused)', () => {
    const a = analyse(
      traceOf([
        ['run_sql', q, 'timeout'],
        ['run_sql', q, 'timeout'],
        ['run_sql', q, 'timeout'],
      ]),
    );
    expect(a.rows.map((r) => r.stage)).toEqual(['counting', 'reminded', 'fused']);
    expect([a.remindAt, a.fuseAt]).toEqual([2, 3]);
  });

  it('is reset by a success of the same tool and args', () => {
    const a = analyse(
      traceOf([
        ['run_sql', q, 'timeout'],
        ['run_sql', q, 'timeout'],
        ['run_sql', q, null],
        ['run_sql', q, 'timeout'],
        ['run_sql', q, 'timeout'],
      ]),
    );
    expect(a.rows.map((r) => r.count)).toEqual([1, 2, 0, 1, 2]);
    expect(a.fuseAt).toBeNull();
  });

  it('is not reset by other calls, even of the same tool', () => {
    const a = analyse(
      traceOf([
        ['run_sql', q, 'timeout'],
        ['read_file', { path: 'a' }, null],
        ['run_sql', { sql: 'SELECT 2' }, null],
        ['run_sql', q, 'timeout'],
        ['run_sql', q, 'timeout'],
      ]),
    );
    expect(a.fuseAt).toBe(5);
    expect(a.rows.map((r) => r.stage)).toEqual(['counting', 'counting', 'counting', 'reminded', 'fused']);
  });

  it('counts a change of error type as a new key', () => {
    const a = analyse(
      traceOf([
        ['run_sql', q, 'timeout'],
        ['run_sql', q, 'conflict'],
        ['run_sql', q, 'timeout'],
      ]),
    );
    expect(a.rows.map((r) => r.count)).toEqual([1, 1, 2]);
    expect(a.fuseAt).toBeNull();
  });

  it('never fuses a legitimate detour: ten configurations tried one by one', () => {
    const calls: Call[] = Array.from({ length: 10 }, (_, i) => ['shell', { config: `c${i}` }, 'exit_code']);
    const a = analyse(traceOf(calls));
    expect([a.remindAt, a.fuseAt, a.afterFuse]).toEqual([null, null, 0]);
    // The coarse guard, keyed on the tool alone, cuts the same detour at the third try.
    expect(analyse(traceOf(calls), COARSE).fuseAt).toBe(3);
  });

  it('counts the calls and tokens after the fuse, with the closing reply', () => {
    const a = analyse(
      traceOf(
        [
          ['run_sql', q, 'timeout', 10],
          ['run_sql', q, 'timeout', 20],
          ['run_sql', q, 'timeout', 30],
          ['run_sql', q, 'timeout', 40],
          ['shell', { cmd: 'ls' }, null, 50],
        ],
        7,
      ),
    );
    expect([a.fuseAt, a.afterFuse, a.tokensAfterFuse]).toEqual([3, 2, 97]);
    expect(a.rows.map((r) => r.afterFuse)).toEqual([false, false, false, true, true]);
    expect(a.recovered).toBe(false);
  });

  it('calls it recovered only when the looped tool and args later succeed', () => {
    const loop: Call[] = [
      ['run_sql', q, 'timeout'],
      ['run_sql', q, 'timeout'],
      ['run_sql', q, 'timeout'],
    ];
    expect(analyse(traceOf([...loop, ['run_sql', { sql: 'SELECT 2' }, null]])).recoveredAt).toBeNull();
    expect(analyse(traceOf([...loop, ['shell', {}, null], ['run_sql', q, null]])).recoveredAt).toBe(5);
    // The coarse guard's key is the tool: any later success of it.
    expect(analyse(traceOf([...loop, ['run_sql', { sql: 'SELECT 2' }, null]]), COARSE).recoveredAt).toBe(4);
  });

  it('refuses settings out of range (E650) and an every-N below 1 (E651)', () => {
    const t = traceOf([]);
    for (const s of [
      { remindAt: 0, fuseAt: 3, coarse: false },
      { remindAt: 3, fuseAt: 3, coarse: false },
      { remindAt: 1.5, fuseAt: 3, coarse: false },
    ])
      expect(() => analyse(t, s)).toThrow(Refused);
    expect(() => analyse(t, ARTICLE_GUARD, { everyN: 0 })).toThrow(/E651/);
    expect(settingsRefusal({ remindAt: 2, fuseAt: 2, coarse: true })?.code).toBe('E650');
    expect(settingsRefusal(ARTICLE_GUARD, { everyN: 2.5 })?.message.zh).toMatch(/^E651: /);
    expect(settingsRefusal(ARTICLE_GUARD)).toBeNull();
  });
});

describe('the coarse guard', () => {
  it('keys on the tool alone, skips the reminder, fuses at fuseAt', () => {
    const a = analyse(
      traceOf([
        ['shell', { cmd: 'a' }, 'x'],
        ['shell', { cmd: 'b' }, 'y'],
        ['shell', { cmd: 'c' }, 'z'],
      ]),
      COARSE,
    );
    expect(a.rows.map((r) => r.stage)).toEqual(['counting', 'counting', 'fused']);
    expect([a.remindAt, a.fuseAt, a.fusedKey]).toEqual([null, 3, 'shell']);
  });

  it('is reset by any success of that tool', () => {
    const a = analyse(
      traceOf([
        ['shell', { cmd: 'a' }, 'x'],
        ['shell', { cmd: 'b' }, 'x'],
        ['shell', { cmd: 'z' }, null],
        ['shell', { cmd: 'a' }, 'x'],
      ]),
      COARSE,
    );
    expect(a.rows.map((r) => r.count)).toEqual([1, 2, 0, 1]);
  });
});

describe('checkpoint densities', () => {
  const key = (s: string) => [...s].map((c) => c === 'K');
  it('every call: one after each call, nothing lost', () => {
    expect(densityRow('every-call', key('....'), 10)).toMatchObject({ checkpoints: 4, lostWorst: 0, lostMean: 0 });
  });
  it('every N: a crash before call i loses (i - 1) mod N', () => {
    // Before calls 1..7 with N = 3: 0 1 2 0 1 2 0.
    expect(densityRow('every-n', key('.......'), 3)).toMatchObject({ checkpoints: 2, lostWorst: 2, lostMean: 6 / 7 });
  });
  it('key actions: one before each, losing the calls since the last', () => {
    // Before calls 1..6: 0 1 0 1 2 0 (checkpoints before calls 3 and 6).
    expect(densityRow('key-actions', key('..K..K'), 10)).toMatchObject({
      checkpoints: 2,
      lostWorst: 2,
      lostMean: 4 / 6,
    });
  });
  it('none: a crash loses every call done', () => {
    expect(densityRow('none', key('....'), 10)).toMatchObject({ checkpoints: 0, lostWorst: 3, lostMean: 1.5 });
  });
  it('an empty trace writes none and loses none', () => {
    expect(densityRow('none', [], 10)).toMatchObject({ checkpoints: 0, lostWorst: 0, lostMean: 0 });
  });
  it('key actions are editable', () => {
    const t = traceOf([
      ['deploy', {}, null],
      ['read', {}, null],
    ]);
    const row = (names: string[]) =>
      analyse(t, ARTICLE_GUARD, { keyActions: { names, patterns: [] } }).densities.find(
        (d) => d.policy === 'key-actions',
      );
    expect(row([])?.checkpoints).toBe(0);
    expect(row(['deploy'])?.checkpoints).toBe(1);
  });
});

describe('properties', () => {
  const call = fc.tuple(
    fc.constantFrom('a', 'b'),
    fc.constantFrom('x', 'y'),
    fc.constantFrom<string | null>(null, 'e1', 'e2'),
  );
  const settings = fc
    .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 3 }), fc.boolean())
    .map(([remindAt, gap, coarse]): GuardSettings => ({ remindAt, fuseAt: remindAt + gap, coarse }));

  /** The fuse point by the rule's words: the first call at which some key has fuseAt failures since its last reset. */
  function firstFuse(calls: [string, string, string | null][], s: GuardSettings): number | null {
    for (let i = 0; i < calls.length; i++) {
      const [tool, arg, err] = calls[i] as [string, string, string | null];
      if (err === null) continue;
      let n = 0;
      for (let j = i; j >= 0; j--) {
        const [t2, a2, e2] = calls[j] as [string, string, string | null];
        const sameReset = s.coarse ? t2 === tool : t2 === tool && a2 === arg;
        if (e2 === null && sameReset) break;
        if (e2 !== null && (s.coarse ? t2 === tool : t2 === tool && a2 === arg && e2 === err)) n++;
      }
      if (n >= s.fuseAt) return i + 1;
    }
    return null;
  }

  it('the fuse is the first call at which some key reaches fuseAt failures without a reset', () => {
    fc.assert(
      fc.property(fc.array(call, { maxLength: 30 }), settings, (calls, s) => {
        const a = analyse(traceOf(calls.map(([t, arg, e]): Call => [t, { arg }, e])), s);
        expect(a.fuseAt).toBe(firstFuse(calls, s));
        expect(a.afterFuse).toBe(a.fuseAt === null ? 0 : calls.length - a.fuseAt);
      }),
      { numRuns: 300 },
    );
  });

  it('a reminder, when there is one, comes before the fuse; the coarse guard never reminds', () => {
    fc.assert(
      fc.property(fc.array(call, { maxLength: 30 }), settings, (calls, s) => {
        const a = analyse(traceOf(calls.map(([t, arg, e]): Call => [t, { arg }, e])), s);
        if (s.coarse) expect(a.remindAt).toBeNull();
        else if (a.fuseAt !== null) expect(a.remindAt).not.toBeNull();
        if (a.remindAt !== null && a.fuseAt !== null) expect(a.remindAt).toBeLessThan(a.fuseAt);
      }),
      { numRuns: 200 },
    );
  });
});
