/// <reference types="node" />
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runFileText } from '../persistence/runFile';
import { checkpointsOf, runMetaOf } from '../persistence/harness.test-kit';
import claudeSession from './samples/claude-session.jsonl?raw';
import otlpFuse from './samples/otlp-fuse.json?raw';
import otlpLines from './samples/otlp-lines.jsonl?raw';
import runFile from './samples/run-file.json?raw';
import { ARTICLE_GUARD, TRACE_FORMATS, analyse, readTrace, type Analysis, type DensityRow, type Trace } from './index';

/**
 * Each hand-written sample and the figures it must give under the article's guard (remind at
 * 2, fuse at 3) and every-N = 10. The same figures are in src/traces/README.md.
 */

const density = (
  everyCall: number,
  everyN: [number, number, number],
  keyActions: [number, number, number],
  none: [number, number, number],
): DensityRow[] => [
  { policy: 'every-call', n: null, checkpoints: everyCall, lostWorst: 0, lostMean: 0 },
  { policy: 'every-n', n: 10, checkpoints: everyN[0], lostWorst: everyN[1], lostMean: everyN[2] },
  { policy: 'key-actions', n: null, checkpoints: keyActions[0], lostWorst: keyActions[1], lostMean: keyActions[2] },
  { policy: 'none', n: null, checkpoints: none[0], lostWorst: none[1], lostMean: none[2] },
];

type Figures = Pick<
  Analysis,
  | 'format'
  | 'calls'
  | 'failures'
  | 'tokens'
  | 'remindAt'
  | 'fuseAt'
  | 'afterFuse'
  | 'tokensAfterFuse'
  | 'recoveredAt'
  | 'densities'
  | 'skipped'
>;

const SAMPLES: { name: string; text: string; figures: Figures }[] = [
  {
    name: 'otlp-fuse.json (one request: a query times out four times, then goes through)',
    text: otlpFuse,
    figures: {
      format: 'otlp',
      calls: 7,
      failures: 4,
      tokens: 1800,
      remindAt: 3,
      fuseAt: 4,
      afterFuse: 3,
      // Calls 5, 6, 7 (270 + 300 + 110) and the closing reply (350).
      tokensAfterFuse: 1030,
      recoveredAt: 6,
      densities: density(7, [0, 6, 3], [6, 0, 0], [0, 6, 3]),
      skipped: { 'span:invoke_agent': 1 },
    },
  },
  {
    name: 'otlp-lines.jsonl (two requests as JSON lines, one other line)',
    text: otlpLines,
    figures: {
      format: 'otlp',
      calls: 4,
      failures: 3,
      tokens: 400,
      remindAt: 3,
      fuseAt: 4,
      afterFuse: 0,
      // No call after the fuse, but the closing reply was spent after it.
      tokensAfterFuse: 100,
      recoveredAt: null,
      densities: density(4, [0, 3, 1.5], [4, 0, 0], [0, 3, 1.5]),
      skipped: { 'line:other': 1 },
    },
  },
  {
    name: 'claude-session.jsonl (tests fail three times, a fix, then they pass)',
    text: claudeSession,
    figures: {
      format: 'claude-code',
      calls: 7,
      failures: 3,
      // msg_01's usage (120) once though two lines carry it; cache tokens apart.
      tokens: 1935,
      remindAt: 3,
      fuseAt: 4,
      afterFuse: 3,
      tokensAfterFuse: 1095,
      recoveredAt: 7,
      densities: density(7, [0, 6, 3], [5, 1, 1 / 7], [0, 6, 3]),
      skipped: { 'line:summary': 1, 'line:user-text': 1, 'line:system': 1, 'line:file-history-snapshot': 1 },
    },
  },
  {
    name: 'run-file.json (stuck-query, the model never heeds the reminder)',
    text: runFile,
    figures: {
      format: 'run-file',
      calls: 6,
      failures: 3,
      // The run's meter: the ledger places no tokens, so none count after the fuse.
      tokens: 5332,
      remindAt: 5,
      fuseAt: 6,
      afterFuse: 0,
      tokensAfterFuse: 0,
      recoveredAt: null,
      densities: density(6, [0, 5, 2.5], [4, 2, 0.5], [0, 5, 2.5]),
      skipped: {},
    },
  },
];

async function traceOf(text: string): Promise<Trace> {
  const r = await readTrace(text);
  if (!r.ok) throw new Error(r.message.en);
  return r.trace;
}

describe('the samples', () => {
  it('cover every format the page reads (TRACE_FORMATS), each document of one format at most', () => {
    expect(new Set(SAMPLES.map((s) => s.figures.format))).toEqual(new Set(TRACE_FORMATS.map((f) => f.id)));
    const docsOf = (text: string): unknown[] => {
      try {
        return [JSON.parse(text)];
      } catch {
        return text
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map((l) => JSON.parse(l) as unknown);
      }
    };
    for (const { text, figures } of SAMPLES) {
      const formats = docsOf(text).map((d) => TRACE_FORMATS.filter((f) => f.sniff(d)).map((f) => f.id));
      for (const f of formats) expect(f.length).toBeLessThanOrEqual(1);
      expect(formats.flat()).toContain(figures.format);
    }
  });

  for (const { name, text, figures } of SAMPLES) {
    it(`${name} gives its figures`, async () => {
      const a = analyse(await traceOf(text), ARTICLE_GUARD);
      const got: Figures = {
        format: a.format,
        calls: a.calls,
        failures: a.failures,
        tokens: a.tokens,
        remindAt: a.remindAt,
        fuseAt: a.fuseAt,
        afterFuse: a.afterFuse,
        tokensAfterFuse: a.tokensAfterFuse,
        recoveredAt: a.recoveredAt,
        densities: a.densities,
        skipped: a.skipped,
      };
      expect(got).toEqual(figures);
      expect(a.recovered).toBe(figures.recoveredAt !== null);
    });
    it(`${name} stays under 20 KB`, () => {
      expect(text.length).toBeLessThan(20 * 1024);
    });
  }

  it('otlp-fuse.json orders calls by start time, not by where the span is written', async () => {
    const t = await traceOf(otlpFuse);
    expect(t.calls.map((c) => c.tool)).toEqual([
      'read_file',
      'run_sql',
      'run_sql',
      'run_sql',
      'run_sql',
      'run_sql',
      'write_report',
    ]);
    expect(t.calls[0]?.start).toBe(1_700_000_002_100);
  });

  it('otlp-fuse.json: args given as JSON text in any key order make one key', async () => {
    const a = analyse(await traceOf(otlpFuse), ARTICLE_GUARD);
    expect(new Set(a.rows.slice(1, 5).map((r) => r.key)).size).toBe(1);
    expect(a.rows.map((r) => r.stage)).toEqual(['none', 'counting', 'reminded', 'fused', 'fused', 'none', 'none']);
  });

  it('otlp-lines.jsonl: a kvlist and a JSON text of the same args are one key', async () => {
    const a = analyse(await traceOf(otlpLines), ARTICLE_GUARD);
    expect(a.rows.map((r) => r.count)).toEqual([0, 1, 2, 3]);
  });

  it('claude-session.jsonl: the second Read of the same file, same text, made no progress', async () => {
    const a = analyse(await traceOf(claudeSession), ARTICLE_GUARD);
    expect(a.noProgress).toEqual([
      { position: 5, tool: 'Read', args: '{"file_path":"/app/test_orders.py"}', repeats: 1, times: 2 },
    ]);
  });

  it('run-file.json is what the run file writer makes of the stuck-query run today', () => {
    const cps = checkpointsOf('stuck-query', { runId: 'stuck-1', config: { heedReminder: 0 } });
    const last = cps.at(-1);
    if (!last) throw new Error('no checkpoint');
    const text = runFileText(runMetaOf([last]), [last]);
    // UPDATE_SAMPLES=1 npx vitest run src/traces/samples, then npx prettier --write src/traces.
    if (process.env.UPDATE_SAMPLES) writeFileSync(new URL('./samples/run-file.json', import.meta.url), text);
    expect(JSON.parse(runFile)).toEqual(JSON.parse(text));
  });
});
