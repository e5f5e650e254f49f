import { DEFAULT_EVERY_N, lostBefore } from './densities';
import { analysisJson, callsCsv, densitiesCsv } from './export';
import type { Analysis, CallRow, DensityPolicy, NoProgressRow } from './types';

/**
 * What of an analysis reaches the page. A 48 MiB trace holds 1.4 million calls: sent whole, its
 * rows took a 2.5 s main-thread task to arrive, and its CSV 1.5 s to build on a click. So the
 * analysis stays where it was made (the Worker), the page gets its head (the figures, the
 * densities, the first no-progress rows), asks for rows a window at a time, and gets each export
 * as a finished Blob.
 */

/** No-progress rows the page lists; the rest are counted. */
export const NO_PROGRESS_SHOWN = 50;

/** An analysis without its rows: what the page holds. */
export interface AnalysisHead extends Omit<Analysis, 'rows' | 'noProgress'> {
  /** How many rows (calls) the analysis has. */
  rowCount: number;
  /** The first NO_PROGRESS_SHOWN no-progress rows, and how many there are in all. */
  noProgress: NoProgressRow[];
  noProgressCount: number;
}

/** The head of `a`. */
export function headOf(a: Analysis): AnalysisHead {
  const { rows, noProgress, ...rest } = a;
  return {
    ...rest,
    rowCount: rows.length,
    noProgress: noProgress.slice(0, NO_PROGRESS_SHOWN),
    noProgressCount: noProgress.length,
  };
}

/** Rows `from` (0-based) up to `to` (excluded), each with its marks. */
export interface RowsWindow {
  from: number;
  rows: CallRow[];
  /** For each row: the calls a crash just before it would lose under the policy asked. */
  lost: number[];
  /** For each row: whether it repeated the call before with the same result (no progress). */
  still: boolean[];
}

/** The most rows one window holds (the table draws a few dozen). */
export const MAX_WINDOW_ROWS = 1000;

/** Computes, once per policy, what each row's window needs; an analysis keeps it with itself. */
export class AnalysisRows {
  private lostBy = new Map<DensityPolicy, number[]>();
  private stillAt: Set<number> | null = null;
  constructor(readonly analysis: Analysis) {}

  window(from: number, to: number, policy: DensityPolicy): RowsWindow {
    const a = this.analysis;
    const start = Math.max(0, Math.min(from, a.rows.length));
    const end = Math.max(start, Math.min(to, a.rows.length, start + MAX_WINDOW_ROWS));
    let lost = this.lostBy.get(policy);
    if (!lost) {
      const everyN = a.densities.find((d) => d.policy === 'every-n')?.n ?? DEFAULT_EVERY_N;
      lost = lostBefore(
        policy,
        a.rows.map((r) => r.keyAction),
        everyN,
      );
      this.lostBy.set(policy, lost);
    }
    this.stillAt ??= new Set(a.noProgress.map((p) => p.position));
    const rows = a.rows.slice(start, end);
    return {
      from: start,
      rows,
      lost: lost.slice(start, end),
      still: rows.map((r) => this.stillAt!.has(r.position)),
    };
  }
}

/** The three downloads of an analysis. */
export type ExportKind = 'json' | 'calls' | 'densities';

/** An export's text. */
export function exportText(a: Analysis, kind: ExportKind): string {
  return kind === 'json' ? analysisJson(a) : kind === 'calls' ? callsCsv(a) : densitiesCsv(a);
}

/** An export's media type. */
export const EXPORT_TYPE: Record<ExportKind, string> = {
  json: 'application/json',
  calls: 'text/csv',
  densities: 'text/csv',
};
