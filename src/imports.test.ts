/// <reference types="node" />
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No import cycles in src (STYLE 16: slices, not modules that import each other). A value cycle
 * decides what is defined when a module runs; a type-only one is erased by the compiler but is
 * still one module split in two, so neither is allowed.
 */

const SRC = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The files `file` imports from src (relative specifiers only: packages cannot import us back). */
function importsOf(file: string, known: ReadonlySet<string>, values: boolean): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  // `import x from './a'`, `export … from './a'`, and a bare `import './a'` (run for its effect).
  for (const m of text.matchAll(
    /(?:import|export)\s([^'"]*?)from\s+['"](\.{1,2}\/[^'"]+)['"]|import\s+()['"](\.{1,2}\/[^'"]+)['"]/g,
  )) {
    const [what, path] = m[2] !== undefined ? [m[1] ?? '', m[2]] : ['', m[4] as string];
    if (values && what.startsWith('type ')) continue;
    const base = resolve(dirname(file), path);
    const hit = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((p) =>
      known.has(p),
    );
    if (hit) out.push(hit);
  }
  return out;
}

/** Every cycle found by a depth-first walk, each as the list of files around it. */
export function cyclesIn(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (n: string) => {
    state.set(n, 'open');
    stack.push(n);
    for (const m of graph.get(n) ?? []) {
      if (state.get(m) === 'open') cycles.push([...stack.slice(stack.indexOf(m)), m]);
      else if (!state.has(m)) visit(m);
    }
    stack.pop();
    state.set(n, 'done');
  };
  for (const n of graph.keys()) if (!state.has(n)) visit(n);
  return cycles;
}

describe('imports', () => {
  it('finds a cycle when there is one (the check can fail)', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesIn(g)).toEqual([['a', 'b', 'c', 'a']]);
  });

  const cycles = (values: boolean) => {
    const files = sources(SRC);
    const known = new Set(files);
    const graph = new Map(files.map((f) => [f, importsOf(f, known, values)]));
    return cyclesIn(graph).map((c) => c.map((f) => relative(SRC, f)).join(' -> '));
  };

  it('src has no value import cycle', () => {
    expect(cycles(true)).toEqual([]);
  });

  it('src has no type-only import cycle either', () => {
    expect(cycles(false)).toEqual([]);
  });

  it('the page reaches the dictionaries only by loadDictionary: main.tsx and start.tsx import neither language', () => {
    const files = sources(SRC);
    const known = new Set(files);
    const reached = new Set<string>();
    const walk = (f: string) => {
      if (reached.has(f)) return;
      reached.add(f);
      for (const m of importsOf(f, known, true)) walk(m);
    };
    walk(join(SRC, 'main.tsx'));
    walk(join(SRC, 'start.tsx'));
    expect(reached.size).toBeGreaterThan(50);
    const words = ['i18n/all.ts', 'i18n/en.ts', 'i18n/zh.ts', 'i18n/en.views.ts', 'i18n/zh.views.ts'].map((f) =>
      join(SRC, f),
    );
    expect(words.filter((f) => reached.has(f)).map((f) => relative(SRC, f))).toEqual([]);
  });
});
