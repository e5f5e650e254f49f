import { visibleText } from '../share/visibleText';
import type { Analysis } from './types';

/**
 * An analysis written out for a spreadsheet or another program: the whole of it as JSON, and
 * its two tables (the calls, the densities) as CSV by RFC 4180 (a header row, CRLF line ends,
 * a field quoted when it holds a separator, a quote or a line break, its quotes doubled).
 */

/** The schema id of an exported analysis, so a reader can tell it from a trace (`format` is the trace's). */
export const ANALYSIS_FORMAT = 'harness-sim.trace-analysis/1';

/** Bidi controls and other invisible format characters a trace's text may hold. */
const INVISIBLE = /[\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/**
 * The analysis as indented JSON, its invisible characters written as JSON escapes (`\u202e`):
 * the same values read back, and a text editor shows "safe\u202egnp.exe", not "safeexe.png".
 */
export const analysisJson = (a: Analysis): string =>
  JSON.stringify({ schema: ANALYSIS_FORMAT, ...a }, null, 2).replace(
    INVISIBLE,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * One CSV field. A text that a spreadsheet would run as a formula gets an apostrophe before the
 * formula's first character (= + - @), at the start of the field and after each separator any
 * locale's spreadsheet may split on (`,` `;` a tab): a trace's args are anyone's text, and a
 * student opens the file in whatever spreadsheet they have (OWASP's advice for CSV injection,
 * `a;=1+1` included). A field that starts with a tab or a carriage return gets one too. A field
 * holding any of those separators, a quote or a line break is quoted, its quotes doubled. Control
 * characters (bidi ones included) are written as `\uXXXX`.
 */
export function csvField(v: string | number | boolean | null): string {
  if (v === null) return '';
  if (typeof v !== 'string') return String(v);
  // CSV has no escapes: a control is written as its `\uXXXX` text (a bidi one would reorder the row).
  const s = visibleText(v)
    .replace(/^(?=[\t\r])/, "'")
    .replace(/(^|[,;\t])([ ]*)(?=[=+\-@])/g, "$1$2'");
  return /[",;\t\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const csv = (rows: readonly (readonly (string | number | boolean | null)[])[]): string =>
  rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';

/** The calls, one row each, as CSV. */
export function callsCsv(a: Analysis): string {
  const noProgress = new Set(a.noProgress.map((r) => r.position));
  return csv([
    [
      'position',
      'tool',
      'args',
      'outcome',
      'error_type',
      'tokens',
      'count',
      'stage',
      'after_fuse',
      'key_action',
      'no_progress',
    ],
    ...a.rows.map((r) => [
      r.position,
      r.tool,
      r.args,
      r.ok ? 'ok' : 'error',
      r.errorType,
      r.tokens,
      r.count,
      r.stage,
      r.afterFuse,
      r.keyAction,
      noProgress.has(r.position),
    ]),
  ]);
}

/** The density policies, one row each, as CSV. */
export function densitiesCsv(a: Analysis): string {
  return csv([
    ['policy', 'n', 'checkpoints', 'lost_worst', 'lost_mean'],
    ...a.densities.map((d) => [d.policy, d.n, d.checkpoints, d.lostWorst, Number(d.lostMean.toFixed(3))]),
  ]);
}
