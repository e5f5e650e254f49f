import fc from 'fast-check';

/**
 * Random edits of valid JSON, for the property tests that hold what a reader refuses and a
 * store acknowledges (mutations.test.ts, acknowledged.test.ts): a value replaced, deleted, or a
 * key added (prototype keys among them), anywhere or in the newest checkpoint's plan.
 */

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every path to a value in `v` (objects and arrays), root excluded. */
function pathsOf(v: Json, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (typeof v !== 'object' || v === null) return out;
  for (const [k, x] of Array.isArray(v) ? v.entries() : Object.entries(v)) {
    out.push([...at, k]);
    pathsOf(x, [...at, k], out);
  }
  return out;
}

export const hostile = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom<Json>(
    null,
    'constructor',
    '__proto__',
    -1,
    0,
    1e300,
    2 ** 53,
    0.5,
    '',
    'x'.repeat(5000),
    [],
    {},
    [null],
    { title: null },
  ),
);

/** Where an edit lands: anywhere, or in the newest checkpoint's plan (what a resume reads first). */
export type Scope = 'any' | 'plan';
export type Edit = { scope: Scope; pick: number } & (
  { kind: 'set'; value: unknown } | { kind: 'delete' } | { kind: 'add'; key: string; value: unknown }
);
const scope = fc.constantFrom<Scope>('any', 'plan', 'plan');
export const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ scope, kind: fc.constant('set' as const), pick: fc.nat(), value: hostile }),
  fc.record({ scope, kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    scope,
    kind: fc.constant('add' as const),
    pick: fc.nat(),
    key: fc.constantFrom('extra', '__proto__', 'constructor', 'minutes', 'design'),
    value: hostile,
  }),
);

export function apply(file: Json, e: Edit): void {
  const newest = ((file as { checkpoints?: unknown[] }).checkpoints?.length ?? 1) - 1;
  const all = pathsOf(file);
  const inPlan = all.filter((p) => p[0] === 'checkpoints' && p[1] === newest && p[2] === 'plan');
  const paths = e.scope === 'plan' && inPlan.length ? inPlan : all;
  const path = paths[e.pick % paths.length] as (string | number)[];
  let parent = file as Record<string | number, Json>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, Json>;
  const last = path[path.length - 1] as string | number;
  if (e.kind === 'set') parent[last] = e.value as Json;
  else if (e.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else {
    const target = parent[last];
    if (typeof target === 'object' && target !== null && !Array.isArray(target))
      Object.defineProperty(target, e.key, { value: e.value, enumerable: true, configurable: true, writable: true });
  }
}
