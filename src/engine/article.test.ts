import { describe, expect, it } from 'vitest';
import { drive } from './testing.test-kit';
import { Sim } from './sim';
import { findScenario, type Scenario } from './scenarios';
import { canonicalArgs, loopOf, readLoop } from 'harness-core/sim';
import { machineStates } from './machines';
import { machineEdges } from './graph';
import { MINUTE } from './world';

/** What the article teaches that the first engine could not show (issue "The article, complete"). */

describe('the fuse survives the process (SPEC §5, trigger failure)', () => {
  it('fail, fail, crash, restart: the run stands at the failing step with its count, and the third failure fuses', () => {
    const t = drive().start().untilStep(3);
    t.send({ type: 'FAIL_NOW', error: 'not_found' }, { type: 'FAIL_NOW', error: 'not_found' });
    expect(t.checkpoints.at(-1)).toMatchObject({ trigger: 'failure', state: 'tool_failed', step: 3 });
    t.send({ type: 'CRASH' }, { type: 'RESTART' }).expectToBeIn('tool_failed');
    expect(t.ctx.cursor).toBe(3);
    expect(readLoop(t.ctx.ledger, 3, t.ctx.config)).toMatchObject({ count: 2, stage: 'reminded' });
    t.send({ type: 'FAIL_NOW', error: 'not_found' }).expectToBeIn('failed');
    expect(t.ctx.ended).toBe('loop_fuse');
  });

  it('a reload (a new Sim from the newest checkpoint) keeps the count too', () => {
    const t = drive().start().untilStep(3);
    t.send({ type: 'FAIL_NOW', error: 'timeout' }, { type: 'FAIL_NOW', error: 'timeout' });
    const reloaded = new Sim({ scenario: 'migration-40', from: t.sim.newest! });
    expect(reloaded.state).toBe('tool_failed');
    reloaded.send({ type: 'FAIL_NOW', error: 'timeout' });
    expect(reloaded.state).toBe('failed');
  });

  it('failure replay works mid-run: the newest checkpoint holds the failure', () => {
    const t = drive().start().untilStep(4);
    t.send({ type: 'FAIL_NOW', error: 'permission_denied' });
    expect(t.sim.newest?.ledger.at(-1)).toMatchObject({ step: 4, outcome: 'error', fault: 'permission_denied' });
  });
});

describe('harness designs (SPEC §9)', () => {
  it('no-fuse: no reminder, no fuse, no attempt limit', () => {
    const t = drive('migration-40', { design: 'no-fuse' }).start().untilStep(3);
    for (let i = 0; i < 12; i++) t.send({ type: 'FAIL_NOW', error: 'not_found' });
    t.expectToBeIn('tool_failed');
    expect(t.ctx.ledger.filter((a) => a.step === 3 && a.outcome === 'error')).toHaveLength(12);
    expect(t.ctx.channel.some((m) => m.kind === 'reminder')).toBe(false);
  });

  it('is saved with the run and its checkpoints, and a run resumed from one keeps it', () => {
    const t = drive('migration-40', { design: 'every-step' }).start().tick(3);
    const cp = t.sim.newest!;
    expect(cp.design).toBe('every-step');
    expect(cp.trigger).toBe('every_step');
    expect(new Sim({ scenario: 'migration-40', from: cp }).design.id).toBe('every-step');
    // The article's own design is the default, and its checkpoints carry no design field.
    expect(drive().start().sim.newest!.design).toBeUndefined();
  });

  it('no-refs: checkpoints keep the position but no artifact refs', () => {
    const t = drive('migration-40', { design: 'no-refs' }).start().untilStep(12);
    expect(t.ctx.refs.length).toBeGreaterThan(3);
    expect(t.sim.newest!.refs).toEqual([]);
  });
});

/** A scenario whose step 3 fails with the same args on its first three attempts. */
function stubborn(): Scenario {
  const base = findScenario('migration-40')!;
  return {
    ...base,
    id: 'migration-40',
    script: { 3: [{ fail: 'not_found' }, { fail: 'not_found' }, { fail: 'not_found' }] },
  };
}

describe('a model that answers reminders and rejections (SPEC §9)', () => {
  it('heedReminder 1: after the reminder it changes approach, a new key, and the step succeeds', () => {
    const t = drive(stubborn(), { config: { heedReminder: 1 } })
      .start()
      .untilStep(4);
    const rows = t.ctx.ledger.filter((a) => a.step === 3);
    expect(rows.map((a) => a.outcome)).toEqual(['error', 'error', 'ok']);
    // Another call, not the same one with a marker: it reads the backup copy of the config.
    expect(rows[1]!.args).toBe(rows[0]!.args);
    expect(JSON.parse(rows[2]!.args)).toEqual({ path: 'backup/config/migration.yaml' });
    expect(rows[2]!.args).not.toContain('approach');
  });

  it('after a reminder the stuck query is asked another way: the statistics, not a count', () => {
    const t = drive('stuck-query', { config: { heedReminder: 1 } })
      .start()
      .untilStep(5);
    const rows = t.ctx.ledger.filter((a) => a.step === 4);
    expect(rows.map((a) => a.outcome)).toEqual(['error', 'error', 'ok']);
    const [before, , after] = rows.map((a) => JSON.parse(a.args) as { sql: string });
    expect(before!.sql).toBe('SELECT count(*) FROM each table');
    expect(after!.sql).toBe('SELECT relname, n_live_tup FROM pg_stat_user_tables');
  });

  it('heedReminder 0: it retries as is and the third failure fuses', () => {
    const t = drive(stubborn(), { config: { heedReminder: 0 } })
      .start()
      .untilState('failed');
    expect(t.ctx.ended).toBe('loop_fuse');
  });

  it('the default shows both paths across seeds, each the same on a replay', () => {
    const endings = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const a = drive(stubborn(), { seed }).start().untilStep(4).state;
      const b = drive(stubborn(), { seed }).start().untilStep(4).state;
      expect(b).toBe(a);
      endings.add(a);
    }
    expect(endings).toEqual(new Set(['running', 'failed']));
  });

  it('the fail button still forces the same args: three presses fuse whatever the model would do', () => {
    const t = drive('migration-40', { config: { heedReminder: 1 } })
      .start()
      .untilStep(3);
    t.send(
      { type: 'FAIL_NOW', error: 'not_found' },
      { type: 'FAIL_NOW', error: 'not_found' },
      { type: 'FAIL_NOW', error: 'not_found' },
    );
    t.expectToBeIn('failed');
  });

  it('a rejection asking for a backup puts a backup step into the plan before the change, and it runs first', () => {
    const t = drive().start().untilState('waiting_approval');
    const change = t.ctx.plan.steps[26]!;
    expect([t.ctx.cursor, t.ctx.plan.version, t.ctx.plan.steps.length]).toEqual([27, 1, 40]);
    t.send({ type: 'REJECT', reason: 'back up the orders table first' }).tick().untilState('waiting_approval');
    // The plan's version moved: a backup step 27 before the change, now step 28.
    expect([t.ctx.plan.version, t.ctx.plan.steps.length, t.ctx.cursor]).toEqual([2, 41, 28]);
    const backup = t.ctx.plan.steps[26]!;
    expect(backup.title.en).toBe('Back up the orders table');
    expect(backup.args).toEqual({ sql: 'CREATE TABLE orders_backup AS SELECT * FROM orders' });
    expect(t.ctx.plan.steps[27]).toEqual({ ...change, n: 28 });
    // The ledger: the rejection (moved along with its step), the backup done, the change asked again.
    expect(t.ctx.ledger.slice(-2).map((a) => [a.step, a.outcome, a.tool])).toEqual([
      [28, 'rejected', 'run_sql'],
      [27, 'ok', 'run_sql'],
    ]);
    expect(t.ctx.ledger.at(-1)!.args).toBe('{"sql":"CREATE TABLE orders_backup AS SELECT * FROM orders"}');
    expect(t.sim.requestsSent.map((r) => r.step)).toEqual([27, 28]);
    t.send({ type: 'APPROVE' }).tick();
    const done = t.ctx.ledger.at(-1)!;
    expect([done.step, done.outcome, done.args]).toEqual([28, 'ok', canonicalArgs(change.args)]);
    // A restart from the newest checkpoint stands on the same revised plan.
    t.send({ type: 'CRASH' }, { type: 'RESTART' });
    expect(t.ctx.plan.steps[26]!.title.en).toBe('Back up the orders table');
    expect([t.ctx.plan.version, t.ctx.plan.steps.length]).toEqual([2, 41]);
  });

  it('a rejection for another reason: no new step, the call is made another way', () => {
    const t = drive().start().untilState('waiting_approval');
    t.send({ type: 'REJECT', reason: 'not during business hours' }).tick().untilState('waiting_approval');
    expect([t.ctx.plan.version, t.ctx.plan.steps.length, t.ctx.cursor]).toEqual([1, 40, 27]);
    t.send({ type: 'APPROVE' }).tick();
    const [rejected, done] = t.ctx.ledger.filter((a) => a.step === 27);
    expect([rejected!.outcome, done!.outcome]).toEqual(['rejected', 'ok']);
    expect(JSON.parse(done!.args).sql).toBe("SET statement_timeout = '5min'; ALTER TABLE orders ADD COLUMN region_id");
    expect(done!.args).not.toBe(rejected!.args);
  });

  it('a second request for the backup is not a second backup: the change is asked for another way', () => {
    const t = drive().start().untilState('waiting_approval');
    t.send({ type: 'REJECT', reason: 'back up the orders table first' }).tick().untilState('waiting_approval');
    t.send({ type: 'REJECT', reason: 'back up the orders table first' }).tick().untilState('waiting_approval');
    expect([t.ctx.plan.version, t.ctx.plan.steps.length, t.ctx.cursor]).toEqual([2, 41, 28]);
    expect(t.ctx.plan.steps.filter((s) => s.title.en === 'Back up the orders table')).toHaveLength(1);
  });
});

describe('no progress without failure (无失败也查)', () => {
  it('the same call returning what it returned before is counted by the loop guard: reminder, then fuse', () => {
    const t = drive().start().untilStep(5);
    t.send({ type: 'FAIL_NOW', error: 'no_progress' });
    expect(t.ctx.ledger.at(-1)!.error).toMatchObject({ type: 'no_progress' });
    // No tool's error: the harness's note of the call, and the hint says in each language what happened.
    expect(t.ctx.ledger.at(-1)!.error!.message).toMatch(/^NOCHANGE: '.+' returned the same result as before$/);
    const hint = t.ctx.channel.at(-1)!;
    expect(hint.kind).toBe('recovery-hint');
    expect(hint.text.zh).toContain('没有进展');
    expect(hint.text.en).toContain('made no progress');
    t.send({ type: 'FAIL_NOW', error: 'no_progress' });
    expect(t.ctx.channel.at(-1)!.kind).toBe('reminder');
    t.send({ type: 'FAIL_NOW', error: 'no_progress' }).expectToBeIn('failed');
  });
});

describe('approval reads the checkpoint and resumes from it (读档从断点续跑)', () => {
  it('approving goes on from the before_suspend checkpoint, restarted or not', () => {
    const t = drive().start().untilState('waiting_approval');
    const saved = t.sim.newest!;
    t.tick(3).send({ type: 'APPROVE' }).expectToBeIn('running');
    expect(t.sim.resumedFrom).toBe(saved);
    expect(t.sim.log.at(-2)).toMatchObject({ event: 'RESTORE', to: 'waiting_approval' });
    // The three polls' time passed in the world; the position is the saved one.
    expect(t.ctx.cursor).toBe(saved.step);
    expect(t.sim.requestsSent).toHaveLength(1);
  });
});

describe('the four-state simple mode (script-5min)', () => {
  it('has four states and runs five steps in about five virtual minutes', () => {
    const t = drive('script-5min').send({ type: 'START' }).finish().expectToBeIn('completed');
    expect(machineStates(t.sim.machine)).toEqual(['created', 'running', 'completed', 'failed']);
    expect(
      machineEdges(t.sim.machine)
        .map((e) => e.id)
        .sort(),
    ).toEqual(['created-running', 'running-completed', 'running-failed', 'running-running']);
    expect(t.sim.clock).toBe(5 * MINUTE);
    expect(t.checkpoints).toEqual([]);
  });

  it('a failure ends the run: no retry, no fuse', () => {
    const t = drive('script-5min').send({ type: 'START' }, { type: 'FAIL_NOW', error: 'timeout' });
    t.expectToBeIn('failed');
    expect(t.ctx.ended).toBe('step_failed');
  });

  it('keeps only the todo list: no ledger row, no hint in the context channel, no ref', () => {
    const t = drive('script-5min').send({ type: 'START' }).tick().tick();
    expect(t.ctx.todos.filter((s) => s === 'done').length).toBeGreaterThan(0);
    expect(t.ctx.ledger).toEqual([]);
    expect(t.ctx.channel).toEqual([]);
    expect(t.ctx.refs).toEqual([]);
    t.send({ type: 'FAIL_NOW', error: 'timeout' });
    expect(t.ctx.ledger).toEqual([]);
    expect(t.ctx.channel).toEqual([]);
  });
});

describe('two runs on one page (the compare view)', () => {
  it('interleaved tick by tick, each run ends exactly as it does alone', () => {
    const script = (t: ReturnType<typeof drive>, i: number) => {
      if (t.state === 'waiting_approval') t.send(i % 2 ? { type: 'APPROVE' } : { type: 'REJECT', reason: 'not yet' });
      else if (i % 7 === 3 && t.state === 'running') t.send({ type: 'FAIL_NOW', error: 'timeout' });
      else t.tick();
    };
    const alone = [drive('migration-40', { seed: 3 }), drive('not-found', { seed: 4, design: 'every-step' })];
    for (const t of alone) {
      t.send({ type: 'START' });
      for (let i = 0; i < 120; i++) script(t, i);
    }
    const together = [drive('migration-40', { seed: 3 }), drive('not-found', { seed: 4, design: 'every-step' })];
    for (const t of together) t.send({ type: 'START' });
    for (let i = 0; i < 120; i++) for (const t of together) script(t, i);
    for (const k of [0, 1]) {
      expect(together[k]!.state).toBe(alone[k]!.state);
      expect(together[k]!.ctx.ledger).toEqual(alone[k]!.ctx.ledger);
      expect(together[k]!.checkpoints).toEqual(alone[k]!.checkpoints);
    }
  });
});

describe('the loop guard as the design has it', () => {
  it('no-fuse: the page reads a count with no stage beyond counting and no fuse', () => {
    const t = drive('migration-40', { design: 'no-fuse' }).start().untilStep(3);
    for (let i = 0; i < 4; i++) t.send({ type: 'FAIL_NOW', error: 'not_found' });
    expect(loopOf(t.ctx)).toMatchObject({ count: 4, stage: 'counting', fused: false, fuseAt: null });
    const a = drive()
      .start()
      .untilStep(3)
      .send({ type: 'FAIL_NOW', error: 'not_found' }, { type: 'FAIL_NOW', error: 'not_found' });
    expect(loopOf(a.ctx)).toMatchObject({ count: 2, stage: 'reminded', fuseAt: 3 });
  });
});

describe('no-refs re-reads when a process resumes, not when a checkpoint is only shown', () => {
  it('a reload re-reads the files; a preview of the same checkpoint does not', () => {
    const t = drive('migration-40', { design: 'no-refs' }).start().untilState('waiting_approval');
    const cp = t.sim.newest!;
    const resumed = new Sim({ scenario: 'migration-40', from: cp });
    const shown = new Sim({ scenario: 'migration-40', from: cp, shownOnly: true });
    expect(resumed.meters.rereads).toBe(19);
    expect(resumed.tokens).toBeGreaterThan(cp.meters.tokens);
    expect(shown.meters.rereads).toBe(0);
    expect(shown.tokens).toBe(cp.meters.tokens);
  });
});
