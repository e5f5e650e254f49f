import type { DesignId, Sample } from '../engine';
import type { CompareRun } from './runner';

/** The two panes' samples on shared axes, so both lines are drawn to one scale. */
export interface Chart {
  /** The axes' ends: virtual minutes, tokens, steps of work (0 when nothing has happened yet). */
  maxMinutes: number;
  maxTokens: number;
  maxWork: number;
  series: readonly { design: DesignId; points: readonly Sample[] }[];
}

export function chartOf(run: CompareRun): Chart {
  const series = run.panes.map((p) => ({ design: p.design, points: p.samples }));
  const all = series.flatMap((s) => s.points);
  const max = (f: (s: Sample) => number) => all.reduce((m, s) => Math.max(m, f(s)), 0);
  return { maxMinutes: max((s) => s.minutes), maxTokens: max((s) => s.tokens), maxWork: max((s) => s.work), series };
}
