import { describe, expect, it } from 'vitest';
import { canonicalJson } from 'harness-core';
import { lostBefore } from './densities';
import { analyse, callsCsv } from './index';
import type { Trace } from './types';
import { AnalysisRows, MAX_WINDOW_ROWS, NO_PROGRESS_SHOWN, exportText, headOf } from './window';

/**
 * What of a big analysis reaches the page (issue 40): a 1.4-million-call analysis sent whole
 * took a 2.5 s task to arrive. The page gets the head and windows of rows; exports are built
 * beside the analysis.
 */
function bigTrace(n: number): Trace {
  const calls = Array.from({ length: n }, (_, index) => {
    const ok = index % 3 !== 0;
    const args = { path: `f${index % 7}` };
    return {
      tool: 'Read',
      args,
      ok,
      errorType: ok ? null : 'not_found',
      index,
      argsKey: canonicalJson(args),
      tokens: 3,
      start: null,
      result: ok ? 'same' : null,
    };
  });
  return {
    format: 'claude-code',
    calls,
    skipped: {},
    tokensNotAttributed: { afterLastCall: 0, unplaced: 0 },
    cache: { read: 0, written: 0 },
  };
}

describe('an analysis as the page holds it', () => {
  const a = analyse(bigTrace(20_000));

  it('the head carries no rows and at most NO_PROGRESS_SHOWN no-progress rows, with the counts', () => {
    const head = headOf(a);
    expect('rows' in head).toBe(false);
    expect(head.rowCount).toBe(20_000);
    expect(a.noProgress.length).toBeGreaterThan(NO_PROGRESS_SHOWN);
    expect(head.noProgress).toHaveLength(NO_PROGRESS_SHOWN);
    expect(head.noProgressCount).toBe(a.noProgress.length);
    // Small enough to cross to the page in one message, whatever the trace's length.
    expect(JSON.stringify(head).length).toBeLessThan(20_000);
  });

  it('a window holds the rows asked for (at most MAX_WINDOW_ROWS), with the same marks as the whole', () => {
    const rows = new AnalysisRows(a);
    const everyN = a.densities.find((d) => d.policy === 'every-n')!.n!;
    for (const policy of ['every-call', 'every-n', 'key-actions'] as const) {
      const lost = lostBefore(
        policy,
        a.rows.map((r) => r.keyAction),
        everyN,
      );
      const w = rows.window(12_345, 12_400, policy);
      expect(w.from).toBe(12_345);
      expect(w.rows).toEqual(a.rows.slice(12_345, 12_400));
      expect(w.lost).toEqual(lost.slice(12_345, 12_400));
      const still = new Set(a.noProgress.map((p) => p.position));
      expect(w.still).toEqual(w.rows.map((r) => still.has(r.position)));
    }
    expect(rows.window(0, 1e9, 'every-n').rows).toHaveLength(MAX_WINDOW_ROWS);
    expect(rows.window(19_990, 30_000, 'every-n').rows).toHaveLength(10);
    expect(rows.window(-5, 2, 'every-n').from).toBe(0);
  });

  it('exports are the same text as before, built from the analysis where it lives', () => {
    expect(exportText(a, 'calls')).toBe(callsCsv(a));
  });
});
