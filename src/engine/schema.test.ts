import { describe, expect, it } from 'vitest';
import { CHECKPOINT_SCHEMA_V, TAKEOVER_EDIT_SCHEMA, checkAgainst, type Checkpoint } from 'harness-core/sim';
import { parseCheckpoint } from './codec';
import { Sim } from './sim';

/** The schemas accept what the engine writes (every scenario) and refuse, naming the field, what it never would. */

function checkpointsOf(scenario: string, ticks = 400): Checkpoint[] {
  const out: Checkpoint[] = [];
  const sim = new Sim({ scenario, config: { density: 'every_step' }, onCheckpoint: (cp) => out.push(cp) });
  for (let i = 0; i < ticks; i++) {
    if (sim.state === 'completed' || sim.state === 'failed' || sim.state === 'cancelled') break;
    sim.send(
      sim.state === 'created'
        ? { type: 'START' }
        : sim.state === 'waiting_approval'
          ? { type: 'APPROVE' }
          : { type: 'TICK' },
    );
  }
  return out;
}

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('the checkpoint schema', () => {
  it.each(['migration-40', 'not-found', 'enumerate', 'dynamic-plan'])('accepts every checkpoint %s writes', (id) => {
    const cps = checkpointsOf(id);
    expect(cps.length).toBeGreaterThan(0);
    for (const cp of cps) expect(checkAgainst(CHECKPOINT_SCHEMA_V, clone(cp))).toEqual({ ok: true, value: clone(cp) });
  });

  const dynamic = () =>
    clone(checkpointsOf('dynamic-plan').find((c) => (c.plan.remaining?.length ?? 0) > 1) as Checkpoint);
  const cases: [string, (c: Record<string, unknown> & Checkpoint) => void, RegExp][] = [
    ['a null plan step', (c) => ((c.plan.remaining as unknown[])[0] = null), /plan\.remaining\.0/],
    [
      'a tool named constructor',
      (c) => ((c.plan.remaining as unknown as { tool: string }[])[0]!.tool = 'constructor'),
      /plan\.remaining\.0\.tool/,
    ],
    [
      'a step without a title',
      (c) => delete (c.plan.remaining as unknown as { title?: unknown }[])[0]!.title,
      /plan\.remaining\.0\.title/,
    ],
    ['an unknown key', (c) => (c.extra = 1), /extra/],
    [
      'a __proto__ key',
      (c) => Object.defineProperty(c.world.approach, '__proto__', { value: 1, enumerable: true }),
      /world\.approach|prototype/,
    ],
    [
      'a string of 3,000 characters',
      (c) => (c.plan.remaining![0]!.phase = 'x'.repeat(3000)),
      /plan\.remaining\.0\.phase/,
    ],
    [
      'a deep array',
      (c) => {
        let deep: unknown[] = [];
        for (let i = 0; i < 200_000; i++) deep = [deep];
        (c.plan.remaining as unknown[])[0] = deep;
      },
      /plan\.remaining\.0/,
    ],
  ];
  it.each(cases)('refuses %s, naming the field', (_name, mutate, field) => {
    const c = dynamic() as Record<string, unknown> & Checkpoint;
    mutate(c);
    const r = checkAgainst(CHECKPOINT_SCHEMA_V, c);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(field);
  });

  it('accepts the additive fields of the engine work (design, failure trigger, heedReminder, minutes)', () => {
    const c = dynamic();
    const r = checkAgainst(CHECKPOINT_SCHEMA_V, {
      ...c,
      design: 'no-fuse',
      trigger: 'failure',
      config: { ...c.config, heedReminder: 0.5 },
      plan: { ...c.plan, remaining: c.plan.remaining!.map((s) => ({ ...s, minutes: 3 })) },
    });
    expect(r.ok).toBe(true);
    expect(checkAgainst(CHECKPOINT_SCHEMA_V, { ...c, design: 'nope' }).ok).toBe(false);
    expect(checkAgainst(CHECKPOINT_SCHEMA_V, { ...c, config: { ...c.config, heedReminder: 2 } }).ok).toBe(false);
  });
});

describe('the takeover edit schema', () => {
  it('accepts the three edits and refuses anything else', () => {
    expect(checkAgainst(TAKEOVER_EDIT_SCHEMA, { kind: 'skip', step: 3 }).ok).toBe(true);
    expect(checkAgainst(TAKEOVER_EDIT_SCHEMA, { kind: 'set_args', step: 3, args: { path: 'a' } }).ok).toBe(true);
    expect(
      checkAgainst(TAKEOVER_EDIT_SCHEMA, { kind: 'set_args', step: 3, args: { path: 'x'.repeat(400_000) } }).ok,
    ).toBe(false);
    expect(checkAgainst(TAKEOVER_EDIT_SCHEMA, { kind: 'drop', step: 3 }).ok).toBe(false);
  });
});

describe('migration-N scenarios', () => {
  it('are built once: a second ask is the same scenario, at once', async () => {
    const { findScenario } = await import('./scenarios');
    const t0 = performance.now();
    const a = findScenario('migration-99998');
    const first = performance.now() - t0;
    const t1 = performance.now();
    for (let i = 0; i < 100; i++) expect(findScenario('migration-99998')).toBe(a);
    expect(performance.now() - t1).toBeLessThan(Math.max(5, first));
  });
});

describe("the simulator's codec", () => {
  it('refuses a stored step with a tool the simulator does not have (harness-core takes any)', () => {
    const cp = clone(checkpointsOf('dynamic-plan').find((c) => (c.plan.remaining?.length ?? 0) > 1) as Checkpoint);
    expect(parseCheckpoint(JSON.stringify(cp)).ok).toBe(true);
    (cp.plan.remaining as unknown as { tool: string }[])[0]!.tool = 'bigquery';
    expect(checkAgainst(CHECKPOINT_SCHEMA_V, clone(cp)).ok).toBe(true);
    const r = parseCheckpoint(JSON.stringify(cp));
    expect(r.ok ? '' : r.error).toMatch(/^E205: .*tool "bigquery", which this simulator does not have/);
  });
});
