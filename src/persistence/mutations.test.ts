import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Sim, type Checkpoint } from '../engine';
import { createMemoryStore } from './memoryStore';

/**
 * A hand-edited run file is either a valid run (imported, and it plays to a terminal state)
 * or refused with a numbered reason. Random edits of valid files (seeded): none throws, none
 * is accepted and then freezes, NaNs the clock or crashes.
 */

async function validFile(scenario: string): Promise<string> {
  const store = createMemoryStore();
  await store.createRun({ runId: 'run-m', scenario, seed: 3 });
  const sim = new Sim({
    scenario,
    runId: 'run-m',
    seed: 3,
    config: { density: 'every_step' },
    onCheckpoint: (cp) => void store.put(cp),
  });
  for (let i = 0; i < 30; i++) sim.send(sim.state === 'created' ? { type: 'START' } : { type: 'TICK' });
  await new Promise((r) => setTimeout(r, 0));
  const r = await store.exportRun('run-m', { newest: 3 });
  if (!r.ok) throw new Error(r.error);
  return r.text;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every path to a value in `v` (objects and arrays), root excluded. */
function pathsOf(v: Json, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (typeof v !== 'object' || v === null) return out;
  for (const [k, x] of Array.isArray(v) ? v.entries() : Object.entries(v)) {
    out.push([...at, k]);
    pathsOf(x, [...at, k], out);
  }
  return out;
}

const hostile = fc.oneof(
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
type Scope = 'any' | 'plan';
type Edit = { scope: Scope; pick: number } & (
  { kind: 'set'; value: unknown } | { kind: 'delete' } | { kind: 'add'; key: string; value: unknown }
);
const scope = fc.constantFrom<Scope>('any', 'plan', 'plan');
const edit: fc.Arbitrary<Edit> = fc.oneof(
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

function apply(file: Json, e: Edit): void {
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

const isTerminal = (s: string) => s === 'completed' || s === 'failed' || s === 'cancelled';

/** Plays an imported run from its newest checkpoint to its end, approving what waits. */
function playsToEnd(cp: Checkpoint): boolean {
  const sim = new Sim({ scenario: cp.scenario, from: cp });
  for (let i = 0; i < 20_000 && !isTerminal(sim.state); i++) {
    if (!Number.isFinite(sim.clock)) return false;
    sim.send(
      sim.state === 'waiting_approval'
        ? { type: 'APPROVE' }
        : sim.state === 'created'
          ? { type: 'START' }
          : { type: 'TICK' },
    );
  }
  return isTerminal(sim.state) && Number.isFinite(sim.clock);
}

describe('a hand-edited run file', () => {
  it.each(['migration-40', 'dynamic-plan'])(
    'of %s is a valid run that plays to its end, or refused with a numbered reason',
    async (scenario) => {
      const text = await validFile(scenario);
      await fc.assert(
        fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 3 }), async (edits) => {
          const file = JSON.parse(text) as Json;
          for (const e of edits) apply(file, e);
          const store = createMemoryStore();
          const r = await store.importRun(JSON.stringify(file));
          if (!r.ok) {
            expect(r.error).toMatch(/^E6\d\d: /);
            expect((await store.listRuns()).runs).toEqual([]);
            return;
          }
          const { checkpoint } = await store.newest(r.runId);
          if (checkpoint) expect(playsToEnd(checkpoint)).toBe(true);
        }),
        { seed: 1313, numRuns: 150 },
      );
    },
  );
});
