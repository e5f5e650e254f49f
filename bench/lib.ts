/**
 * What every benchmark module shares: the figure it reports and a few helpers.
 *
 * A module is a file `bench/<name>.ts` that exports `run(): Promise<Figure[]>` and is listed
 * in `MODULES` in bench/run.ts. It measures, returns its figures, and prints nothing on stdout
 * (progress goes to stderr through `progress`); run.ts prints the table and writes the JSON.
 */

/** A target a figure is held to: `≥ value` (at least) or `≤ value` (at most). */
export interface Target {
  op: '>=' | '<=';
  value: number;
}

export interface Figure {
  /** What was measured, readable on its own, e.g. "engine ticks/s (migration-40, Sim)". */
  name: string;
  value: number;
  unit: string;
  target?: Target;
  /** Whether the target was met; left out when there is no target. */
  ok?: boolean;
  /** How to read it, when the name alone does not say (shown under the table). */
  note?: string;
}

export type BenchModule = { run: () => Promise<Figure[]> };

export const atLeast = (value: number): Target => ({ op: '>=', value });
export const atMost = (value: number): Target => ({ op: '<=', value });

export function meets(value: number, target: Target): boolean {
  return target.op === '>=' ? value >= target.value : value <= target.value;
}

/** A figure, with `ok` filled in from its target. */
export function figure(name: string, value: number, unit: string, target?: Target, note?: string): Figure {
  return {
    name,
    value,
    unit,
    ...(target ? { target, ok: meets(value, target) } : {}),
    ...(note ? { note } : {}),
  };
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error('median of nothing');
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** The p-th percentile (nearest rank) of `xs`. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) throw new Error('percentile of nothing');
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number;
}

/** "min–max" of `xs`, with `digits` decimals. */
export const range = (xs: number[], digits = 0) =>
  `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;

/** A line of progress on stderr, so stdout holds only the results table. */
export function progress(text: string): void {
  process.stderr.write(`  … ${text}\n`);
}

/** Full garbage collections (needs `node --expose-gc`); false when gc is not exposed. */
export function collectGarbage(): boolean {
  const gc = globalThis.gc;
  if (!gc) return false;
  // Twice: the first pass can leave objects that only become unreachable after finalizers ran.
  gc();
  gc();
  return true;
}

/** The figure a module running a browser reports for the machine's other load (run.ts reads it). */
export const OTHER_PROCESSES = 'cores kept busy by other processes meanwhile';

/** Median of `samples` timings of `fn` (after one discarded warm-up), in ms. */
export async function timeOf(fn: () => unknown, samples = 7): Promise<number> {
  await fn();
  const xs: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await fn();
    xs.push(performance.now() - t0);
  }
  return median(xs);
}
