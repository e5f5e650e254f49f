import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CHECKPOINT_SCHEMA,
  checkpointBytes,
  fromRanges,
  restoreContext,
  serializeCheckpoint,
  toRanges,
  type Checkpoint,
} from 'harness-core/sim';
import { parseCheckpoint } from './codec';
import { findScenario } from './scenarios';
import { drive } from './testing.test-kit';
import { fullStateBytes } from './fullState';

/** The stored v1 checkpoint, kept with the codec in harness-core. */
const fixtureV1 = JSON.parse(
  readFileSync(new URL('../../packages/harness-core/src/__fixtures__/checkpoint.v1.json', import.meta.url), 'utf8'),
) as { step: number; config: Record<string, unknown>; [field: string]: unknown };

const atApproval = () => drive('migration-40').start().untilState('waiting_approval');
const text = (v: unknown) => JSON.stringify(v);

describe('a checkpoint stores the position, not the luggage', () => {
  it('holds the five things of SPEC §5 and what approval and replay need', () => {
    const cp = atApproval().sim.newest!;
    expect(cp).toMatchObject({
      schema: CHECKPOINT_SCHEMA,
      state: 'waiting_approval',
      step: 27,
      done: '1-26',
      todos: { in_progress: '27', pending: '28-40', skipped: '' },
      plan: { mode: 'one_shot', version: 1, total: 40 },
      approval: { issued: 1, pending: { step: 27 } },
      scenario: 'migration-40',
      seed: 1,
    });
    expect(cp.refs.map((r) => r.ref)).toContain('exports/orders_v2.csv');
    expect(cp.ledger).toHaveLength(26);
  });

  it('never holds message history or the context channel', () => {
    const t = drive().start().send({ type: 'FAIL_NOW', error: 'timeout' }, { type: 'FAIL_NOW', error: 'timeout' });
    const json = serializeCheckpoint(t.sim.newest ?? t.checkpoints.at(-1)!);
    expect(json).not.toMatch(/messages|channel|system-reminder|history/);
  });

  it('is at most 4 KB at step 27 and at least 10x smaller than the full state', () => {
    const t = atApproval();
    const bytes = checkpointBytes(t.sim.newest!);
    expect(bytes).toBeLessThanOrEqual(4096);
    expect(fullStateBytes(t.ctx, bytes)).toBeGreaterThanOrEqual(10 * bytes);
  });
});

describe('parseCheckpoint', () => {
  it('round-trips: parse(serialize(cp)) equals cp', () => {
    const cp = atApproval().sim.newest!;
    expect(parseCheckpoint(serializeCheckpoint(cp))).toEqual({ ok: true, checkpoint: cp });
  });

  it('reads the kept v1 fixture', () => {
    const r = parseCheckpoint(text(fixtureV1));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.checkpoint).toMatchObject({ state: 'waiting_approval', step: 27, seq: 8 });
  });

  it.each([
    ['not JSON', '{"schema": ', 'E201'],
    ['foreign JSON', text({ name: 'my todo app', items: [] }), 'E202'],
    ['a JSON array', '[1,2,3]', 'E202'],
    ['a newer version', text({ ...fixtureV1, schema: 'harness-sim.checkpoint/2' }), 'E203'],
    ['a damaged field', text({ ...fixtureV1, step: -4 }), 'E205'],
    ['a damaged ledger row', text({ ...fixtureV1, ledger: [{ step: 1 }] }), 'E205'],
    ['a bad config', text({ ...fixtureV1, config: { ...fixtureV1.config, fuseAt: 1 } }), 'E205'],
    ['a config whose tools always fail', text({ ...fixtureV1, config: { ...fixtureV1.config, flakiness: 1 } }), 'E205'],
    [
      'a config whose fuse passes its tries',
      text({ ...fixtureV1, config: { ...fixtureV1.config, fuseAt: 11 } }),
      'E205',
    ],
    ['an unknown scenario', text({ ...fixtureV1, scenario: 'rocket-launch' }), 'E206'],
    ['a step outside the plan', text({ ...fixtureV1, step: 41 }), 'E205'],
    ['oversize data', text({ ...fixtureV1, pad: 'x'.repeat(1024 * 1024) }), 'E204'],
  ])('refuses %s with a reason (%s)', (_what, input, code) => {
    const r = parseCheckpoint(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.startsWith(`${code}: `)).toBe(true);
  });

  it('names the config field or the config rule that is broken, checked once by the schema', () => {
    const refused = (config: Record<string, unknown>) => {
      const r = parseCheckpoint(text({ ...fixtureV1, config: { ...fixtureV1.config, ...config } }));
      return r.ok ? 'read' : r.error;
    };
    expect(refused({ flakiness: 1 })).toContain('field "config.flakiness"');
    for (const broken of [{ remindAt: 3 }, { fuseAt: 11 }])
      expect(refused(broken)).toContain('field "config": its config breaks remindAt < fuseAt ≤ maxAttemptsPerStep');
  });

  it('names the damaged field', () => {
    const r = parseCheckpoint(text({ ...fixtureV1, refs: 'lost' }));
    expect(!r.ok && r.error).toContain('"refs"');
  });

  it('migrates an older schema through its hook', () => {
    const old = { ...fixtureV1, schema: 'harness-sim.checkpoint/0', position: fixtureV1.step } as Record<
      string,
      unknown
    >;
    delete old.step;
    const r = parseCheckpoint(text(old), {
      'harness-sim.checkpoint/0': ({ position, ...rest }) => ({ ...rest, schema: CHECKPOINT_SCHEMA, step: position }),
    });
    expect(r.ok && r.checkpoint.step).toBe(27);
    expect(parseCheckpoint(text(old)).ok).toBe(false);
  });
});

describe('ranges', () => {
  it('write and read step lists', () => {
    expect(toRanges([1, 2, 3, 5, 7, 8])).toBe('1-3,5,7-8');
    expect(fromRanges('1-3,5,7-8')).toEqual([1, 2, 3, 5, 7, 8]);
    expect(fromRanges('3-1')).toBeNull();
    expect(fromRanges('1,1')).toBeNull();
  });
});

describe('restoreContext', () => {
  it('stands where the checkpoint says, with the same ledger', () => {
    const t = atApproval();
    const cp = t.sim.newest as Checkpoint;
    const ctx = restoreContext(cp, findScenario('migration-40')!);
    expect(ctx.cursor).toBe(27);
    expect(ctx.ledger).toEqual(t.ctx.ledger);
    expect(ctx.todos).toEqual(t.ctx.todos);
    expect(ctx.refs).toEqual(t.ctx.refs);
    expect(ctx.approval).toEqual(t.ctx.approval);
  });

  it('rebuilds the context channel of the current step from the ledger', () => {
    const t = drive().start().send({ type: 'FAIL_NOW', error: 'timeout' }, { type: 'FAIL_NOW', error: 'timeout' });
    t.send({ type: 'CHECKPOINT' });
    const cp = t.checkpoints.at(-1)!;
    expect(cp).toMatchObject({ trigger: 'manual', state: 'tool_failed' });
    const ctx = restoreContext(cp, findScenario('migration-40')!);
    expect(ctx.channel.map((m) => m.kind)).toEqual(['recovery-hint', 'recovery-hint', 'reminder']);
    expect(ctx.channel.map((m) => m.text)).toEqual(t.ctx.channel.map((m) => m.text));
  });
});

describe('a plan revised to answer a rejection (SPEC §1, §9)', () => {
  const answered = () => {
    const t = atApproval();
    t.send({ type: 'REJECT', reason: 'back up the orders table first' }).tick().untilState('waiting_approval');
    return t;
  };

  it('is stored with the steps it inserted, read back and restored to the same plan', () => {
    const t = answered();
    const cp = t.sim.newest!;
    expect(cp.plan).toMatchObject({ mode: 'one_shot', version: 2, total: 41, revisions: [27] });
    expect(cp.plan.answers).toEqual([{ rev: 0, steps: [t.ctx.plan.steps[26]] }]);
    const read = parseCheckpoint(serializeCheckpoint(cp));
    if (!read.ok) throw new Error(read.error);
    const back = restoreContext(read.checkpoint, findScenario('migration-40')!);
    expect(back.plan.steps).toEqual(t.ctx.plan.steps);
    expect(back.ledger.map((a) => [a.step, a.outcome, a.tool, a.args])).toEqual(
      t.ctx.ledger.map((a) => [a.step, a.outcome, a.tool, a.args]),
    );
  });

  it('is refused when a one-shot plan’s revision is not an answer (E205)', () => {
    const cp = answered().sim.newest!;
    const { answers: _answers, ...plan } = cp.plan;
    const read = parseCheckpoint(serializeCheckpoint({ ...cp, plan }));
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toMatch(/plan revisions do not match/);
  });
});
