import { describe, expect, it } from 'vitest';
import { attemptLimit, attemptsAt } from 'harness-core/sim';
import { drive } from './testing.test-kit';
import { Sim } from './sim';
import { MINUTE } from './world';
import { applyTakeover, forkCheckpoint, replayFailure } from './takeover';
import { findScenario } from './scenarios';
import { sizesAt, workingSet } from './fullState';

const migration = findScenario('migration-40')!;

describe('crash and restart (SPEC §6)', () => {
  it('a crash loses memory, not the checkpoint: restart stands at the newest one', () => {
    const t = drive().start().untilStep(30);
    const newest = t.sim.newest!;
    t.send({ type: 'CRASH' });
    expect(t.sim.alive).toBe(false);
    expect(t.sim.send({ type: 'TICK' })).toBe(false);
    t.send({ type: 'RESTART' });
    expect(t.sim.alive).toBe(true);
    expect(t.ctx.cursor).toBe(newest.step);
    t.expectToBeIn(newest.state);
  });

  it('steps redone after a restart count as wasted; the clock and tokens do not go back', () => {
    const t = drive().start().untilStep(31);
    const { clock, tokens } = t.ctx;
    const resumeAt = t.sim.newest!.step;
    expect(resumeAt).toBe(30);
    t.send({ type: 'CRASH' }, { type: 'RESTART' });
    expect(t.ctx.clock).toBe(clock);
    expect(t.ctx.tokens).toBe(tokens);
    t.untilStep(31);
    // Step 30 was done before the crash, after its before_side_effect checkpoint: done twice.
    expect(t.sim.wasted).toBe(1);
  });

  it('without checkpoints a restart begins at step 1 and the 26 redone steps are wasted', () => {
    const t = drive('migration-40', { design: 'no-checkpoint' }).start().untilState('waiting_approval');
    expect(t.checkpoints).toEqual([]);
    t.send({ type: 'CRASH' }, { type: 'RESTART' });
    t.expectToBeIn('planning').tick().expectToBeIn('running');
    expect(t.ctx.cursor).toBe(1);
    t.untilState('waiting_approval');
    expect(t.sim.wasted).toBe(26);
  });

  it('an approval pending across a restart stays the one request: never sent again', () => {
    const t = drive().start().untilState('waiting_approval');
    expect(t.requests).toHaveLength(1);
    t.send({ type: 'CRASH' }, { type: 'RESTART' }).expectToBeIn('waiting_approval');
    t.tick(3).send({ type: 'CRASH' }, { type: 'RESTART' }).tick();
    expect(t.requests).toHaveLength(1);
    expect(t.ctx.approval).toMatchObject({ issued: 1, pending: { id: t.requests[0]!.id } });
    t.send({ type: 'APPROVE' }).finish().expectToBeIn('completed');
  });

  it('a page reload resumes from the stored checkpoint (a new Sim from it)', () => {
    const t = drive().start().untilState('waiting_approval');
    const again = new Sim({ scenario: 'migration-40', from: t.sim.newest! });
    expect(again.state).toBe('waiting_approval');
    expect(again.context.cursor).toBe(27);
    expect(again.send({ type: 'APPROVE' })).toBe(true);
    expect(again.requestsSent).toEqual([]);
  });

  it('the overnight timeout kills the waiting process, as in the second ending', () => {
    const t = drive('migration-40', { config: { processTimeoutMs: 8 * 60 * MINUTE } })
      .start()
      .untilState('waiting_approval');
    t.tick(47);
    expect(t.sim.alive).toBe(true);
    t.tick();
    expect(t.sim.alive).toBe(false);
    expect(t.sim.down).toBe('timeout');
    t.send({ type: 'RESTART' }).expectToBeIn('waiting_approval');
    expect(t.requests).toHaveLength(1);
  });
});

describe('the dynamic plan scenario', () => {
  it('revises itself at step 5: three more steps, version 2, checkpointed', () => {
    const t = drive('dynamic-plan').start().untilStep(6);
    expect(t.ctx.plan).toMatchObject({ version: 2, revisions: [5] });
    expect(t.ctx.plan.steps).toHaveLength(9);
    expect(t.ctx.plan.steps[4]!.title.en).toBe('Export the newly found audit_log table');
    const cp = t.checkpoints.find((c) => c.plan.version === 2)!;
    expect(cp.plan.remaining?.[0]?.title.en).toBe('Export the newly found audit_log table');
    t.finish().expectToBeIn('completed');
  });
});

describe('enumerate: a legitimate detour', () => {
  it('ten profiles, the 7th works, the fuse never trips', () => {
    const t = drive('enumerate').start().finish().expectToBeIn('completed');
    expect(t.ctx.ledger.filter((a) => a.step === 2 && a.outcome === 'error')).toHaveLength(6);
    expect(t.ctx.ledger.find((a) => a.step === 2 && a.outcome === 'ok')?.args).toContain('conn-7');
  });
});

describe('failure replay', () => {
  it('re-runs the failing step with the recorded input and seed and gets the same error', () => {
    const t = drive().start();
    for (let i = 0; i < 3; i++) t.send({ type: 'FAIL_NOW', error: 'permission_denied' });
    t.expectToBeIn('failed');
    const r = replayFailure(t.sim.newest!, migration)!;
    expect(r).toMatchObject({ step: 1, attempt: 3, same: true, original: { type: 'permission_denied' } });
    expect(r.replayed).toEqual({ ok: false, error: r.original });
  });
});

describe('the fail button where the model replans (SPEC §9)', () => {
  it('after a rejection the model answers with a backup step, a press replans first, as a step would', () => {
    const t = drive().start().untilState('waiting_approval');
    const at = t.ctx.cursor;
    t.send({ type: 'REJECT', reason: 'back up the orders table first' }, { type: 'FAIL_NOW', error: 'timeout' });
    t.expectToBeIn('planning');
    expect(t.sim.log.at(-1)).toMatchObject({ event: 'REPLAN', from: 'running', to: 'planning' });
    expect(t.ctx.plan.revisions).toContain(at);
    // The fault stays queued: the backup step's own call is the one that fails.
    t.send({ type: 'TICK' }, { type: 'TICK' });
    t.expectToBeIn('tool_failed');
    expect(t.ctx.plan.steps[at - 1]?.title.en).toMatch(/back up/i);
  });

  it('on a dynamic plan due to revise itself, a press replans there, as a step would', () => {
    const stepped = drive('dynamic-plan').start().untilStep(5);
    const pressed = drive('dynamic-plan').start().untilStep(5);
    stepped.send({ type: 'TICK' });
    pressed.send({ type: 'FAIL_NOW', error: 'timeout' });
    stepped.expectToBeIn('planning');
    pressed.expectToBeIn('planning');
    expect(pressed.ctx.plan.revisions).toEqual(stepped.ctx.plan.revisions);
  });
});

describe('human takeover', () => {
  const failedAt1 = () => {
    const t = drive().start();
    for (let i = 0; i < 3; i++) t.send({ type: 'FAIL_NOW', error: 'not_found' });
    return t.expectToBeIn('failed');
  };

  it('mark a step done with a ref: recorded as human, then handing back continues', () => {
    const t = failedAt1();
    const r = applyTakeover(t.sim.newest!, { kind: 'mark_done', step: 1 }, migration, 0);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.checkpoint).toMatchObject({ state: 'running', step: 2, trigger: 'manual', ended: null });
    expect(r.checkpoint.ledger.at(-1)).toMatchObject({ step: 1, outcome: 'ok', actor: 'human' });
    const back = new Sim({ scenario: migration, from: r.checkpoint });
    back.send({ type: 'TICK' });
    expect(back.context.cursor).toBe(3);
  });

  it('change a step’s args: a new loop key, the run retries with them', () => {
    const t = failedAt1();
    const r = applyTakeover(t.sim.newest!, { kind: 'set_args', step: 1, args: { cmd: 'psql -l' } }, migration, 0);
    if (!r.ok) throw new Error(r.error);
    const back = new Sim({ scenario: migration, from: r.checkpoint });
    back.send({ type: 'TICK' });
    expect(back.context.ledger.at(-1)).toMatchObject({ step: 1, outcome: 'ok', args: '{"cmd":"psql -l"}' });
  });

  it('skip a step', () => {
    const t = failedAt1();
    const r = applyTakeover(t.sim.newest!, { kind: 'skip', step: 1 }, migration, 0);
    if (!r.ok) throw new Error(r.error);
    expect(r.checkpoint).toMatchObject({ step: 2, todos: { skipped: '1' } });
  });

  it.each([
    [{ kind: 'mark_done', step: 7 }, 'produces an artifact'],
    [{ kind: 'skip', step: 99 }, 'step must be'],
    [{ kind: 'set_args', step: 2, args: { deep: { x: 1 } } }, 'args must be'],
  ] as const)('refuses %j with a reason', (edit, why) => {
    const t = failedAt1();
    const r = applyTakeover(t.sim.newest!, edit as never, migration, 0);
    expect(!r.ok && r.error).toContain(why);
  });
});

describe('fork', () => {
  it('a cancelled run resumes on a new branch from an earlier checkpoint', () => {
    const t = drive().start().untilStep(20).send({ type: 'CANCEL' }).expectToBeIn('cancelled');
    const earlier = t.checkpoints.filter((c) => c.state === 'running').at(-1)!;
    const branch = new Sim({ scenario: migration, from: forkCheckpoint(earlier, 'run-2') });
    expect(branch.context.runId).toBe('run-2');
    expect(branch.state).toBe('running');
    branch.send({ type: 'TICK' });
    expect(branch.context.cursor).toBe(earlier.step + 1);
  });
});

describe('the working set and sizes', () => {
  it('rebuilds recent files, records and tools instead of the history', () => {
    const t = drive().start().untilState('waiting_approval');
    const ws = workingSet(t.ctx);
    expect(ws).toMatchObject({
      done: 26,
      total: 40,
      step: 27,
      recentFiles: [
        'transformed/manifest.json',
        'transformed/reviews.csv',
        'transformed/shipments.csv',
        'transformed/products.csv',
        'exports/orders_v2.csv',
      ],
    });
    expect(ws.records[0]).toBe('job#4710');
    expect(ws.tools).toEqual(['run_sql', 'http_call']);
    const sizes = sizesAt(t.ctx, t.state);
    expect(sizes.fullState / sizes.position).toBeGreaterThan(10);
  });
});

describe('the attempt limit (ui-contract attempt-limit)', () => {
  it('is maxAttemptsPerStep under a guarded design, and none without the loop guard', () => {
    expect(attemptLimit(new Sim({ scenario: 'migration-40' }).context)).toBe(10);
    const noFuse = new Sim({ scenario: 'migration-40', design: 'no-fuse' });
    expect(attemptLimit(noFuse.context)).toBeNull();
    noFuse.send({ type: 'START' });
    noFuse.send({ type: 'TICK' });
    for (let i = 0; i < 12; i++) noFuse.send({ type: 'FAIL_NOW', error: 'timeout' });
    // Twelve attempts at one step, past the article's ten, and the run still goes on.
    expect(attemptsAt(noFuse.context.ledger, noFuse.context.cursor)).toBe(12);
    expect(noFuse.state).toBe('tool_failed');
  });
});
