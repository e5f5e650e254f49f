import { quote } from '../engine';
import { Refused, why } from './errors';

/**
 * The bounds a trace is held to, the run file's (packages/harness-core/src/schema.ts, persistence/runFile.ts) where
 * they fit: the same depth and prototype-key rule, finite numbers. Two differ, each for a reason:
 * the size (a day of an agent's spans is larger than any run this page writes) and the text
 * (a tool's output is a whole file, far past a checkpoint's 2,000-character strings).
 */

/** The largest trace read: 50 MiB (SPEC §11). */
export const MAX_TRACE_BYTES = 50 * 1024 * 1024;
/** How deep a value may nest: packages/harness-core/src/schema.ts `MAX_DEPTH`, which run files are held to. */
const MAX_TRACE_DEPTH = 32;
/** The longest text anywhere in a trace: 1 Mi characters (a tool result holding a large file). */
const MAX_TRACE_TEXT = 1024 * 1024;

const PROTO_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

interface Found {
  code: 'E644' | 'E645' | 'E646' | 'E647';
  /** Path from the problem up to the root (reversed once, when reported). */
  up: string[];
  detail?: string;
}

/*
 * packages/harness-core/src/schema.ts's `plainDataProblem` is the same walk for a checkpoint, but it is not in the
 * engine's index, builds a path string for every value and checks neither numbers nor text.
 * Here the path is built only on the way back from a problem: the walk is the one pass over a
 * 10 MiB trace that JSON.parse does not already make (bench/traces.ts holds it to 3x parse).
 * Recursion is safe: it stops at MAX_TRACE_DEPTH.
 */
function walk(v: unknown, depth: number): Found | null {
  if (typeof v === 'string')
    return v.length > MAX_TRACE_TEXT ? { code: 'E647', up: [], detail: String(v.length) } : null;
  if (typeof v === 'number') return Number.isFinite(v) ? null : { code: 'E646', up: [], detail: String(v) };
  if (typeof v !== 'object' || v === null) return null;
  if (depth >= MAX_TRACE_DEPTH) return { code: 'E644', up: [] };
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const f = walk(v[i], depth + 1);
      if (f) {
        f.up.push(String(i));
        return f;
      }
    }
    return null;
  }
  const o = v as Record<string, unknown>;
  for (const k in o) {
    if (PROTO_KEYS.has(k)) return { code: 'E645', up: [k] };
    const f = walk(o[k], depth + 1);
    if (f) {
      f.up.push(k);
      return f;
    }
  }
  return null;
}

/**
 * Throws the numbered refusal of the first value of `v` that breaks a bound: nesting past 32
 * levels, a prototype key, a number that is not finite (JSON's `1e999`), a text past the limit.
 * `where` prefixes the path (a line number of a JSON-lines file).
 */
export function checkStructure(v: unknown, where = ''): void {
  const f = walk(v, 0);
  if (!f) return;
  const path = quote([where, ...f.up.reverse()].filter((s) => s !== '').join('.') || '(the file)');
  if (f.code === 'E646') throw new Refused('E646', path, f.detail ?? '', why('why.notFinite'));
  if (f.code === 'E647') throw new Refused('E647', path, Number(f.detail).toLocaleString('en'));
  throw new Refused(f.code, path);
}

/**
 * A count (tokens) read from a trace: a whole number from 0 up to 2^53 - 1, given as a number
 * or, as OTLP writes 64-bit integers, as decimal text. Anything else is refused (E646), not
 * guessed: a negative or fractional token count would make every figure after it wrong.
 */
export function countOf(v: unknown, field: string): number {
  const n = typeof v === 'string' && /^\d{1,16}$/.test(v) ? Number(v) : v;
  if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) return n;
  throw new Refused('E646', quote(field), quote(v, 40), why('why.countWhole'));
}
