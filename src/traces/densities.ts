import type { DensityPolicy, DensityRow, KeyActionRule, TraceFormat } from './types';

/**
 * Checkpoint densities over a trace's calls (SPEC §5, §11). A checkpoint is placed at a
 * boundary between calls, named by how many calls were done when it was written. A crash just
 * before call i (after whatever was written before it) loses the calls done since the last
 * checkpoint; the start of the run needs none (nothing is done yet).
 */

/** N of `every-n` unless the view sets one: the simulator's `everyN`. */
export const DEFAULT_EVERY_N = 10;

/** Tools with side effects, per format (editable in the view). */
export const DEFAULT_KEY_ACTIONS: Record<TraceFormat, KeyActionRule> = {
  // Claude Code's tools that change files or run commands.
  'claude-code': { names: ['Write', 'Edit', 'MultiEdit', 'Bash', 'NotebookEdit'], patterns: [] },
  // Any agent's: the names a tool that changes the world usually carries.
  otlp: { names: [], patterns: ['write', 'exec', 'shell', 'sql', 'post', 'put', 'delete'] },
  // The simulator's tools other than read_file.
  'run-file': { names: ['write_file', 'run_sql', 'http_call', 'shell'], patterns: [] },
};

/** Whether `tool` is a key action under `rule`. */
export function isKeyAction(tool: string, rule: KeyActionRule): boolean {
  if (rule.names.includes(tool)) return true;
  const lower = tool.toLowerCase();
  return rule.patterns.some((p) => p !== '' && lower.includes(p.toLowerCase()));
}

/** The boundaries each policy writes at, for `n` calls whose key actions are `key`. */
function boundaries(policy: DensityPolicy, n: number, everyN: number, key: readonly boolean[]): number[] {
  switch (policy) {
    case 'every-call':
      return Array.from({ length: n }, (_, i) => i + 1);
    case 'every-n':
      return Array.from({ length: Math.floor(n / everyN) }, (_, i) => (i + 1) * everyN);
    case 'key-actions':
      // Before the call: written when the calls before it are done.
      return key.flatMap((k, i) => (k ? [i] : []));
    case 'none':
      return [];
  }
}

/** For a crash just before each call (0-based), the calls done since the last checkpoint under `policy`. */
export function lostBefore(policy: DensityPolicy, key: readonly boolean[], everyN: number): number[] {
  return lostAt(boundaries(policy, key.length, everyN, key), key.length);
}

function lostAt(at: readonly number[], n: number): number[] {
  const lost = new Array<number>(n);
  let j = 0;
  let last = 0;
  for (let done = 0; done < n; done++) {
    while (j < at.length && (at[j] as number) <= done) last = at[j++] as number;
    lost[done] = done - last;
  }
  return lost;
}

/** One policy's row: checkpoints written, and the calls lost by a crash just before each call. */
export function densityRow(policy: DensityPolicy, key: readonly boolean[], everyN: number): DensityRow {
  const n = key.length;
  const at = boundaries(policy, n, everyN, key);
  let worst = 0;
  let sum = 0;
  for (const lost of lostAt(at, n)) {
    worst = Math.max(worst, lost);
    sum += lost;
  }
  return {
    policy,
    n: policy === 'every-n' ? everyN : null,
    checkpoints: at.length,
    lostWorst: worst,
    lostMean: n === 0 ? 0 : sum / n,
  };
}

export const POLICIES: readonly DensityPolicy[] = ['every-call', 'every-n', 'key-actions', 'none'];

/** Every policy's row over calls whose key actions are `key` (one flag per call). */
export const densities = (key: readonly boolean[], everyN: number): DensityRow[] =>
  POLICIES.map((p) => densityRow(p, key, everyN));
