import { describe, expect, it } from 'vitest';
import { drive } from './testing.test-kit';
import { readLoop, STATE_NAMES } from 'harness-core';
import { machineEdges } from './graph';
import { machineFor } from './sim';
import { findScenario } from './scenarios';

describe('the machine definition', () => {
  it('has exactly the transitions of SPEC §2, and CANCEL once from the active group', () => {
    const edges = machineEdges(machineFor(findScenario('migration-40')!));
    const got = edges.map((e) => `${e.from} -${e.events.join('|')}-> ${e.to}`).sort();
    expect(got).toEqual(
      [
        'active -CANCEL-> cancelled',
        'created -START-> planning',
        'planning -TICK-> running',
        'running -TICK-> running',
        'running -TICK-> completed',
        'running -TICK-> tool_failed',
        'running -TICK-> waiting_approval',
        'running -REPLAN-> planning',
        'tool_failed -TICK-> running',
        'tool_failed -TICK-> failed',
        'waiting_approval -TICK-> waiting_approval',
        'waiting_approval -APPROVE-> running',
        'waiting_approval -REJECT-> tool_failed',
      ].sort(),
    );
  });

  it('has the eight states', () => {
    const m = machineFor(findScenario('migration-40')!);
    expect(Object.keys(m.root.states).sort()).toEqual([...STATE_NAMES].sort());
  });
});

describe('in created', () => {
  it('waits for START, then plans', () => {
    const t = drive();
    t.expectToBeIn('created').tick(3).expectToBeIn('created');
    t.send({ type: 'START' }).expectToBeIn('planning');
  });
});

describe('in planning', () => {
  it('produces the plan, stores todos and writes a phase_switch checkpoint', () => {
    const t = drive().send({ type: 'START' }).tick();
    t.expectToBeIn('running');
    expect(t.ctx.plan.version).toBe(1);
    expect(t.ctx.todos[0]).toBe('in_progress');
    expect(t.checkpoints.map((c) => c.trigger)).toEqual(['phase_switch']);
  });
});

describe('in running', () => {
  it('a good step ticks its todo, keeps its artifact ref and advances', () => {
    const t = drive().start().untilStep(8);
    expect(t.ctx.todos[6]).toBe('done');
    expect(t.ctx.refs.map((r) => r.ref)).toContain('exports/orders.csv');
    expect(t.ctx.cursor).toBe(8);
  });

  it('the last good step completes with a terminal checkpoint', () => {
    const t = drive().start().finish();
    t.expectToBeIn('completed');
    expect(t.checkpoints.at(-1)).toMatchObject({ trigger: 'terminal', state: 'completed', step: 40 });
    expect(t.ctx.todos.every((s) => s === 'done')).toBe(true);
  });

  it('a failed step goes to tool_failed with attempt, error and input in the ledger', () => {
    const t = drive().start().send({ type: 'INJECT_FAULT', error: 'timeout' }).tick();
    t.expectToBeIn('tool_failed');
    expect(t.ctx.ledger.at(-1)).toMatchObject({
      step: 1,
      attempt: 1,
      outcome: 'error',
      error: { type: 'timeout' },
      input: { fault: 'timeout' },
    });
  });

  it('a risky step suspends: before_suspend checkpoint first, then exactly one request', () => {
    const t = drive('migration-40').start().untilStep(27);
    expect(t.requests).toEqual([]);
    t.tick().expectToBeIn('waiting_approval');
    expect(t.requests).toHaveLength(1);
    // When the request went out, the suspend checkpoint (holding that request) was already kept.
    const { newest } = t.requests[0]!;
    expect(newest).toMatchObject({ trigger: 'before_suspend', state: 'waiting_approval', step: 27 });
    expect(newest?.approval.pending?.id).toBe(t.requests[0]!.id);
    expect(t.ctx.approval.issued).toBe(1);
  });

  it('REPLAN on a dynamic plan goes back to planning with version + 1', () => {
    const t = drive('dynamic-plan').start().tick();
    t.send({ type: 'REPLAN' }).expectToBeIn('planning');
    expect(t.ctx.plan.version).toBe(2);
    t.tick().expectToBeIn('running');
    expect(t.checkpoints.at(-1)).toMatchObject({ trigger: 'phase_switch', plan: { version: 2 } });
  });

  it('REPLAN does nothing on a one-shot plan', () => {
    const t = drive('migration-40').start();
    expect(t.sim.send({ type: 'REPLAN' })).toBe(false);
    t.expectToBeIn('running');
  });

  it('a step a person marks risky asks for approval before it runs', () => {
    const t = drive().start().send({ type: 'REQUEST_APPROVAL' }).tick();
    t.expectToBeIn('waiting_approval');
    expect(t.ctx.approval.pending?.step).toBe(1);
  });
});

describe('in tool_failed', () => {
  it('below the fuse it retries in running', () => {
    const t = drive().start().send({ type: 'FAIL_NOW', error: 'not_found' });
    t.expectToBeIn('tool_failed').tick().expectToBeIn('running');
  });

  it('count → remind → fuse: three presses of fail on one step end in failed', () => {
    const t = drive().start();
    t.send({ type: 'FAIL_NOW', error: 'not_found' }).expectToBeIn('tool_failed');
    expect(readLoop(t.ctx.ledger, 1, t.ctx.config)).toMatchObject({ count: 1, stage: 'counting' });
    expect(t.ctx.channel.map((m) => m.kind)).toEqual(['recovery-hint']);
    t.send({ type: 'FAIL_NOW', error: 'not_found' }).expectToBeIn('tool_failed');
    expect(readLoop(t.ctx.ledger, 1, t.ctx.config)).toMatchObject({ count: 2, stage: 'reminded' });
    expect(t.ctx.channel.filter((m) => m.kind === 'reminder')).toHaveLength(1);
    t.send({ type: 'FAIL_NOW', error: 'not_found' }).expectToBeIn('failed');
    expect(t.ctx.ended).toBe('loop_fuse');
    expect(t.checkpoints.at(-1)).toMatchObject({ trigger: 'terminal', state: 'failed' });
    expect(t.checkpoints.at(-1)!.ledger).toHaveLength(3);
  });

  it('a different error type counts separately', () => {
    const t = drive().start();
    for (const e of ['not_found', 'timeout', 'not_found', 'timeout'] as const) t.send({ type: 'FAIL_NOW', error: e });
    t.expectToBeIn('tool_failed');
    expect(readLoop(t.ctx.ledger, 1, t.ctx.config).counts).toEqual({
      'shell {"cmd":"psql -c \\\\dt"} not_found': 2,
      'shell {"cmd":"psql -c \\\\dt"} timeout': 2,
    });
  });

  it('changing approach starts a new key, so the count restarts at 1', () => {
    const t = drive().start();
    t.send({ type: 'FAIL_NOW', error: 'not_found' }, { type: 'FAIL_NOW', error: 'not_found' });
    t.send({ type: 'CHANGE_APPROACH' }, { type: 'FAIL_NOW', error: 'not_found' });
    t.expectToBeIn('tool_failed');
    expect(readLoop(t.ctx.ledger, 1, t.ctx.config)).toMatchObject({ count: 1, stage: 'counting' });
  });

  it('CHANGE_APPROACH needs a failure on the current step', () => {
    const t = drive().start();
    expect(t.sim.send({ type: 'CHANGE_APPROACH' })).toBe(false);
  });

  it('maxAttemptsPerStep bounds a step whatever its keys', () => {
    const t = drive('migration-40', { config: { remindAt: 2, fuseAt: 3, maxAttemptsPerStep: 4 } }).start();
    for (let i = 0; i < 4; i++) t.send({ type: 'CHANGE_APPROACH' }, { type: 'FAIL_NOW', error: 'timeout' });
    t.expectToBeIn('failed');
    expect(t.ctx.ended).toBe('retries_exhausted');
    expect(t.ctx.ledger.filter((a) => a.step === 1)).toHaveLength(4);
  });
});

describe('in waiting_approval', () => {
  const waiting = () => drive().start().untilState('waiting_approval');

  it('a tick only polls: time passes, no tokens, no new request', () => {
    const t = waiting();
    const { tokens, clock } = t.ctx;
    t.tick(5).expectToBeIn('waiting_approval');
    expect(t.ctx.tokens).toBe(tokens);
    expect(t.ctx.clock).toBe(clock + 5 * t.ctx.config.pollMs);
    expect(t.ctx.approval.issued).toBe(1);
  });

  it('APPROVE resumes running; the step then runs after a before_risky checkpoint', () => {
    const t = waiting().send({ type: 'APPROVE' }).expectToBeIn('running');
    expect(t.ctx.cursor).toBe(27);
    t.tick();
    expect(t.checkpoints.at(-1)?.trigger).not.toBe('before_suspend');
    expect(t.checkpoints.some((c) => c.trigger === 'before_risky' && c.step === 27)).toBe(true);
    expect(t.ctx.todos[26]).toBe('done');
  });

  it('REJECT puts the reason in the ledger as the tool result and goes to tool_failed', () => {
    const t = waiting().send({ type: 'REJECT', reason: 'Not during business hours' }).expectToBeIn('tool_failed');
    expect(t.ctx.ledger.at(-1)).toMatchObject({
      step: 27,
      outcome: 'rejected',
      actor: 'human',
      error: { type: 'rejected', message: 'Not during business hours' },
    });
    expect(t.ctx.channel.map((m) => m.kind)).toEqual(['rejection', 'recovery-hint']);
  });

  it('after a rejection the retry asks again: one request per decision, never while one is pending', () => {
    const t = waiting().send({ type: 'REJECT', reason: 'no' }).tick().tick();
    t.expectToBeIn('waiting_approval');
    expect(t.ctx.approval.issued).toBe(2);
  });
});

describe('CANCEL', () => {
  it.each(['created', 'planning', 'running', 'tool_failed', 'waiting_approval'] as const)(
    'from %s goes to cancelled with a terminal checkpoint',
    (state) => {
      const t = drive();
      if (state !== 'created') t.send({ type: 'START' });
      if (state === 'running') t.tick();
      if (state === 'tool_failed') t.tick().send({ type: 'FAIL_NOW', error: 'conflict' });
      if (state === 'waiting_approval') t.tick().untilState('waiting_approval');
      t.expectToBeIn(state).send({ type: 'CANCEL' }).expectToBeIn('cancelled');
      expect(t.checkpoints.at(-1)).toMatchObject({ trigger: 'terminal', state: 'cancelled' });
    },
  );
});

describe('terminal states', () => {
  it.each(['completed', 'failed', 'cancelled'] as const)('%s absorbs every event', (state) => {
    const t = drive().start();
    if (state === 'completed') t.finish();
    if (state === 'failed') for (let i = 0; i < 3; i++) t.send({ type: 'FAIL_NOW', error: 'not_found' });
    if (state === 'cancelled') t.send({ type: 'CANCEL' });
    t.expectToBeIn(state);
    const n = t.checkpoints.length;
    for (const e of [
      { type: 'START' },
      { type: 'TICK' },
      { type: 'APPROVE' },
      { type: 'REJECT', reason: 'x' },
      { type: 'CANCEL' },
      { type: 'REPLAN' },
    ] as const) {
      expect(t.sim.send(e)).toBe(false);
    }
    t.expectToBeIn(state);
    expect(t.checkpoints).toHaveLength(n);
  });
});

describe('the fail button is one machine event (FAIL_NOW)', () => {
  const STATES_WITH_FAIL = ['running', 'tool_failed'];

  it('the machine takes it exactly in running and tool_failed, and it draws no edge', () => {
    const t = drive();
    const seen = new Map<string, boolean>();
    const look = () => seen.set(t.state, t.sim.can({ type: 'FAIL_NOW', error: 'timeout' }));
    look();
    t.send({ type: 'START' });
    look();
    t.tick();
    look();
    t.send({ type: 'FAIL_NOW', error: 'timeout' });
    look();
    t.untilState('waiting_approval');
    look();
    t.send({ type: 'CANCEL' });
    look();
    expect([...seen.keys()].sort()).toEqual(
      ['cancelled', 'created', 'planning', 'running', 'tool_failed', 'waiting_approval'].sort(),
    );
    for (const [state, can] of seen) expect(can, state).toBe(STATES_WITH_FAIL.includes(state));
    for (const id of ['migration-40', 'script-5min']) {
      const events = machineEdges(machineFor(findScenario(id)!)).flatMap((e) => e.events);
      expect(events).not.toContain('FAIL_NOW');
      expect(events.join()).not.toMatch(/FAIL/);
    }
  });

  it('logs the TICKs it raises: the step failing, then the fuse, each with its checkpoint', () => {
    const t = drive().start();
    t.send({ type: 'FAIL_NOW', error: 'not_found' }, { type: 'FAIL_NOW', error: 'not_found' });
    const before = t.sim.log.length;
    t.send({ type: 'FAIL_NOW', error: 'not_found' }).expectToBeIn('failed');
    const lines = t.sim.log.slice(before).map(({ event, from, to, wrote }) => ({ event, from, to, wrote }));
    expect(lines).toEqual([
      { event: 'TICK', from: 'tool_failed', to: 'running', wrote: undefined },
      { event: 'TICK', from: 'running', to: 'tool_failed', wrote: 1 },
      { event: 'TICK', from: 'tool_failed', to: 'failed', wrote: 1 },
    ]);
  });

  it('a risky step suspends before it runs, its fault queued for its execution', () => {
    const t = drive().start().send({ type: 'REQUEST_APPROVAL' }, { type: 'FAIL_NOW', error: 'conflict' });
    t.expectToBeIn('waiting_approval');
    expect(t.ctx.world.faults).toEqual(['conflict']);
    t.send({ type: 'APPROVE' }).tick().expectToBeIn('tool_failed');
    expect(t.ctx.ledger.at(-1)?.error?.type).toBe('conflict');
  });

  it('in the simple mode the step fails and so does the run; before START it does nothing', () => {
    const t = drive('script-5min');
    expect(t.sim.can({ type: 'FAIL_NOW', error: 'timeout' })).toBe(false);
    t.send({ type: 'START' });
    expect(t.sim.can({ type: 'FAIL_NOW', error: 'timeout' })).toBe(true);
    t.send({ type: 'FAIL_NOW', error: 'timeout' }).expectToBeIn('failed');
    expect(t.ctx.ended).toBe('step_failed');
  });
});
