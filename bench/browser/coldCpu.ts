/** What a cold load costs the whole machine, not only the page's main thread (coldLoad.ts counts it). */
import type { Load } from '../chromium';
import { figure, median, type Figure } from '../lib';

/** The kinds of Chromium process that a note names, the rest summed as "other". */
const NAMED_KINDS = ['renderer', 'browser', 'gpu-process', 'NetworkService'];

/**
 * What the cold loads cost the machine: CPU time of all of Chromium's processes from the
 * navigation to ready (ours) or drawn (the minimal app), median per load. On 2 cores a page
 * that keeps both busy is ready no sooner than its CPU time over 2, whatever the order of its work.
 */
export function cpuFigures(ours: Load[], minimal: Load[]): Figure[] {
  const total = (l: Load) => Object.values(l.cpu).reduce((a, b) => a + b, 0);
  if (ours.every((l) => total(l) === 0)) return [];
  // A load's CPU under the named kinds, everything else as "other".
  const named = (l: Load, k: string) =>
    k !== 'other'
      ? (l.cpu[k] ?? 0)
      : Object.entries(l.cpu).reduce((a, [kind, ms]) => (NAMED_KINDS.includes(kind) ? a : a + ms), 0);
  const byKind = (loads: Load[]) =>
    [...NAMED_KINDS, 'other'].map((k) => `${k} ${median(loads.map((l) => named(l, k))).toFixed(0)}`).join(', ');
  const [o, m] = [median(ours.map(total)), median(minimal.map(total))];
  return [
    figure(
      'cold load: CPU time of all Chromium processes to data-ready, the app (median)',
      o,
      'ms',
      undefined,
      `by process: ${byKind(ours)} ms`,
    ),
    figure(
      'cold load: CPU time of all Chromium processes to drawn, minimal app (median)',
      m,
      'ms',
      undefined,
      `by process: ${byKind(minimal)} ms`,
    ),
    figure(
      'cold load CPU time, app to data-ready / minimal to drawn',
      o / m,
      '×',
      undefined,
      'no target: the cause of the cold-load ratios',
    ),
  ];
}
