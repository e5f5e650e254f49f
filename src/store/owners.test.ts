/// <reference types="node" />
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createBranchesSlice } from './branches';
import { createLessonSlice } from './lessonRuns';
import { createRunSlice } from './run';
import { createRunsSlice } from './runs';
import { createSeekSlice } from './seek';
import { createSettingsSlice } from './settings';
import { createStorageSlice } from './storage';
import { createTabSlice } from './tab';

/**
 * One owner per fact (issue 42): the store's slices stand in a fixed order, a slice uses only
 * itself and the slices above it (no cycle), and each field is written by one file only, its
 * slice's. The compiler holds the slices to it (types.ts `SliceArgs`); this reads the files, so
 * it holds them too where a type can be cast away, and the README's owner table to the code.
 */

const STORE = dirname(fileURLToPath(import.meta.url));
const SRC = join(STORE, '..');
const ROOT = join(SRC, '..');

/** The slices, top to bottom: each file, and its creator. */
const ORDER = [
  ['settings', createSettingsSlice],
  ['storage', createStorageSlice],
  ['tab', createTabSlice],
  ['run', createRunSlice],
  ['runs', createRunsSlice],
  ['lessonRuns', createLessonSlice],
  ['branches', createBranchesSlice],
  ['seek', createSeekSlice],
] as const;

type Creator = (set: never, get: never) => Record<string, unknown>;

/** A slice's members and which of them are fields (state; the rest are its actions). */
function membersOf(create: Creator): { all: string[]; fields: string[] } {
  const slice = create((() => undefined) as never, (() => ({})) as never);
  const all = Object.keys(slice);
  return { all, fields: all.filter((k) => typeof slice[k] !== 'function' && k !== 'player') };
}

/** The file's code without its comments (a comment may name anything). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/** The text from `open` (a bracket) to its match. */
function balanced(text: string, open: number): string {
  const pairs: Record<string, string> = { '(': ')', '{': '}', '[': ']' };
  const stack: string[] = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i] as string;
    if (c in pairs) stack.push(pairs[c] as string);
    else if (c === stack.at(-1)) {
      stack.pop();
      if (stack.length === 0) return text.slice(open, i + 1);
    }
  }
  return text.slice(open);
}

/** Top-level entries of a bracketed text, split at its commas. */
function entries(inner: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  out.push(inner.slice(start));
  return out.map((e) => e.trim()).filter(Boolean);
}

/** The keys an object literal at `open` writes (a spread's own object literals included). */
function keysOf(text: string, open: number): string[] {
  const obj = balanced(text, open);
  return entries(obj.slice(1, -1)).flatMap((e) => {
    if (e.startsWith('...'))
      return [...e.matchAll(/\{/g)].flatMap((m) => (m.index === e.indexOf('{') ? keysOf(e, m.index) : []));
    const key = /^(\w+)\s*(?::|$)/.exec(e);
    return key ? [key[1] as string] : [];
  });
}

/** The keys a file's `set(…)` calls write (`set(name)` with a name: the slice's own initial fields). */
function setKeys(text: string): string[] {
  const src = code(text);
  return [...src.matchAll(/(?<![\w.])set\(/g)].flatMap((m) => {
    const call = balanced(src, (m.index as number) + 3);
    const brace = call.indexOf('{');
    return brace < 0 ? [] : keysOf(call, brace);
  });
}

/** The store members a file reads through `get()`: `get().x` and `const { x, y } = get()`. */
function gets(text: string): string[] {
  const src = code(text);
  const direct = [...src.matchAll(/get\(\)\.(\w+)/g)].map((m) => m[1] as string);
  const destructured = [...src.matchAll(/\{([^{}]*)\}\s*=\s*get\(\)/g)].flatMap((m) =>
    (m[1] as string).split(',').map((p) => p.split(':')[0]?.trim() ?? ''),
  );
  return [...direct, ...destructured].filter(Boolean);
}

const slices = ORDER.map(([file, create]) => ({
  file,
  text: readFileSync(join(STORE, `${file}.ts`), 'utf8'),
  ...membersOf(create as unknown as Creator),
}));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('one owner per fact: the store', () => {
  it('reads the files it checks (a parser that finds nothing would pass anything)', () => {
    expect(setKeys(`set((s) => ({ a: 1, b, ...(x ? { c: 2 } : {}) }))`)).toEqual(['a', 'b', 'c']);
    expect(gets(`const { sim, persist: p } = get(); get().role;`).sort()).toEqual(['persist', 'role', 'sim']);
    expect(slices.every((s) => s.all.length > 0)).toBe(true);
    expect(setKeys(slices[1]!.text)).toContain('writeFailure');
    expect(gets(slices[3]!.text)).toContain('writeSettled');
  });

  it('has no member in two slices (a later slice would silently replace it)', () => {
    const seen = new Map<string, string>();
    const twice = slices.flatMap((s) =>
      s.all.flatMap((m) => {
        const other = seen.get(m);
        seen.set(m, s.file);
        return other ? [`${m}: ${other}.ts and ${s.file}.ts`] : [];
      }),
    );
    expect(twice).toEqual([]);
  });

  it('a slice uses only itself and the slices above it: no call goes down, so none goes round', () => {
    const below = (i: number) => new Map(slices.slice(i + 1).flatMap((s) => s.all.map((m) => [m, s.file] as const)));
    const upward = slices.flatMap((s, i) => {
      const lower = below(i);
      return gets(s.text).flatMap((m) =>
        lower.has(m) ? [`${s.file}.ts uses ${m} (${lower.get(m)}.ts, below it)`] : [],
      );
    });
    expect(upward).toEqual([]);
  });

  it('each field is written by one file, its own slice', () => {
    const foreign = slices.flatMap((s) =>
      setKeys(s.text).flatMap((k) => (s.fields.includes(k) ? [] : [`${s.file}.ts sets ${k}`])),
    );
    expect(foreign).toEqual([]);
    // Nothing outside the slices writes the store (tests aside): a writer goes through a slice's action.
    const outside = sources(SRC).filter((f) => /useSimStore\.setState\(/.test(readFileSync(f, 'utf8')));
    expect(outside.map((f) => relative(SRC, f))).toEqual([]);
  });

  it('every other store is written by the file that makes it, and by no other', () => {
    const files = sources(SRC).map((f) => ({ f: relative(SRC, f), text: code(readFileSync(f, 'utf8')) }));
    const maker = new Map(
      files.flatMap(({ f, text }) =>
        [...text.matchAll(/export const (use\w+) = create\b/g)].map((m) => [m[1], f] as const),
      ),
    );
    expect(maker.size).toBeGreaterThan(3);
    const foreign = files.flatMap(({ f, text }) =>
      [...text.matchAll(/\b(use\w+)\.setState\(/g)]
        .map((m) => m[1] as string)
        .filter((store) => maker.has(store) && maker.get(store) !== f)
        .map((store) => `${f} writes ${store} (${maker.get(store)})`),
    );
    expect(foreign).toEqual([]);
  });

  it('the README owner table names every slice and every store the page makes', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf("The page's state, each fact"), readme.indexOf('### How to add'));
    expect(table.length).toBeGreaterThan(0);
    // A zustand store (`create`, `createStore`) or a module-level actor (`createActor(…).start()`).
    const stores = sources(SRC)
      .filter((f) => {
        const text = code(readFileSync(f, 'utf8'));
        return (
          (/from 'zustand'/.test(text) && /\b(create|createStore)\s*(<[^;]*?>)?\s*\(/.test(text)) ||
          /^export const \w+ = createActor\(/m.test(text)
        );
      })
      .map((f) => relative(SRC, f).replace(/\\/g, '/'));
    expect(stores).toContain('store/simStore.ts');
    const files = [...stores.filter((f) => f !== 'store/simStore.ts'), ...slices.map((s) => `store/${s.file}.ts`)];
    expect(files.filter((f) => !table.includes(`\`${f}\``))).toEqual([]);
  });
});
