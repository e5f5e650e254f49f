import type { TodoStatus } from './types.js';

/** Step-number ranges as text, e.g. "1-26,28": short and readable. */
export type Ranges = string;

export function toRanges(ns: readonly number[]): Ranges {
  const parts: string[] = [];
  for (let i = 0; i < ns.length;) {
    let j = i;
    while (j + 1 < ns.length && (ns[j + 1] as number) === (ns[j] as number) + 1) j++;
    parts.push(i === j ? String(ns[i]) : `${ns[i]}-${ns[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

export function fromRanges(text: Ranges): number[] | null {
  if (text === '') return [];
  const out: number[] = [];
  for (const part of text.split(',')) {
    const m = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(part);
    if (!m) return null;
    const lo = Number(m[1]);
    const hi = m[2] === undefined ? lo : Number(m[2]);
    if (hi < lo || (out.length > 0 && lo <= (out[out.length - 1] as number))) return null;
    for (let k = lo; k <= hi; k++) out.push(k);
  }
  return out;
}

/** The todo list as ranges per status, in one pass (a checkpoint is built on the hot path). */
export function todoRanges(todos: readonly TodoStatus[]): Record<TodoStatus, Ranges> {
  const parts: Record<TodoStatus, string[]> = { pending: [], in_progress: [], done: [], skipped: [] };
  for (let i = 0; i < todos.length;) {
    const status = todos[i] as TodoStatus;
    let j = i;
    while (j + 1 < todos.length && todos[j + 1] === status) j++;
    parts[status].push(i === j ? String(i + 1) : `${i + 1}-${j + 1}`);
    i = j + 1;
  }
  return {
    pending: parts.pending.join(','),
    in_progress: parts.in_progress.join(','),
    done: parts.done.join(','),
    skipped: parts.skipped.join(','),
  };
}
