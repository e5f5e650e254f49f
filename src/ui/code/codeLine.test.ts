import { describe, expect, it } from 'vitest';
import { machineEdges } from '../../engine';
import { drive } from '../../engine/testing.test-kit';
import { viewOf } from '../../store/view';
import { ARTICLE_LINES, SIMPLE_LINES, codeLineOf, codeStatusOf, listingOf } from './codeLine';
import { LISTING } from './listing';
import { SIMPLE_LISTING } from './simpleListing';

/**
 * A run driven through the engine (engine/testing.test-kit's `drive`), every step chainable; `lit()` reads
 * the one lit line's code (trimmed), `move()` its transition, `line()` its number.
 */
function run(...args: Parameters<typeof drive>) {
  const t = drive(...args);
  const status = () => codeStatusOf(viewOf(t.sim));
  const r = {
    sim: t.sim,
    get state() {
      return t.state;
    },
    get ctx() {
      return t.ctx;
    },
    send: (...cmds: Parameters<typeof t.send>) => (t.send(...cmds), r),
    start: () => (t.start(), r),
    tick: (n?: number) => (t.tick(n), r),
    untilStep: (n: number) => (t.untilStep(n), r),
    finish: () => (t.finish(), r),
    status,
    lit: (): string | null => {
      const s = status();
      return s.kind === 'line' ? listingOf(s.listing)[s.line - 1]!.text.trim() : null;
    },
    move: () => codeLineOf(viewOf(t.sim))?.transition ?? null,
    line: () => codeLineOf(viewOf(t.sim))?.line ?? null,
  };
  return r;
}

const CHECKPOINT_CALL = 'checkpoint(task)';
const ADVANCE = 'task.advance()                 # 下一步；计划动态调整也在此';

/** Into waiting_approval at the current step: the person marks it risky, the next tick suspends. */
function toApproval(t: ReturnType<typeof run>) {
  t.send({ type: 'REQUEST_APPROVAL' }).tick();
  expect(t.state).toBe('waiting_approval');
  return t;
}

describe('the table', () => {
  it('names each line by what it says, in the listing it belongs to', () => {
    for (const row of ARTICLE_LINES) if (row.line !== null) expect(LISTING[row.line - 1]!.text).toContain(row.code);
    for (const row of SIMPLE_LINES) expect(SIMPLE_LISTING[row.line - 1]!.text).toContain(row.code);
  });

  it('has a row for every event on every edge of both machines', () => {
    const eight = drive('migration-40').sim.machine;
    const four = drive('script-5min').sim.machine;
    for (const [machine, rows] of [
      [eight, ARTICLE_LINES],
      [four, SIMPLE_LINES],
    ] as const) {
      for (const edge of machineEdges(machine)) {
        for (const event of edge.events) {
          const row = (rows as readonly { from: string; event: string; to: string }[]).find(
            (r) =>
              (r.from === edge.from || (r.from === '*' && edge.from === 'active')) &&
              r.event === event &&
              r.to === edge.to,
          );
          expect(row, `${edge.from}.${event}.${edge.to}`).toBeDefined();
        }
      }
    }
  });
});

describe('one line: the line of the move just taken', () => {
  it('lights nothing before the first move, and nothing for START (created → planning has no line)', () => {
    const t = run();
    expect(t.status().kind).toBe('yet');
    t.send({ type: 'START' });
    expect(t.status()).toMatchObject({ kind: 'unlisted', transition: 'created.START.planning' });
    expect(t.line()).toBeNull();
  });

  it('planning → running: the loop-top checkpoint(task) that writes the plan; without checkpoints, plan_or_replan', () => {
    const t = run().start();
    expect(t.sim.newest?.trigger).toBe('phase_switch');
    expect(codeLineOf(viewOf(t.sim))).toEqual({ transition: 'planning.TICK.running', line: 7 });
    const bare = run('migration-40', { design: 'no-checkpoint' }).start();
    expect(bare.lit()).toMatch(/^task\.plan_or_replan\(\)/);
  });

  it('a step done: task.advance(), not the checkpoint (none was written)', () => {
    const t = run().start().tick();
    expect(t.sim.log.at(-1)).toMatchObject({ event: 'TICK', from: 'running', to: 'running' });
    expect(t.sim.log.at(-1)?.wrote).toBeUndefined();
    expect(t.lit()).toBe(ADVANCE);
  });

  it('a step that kept a checkpoint (every step): the loop-top checkpoint(task), and the count moved', () => {
    const t = run('migration-40', { config: { density: 'every_step' } }).start();
    const seq = t.ctx.seq;
    t.tick();
    expect(t.ctx.seq).toBeGreaterThan(seq);
    expect(t.line()).toBe(7);
    expect(t.lit()).toBe(CHECKPOINT_CALL + '                   #  实际锚定危险动作与阶段切换，见下节）');
  });

  it('a failure: the else branch’s task.state = "tool_failed", one line', () => {
    const t = run().start().tick().send({ type: 'FAIL_NOW', error: 'not_found' });
    expect(t.state).toBe('tool_failed');
    expect(codeLineOf(viewOf(t.sim))).toEqual({ transition: 'running.TICK.tool_failed', line: 18 });
    expect(t.status()).toMatchObject({ wrote: 1 });
  });

  it('a retry back to running: line 25 (带着记录重试), not the checkpoint', () => {
    const t = run().start().tick().send({ type: 'FAIL_NOW', error: 'not_found' }).tick();
    expect(t.state).toBe('running');
    expect(codeLineOf(viewOf(t.sim))).toEqual({ transition: 'tool_failed.TICK.running', line: 25 });
  });

  it('a request for approval: task.state = "waiting_approval"; then each poll: poll_decision', () => {
    const t = toApproval(run().start().tick());
    expect(t.sim.newest?.trigger).toBe('before_suspend');
    expect(codeLineOf(viewOf(t.sim))).toEqual({ transition: 'running.TICK.waiting_approval', line: 16 });
    t.tick();
    expect(codeLineOf(viewOf(t.sim))).toEqual({ transition: 'waiting_approval.TICK.waiting_approval', line: 27 });
  });

  it('approve: line 29 (读档续跑), while the checkpoint count stands still', () => {
    const t = toApproval(run().start().tick());
    const seq = t.ctx.seq;
    t.send({ type: 'APPROVE' });
    expect(t.state).toBe('running');
    expect(t.ctx.seq).toBe(seq);
    expect(codeLineOf(viewOf(t.sim))).toEqual({ transition: 'waiting_approval.APPROVE.running', line: 29 });
    expect(t.lit()).toBe('task.state = "running"         # 读档续跑');
    expect(t.status()).toMatchObject({ note: undefined });
  });

  it('approve without checkpoints: line 29, and the note that nothing is read back', () => {
    const t = toApproval(run('migration-40', { design: 'no-checkpoint' }).start().tick()).send({ type: 'APPROVE' });
    expect(t.status()).toMatchObject({ line: 29, note: 'code.noteFromMemory' });
  });

  it('a blocking wait polls on line 27 too, with the note that it holds the process', () => {
    const t = toApproval(run('migration-40', { design: 'blocking-wait' }).start().tick()).tick();
    expect(t.status()).toMatchObject({ line: 27, note: 'code.noteBlocking' });
    expect(toApproval(run().start().tick()).tick().status()).toMatchObject({ line: 27, note: undefined });
  });

  it('reject: line 31 (拒绝理由进步骤账本)', () => {
    const t = toApproval(run().start().tick()).send({ type: 'REJECT', reason: 'back up first' });
    expect(codeLineOf(viewOf(t.sim))).toEqual({ transition: 'waiting_approval.REJECT.tool_failed', line: 31 });
  });

  it('the fuse: tool_failed → failed lights remind_or_fuse alone, whatever checkpoint it wrote', () => {
    for (const design of ['article', 'no-checkpoint'] as const) {
      const t = run('migration-40', { design }).start().tick();
      for (let i = 0; i < 3; i++) t.send({ type: 'FAIL_NOW', error: 'not_found' });
      expect(t.ctx.ended).toBe('loop_fuse');
      expect(codeLineOf(viewOf(t.sim))).toEqual({ transition: 'tool_failed.TICK.failed', line: 10 });
      // Line 10 sits in running's branch: the view says where the engine makes the same check.
      expect(t.status()).toMatchObject({ note: 'code.noteFuse' });
    }
  });

  it('the coarse guard’s fuse: line 10, with the note that no reminder came first', () => {
    const t = run('migration-40', { config: { guard: 'tool-only' } })
      .start()
      .tick();
    for (let i = 0; i < 3 && t.state !== 'failed'; i++) t.send({ type: 'FAIL_NOW', error: 'not_found' });
    expect(t.ctx.ended).toBe('loop_fuse');
    expect(t.status()).toMatchObject({ line: 10, note: 'code.noteFuseNoReminder' });
  });

  it('attempts used up: the checkpoint(task) after task.state = "failed" that wrote it; without checkpoints, the state line', () => {
    for (const [design, line] of [
      ['article', 23],
      ['no-checkpoint', 22],
    ] as const) {
      // A new approach after each failure: the loop guard never counts two, the attempts run out.
      const t = run('migration-40', { design }).start().tick();
      for (let i = 0; i < 20 && t.state !== 'failed'; i++)
        t.send({ type: 'FAIL_NOW', error: 'not_found' }, { type: 'CHANGE_APPROACH' });
      expect(t.ctx.ended).toBe('retries_exhausted');
      expect(codeLineOf(viewOf(t.sim))).toEqual({ transition: 'tool_failed.TICK.failed', line });
      // Line 22's comment says 落盘: without checkpoints the view says nothing was written.
      expect(t.status()).toMatchObject({ note: design === 'article' ? undefined : 'code.noteNoDisk' });
    }
  });

  it('the last step done: task.advance(), after which the while ends', () => {
    const t = run().start().finish();
    expect(t.state).toBe('completed');
    expect(t.move()).toBe('running.TICK.completed');
    expect(t.lit()).toBe(ADVANCE);
  });

  it('a dynamic plan revised: task.advance() (计划动态调整也在此)', () => {
    const t = run('dynamic-plan').start().untilStep(5).tick();
    expect(t.state).toBe('planning');
    expect(t.move()).toBe('running.REPLAN.planning');
    expect(t.lit()).toBe(ADVANCE);
    expect(t.status()).toMatchObject({ note: 'code.noteReplan' });
  });

  it('cancel: no line (set from outside the loop)', () => {
    const t = run().start().tick().send({ type: 'CANCEL' });
    expect(t.state).toBe('cancelled');
    expect(t.status()).toMatchObject({ kind: 'unlisted', transition: 'running.CANCEL.cancelled' });
    expect(t.line()).toBeNull();
  });

  it('a crash: no line; a restart: no line until the next move', () => {
    const t = run().start().tick(3).send({ type: 'CRASH' });
    expect(t.status().kind).toBe('down');
    t.send({ type: 'RESTART' });
    expect(t.status().kind).toBe('restarted');
    t.tick();
    expect(t.move()).toBe('running.TICK.running');
  });
});

describe('the simple mode', () => {
  it('lights its own sketch, never the article’s ledger or checkpoint lines', () => {
    const t = run('script-5min').send({ type: 'START' });
    expect(t.status()).toMatchObject({ kind: 'line', listing: 'simple', transition: 'created.START.running', line: 2 });
    t.tick();
    expect(t.lit()).toBe('task.advance()                 # 下一步');
    t.finish();
    expect(t.state).toBe('completed');
    expect(t.lit()).toBe('task.state = "completed"       # 完成');
  });

  it('a failure: task.state = "failed", the failed state with no retry', () => {
    const t = run('script-5min').send({ type: 'START' }, { type: 'INJECT_FAULT', error: 'not_found' }).tick();
    expect(t.state).toBe('failed');
    expect(codeLineOf(viewOf(t.sim))).toEqual({ transition: 'running.TICK.failed', line: 6 });
    expect(t.status().listing).toBe('simple');
  });
});

describe('at most one line, at every moment of a long run', () => {
  it('every move of a run full of failures, approvals, crashes and cancels maps to one line or none', () => {
    const t = run();
    const cmds = [
      { type: 'START' },
      { type: 'TICK' },
      { type: 'FAIL_NOW', error: 'not_found' },
      { type: 'TICK' },
      { type: 'REQUEST_APPROVAL' },
      { type: 'TICK' },
      { type: 'CRASH' },
      { type: 'RESTART' },
      { type: 'APPROVE' },
      { type: 'TICK' },
      { type: 'CHECKPOINT' },
      { type: 'CANCEL' },
    ] as const;
    for (const c of cmds) {
      t.send(c);
      const s = t.status();
      const lit = codeLineOf(viewOf(t.sim));
      expect(lit === null).toBe(s.kind !== 'line');
      if (lit)
        expect(lit.transition).toBe(`${t.sim.log.at(-1)!.from}.${t.sim.log.at(-1)!.event}.${t.sim.log.at(-1)!.to}`);
    }
  });
});
