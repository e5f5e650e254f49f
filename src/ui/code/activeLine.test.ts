import { describe, expect, it } from 'vitest';
import { Sim, type SimCommand, type SimOptions } from '../../engine';
import { viewOf } from '../../store/view';
import { activeLine } from './activeLine';
import { LISTING, lineOf } from './listing';

/** A run on the article's design, driven by plain commands; `lit()` names the lines lit now. */
function run(opts: Partial<SimOptions> = {}) {
  const sim = new Sim({ scenario: 'migration-40', ...opts });
  const r = {
    sim,
    send(...cmds: SimCommand[]) {
      for (const c of cmds) sim.send(c);
      return r;
    },
    tick(n = 1) {
      for (let i = 0; i < n; i++) sim.send({ type: 'TICK' });
      return r;
    },
    /** The text of each lit line, trimmed, so a test reads the article's code. */
    lit: () => activeLine(viewOf(sim)).map((n) => LISTING[n - 1]!.text.trim()),
  };
  return r;
}

const CALL = 'result = run_step(task.current)';
const BODY = LISTING.slice(lineOf('save(state=') - 1).map((l) => l.text.trim());

describe('in created', () => {
  it('lights the loop about to be entered', () => {
    expect(run().lit()).toEqual(['def step_loop(task):']);
  });
});

describe('in planning', () => {
  it('lights plan_or_replan', () => {
    expect(run().send({ type: 'START' }).lit()).toEqual([expect.stringMatching(/^task\.plan_or_replan\(\)/)]);
  });
});

describe('in running', () => {
  it('lights the loop-top checkpoint and its body right after the plan is checkpointed', () => {
    const r = run().send({ type: 'START' }).tick();
    expect(r.sim.state).toBe('running');
    expect(r.sim.newest?.trigger).toBe('phase_switch');
    expect(r.lit()).toEqual([expect.stringMatching(/^checkpoint\(task\)/), ...BODY]);
  });

  it('lights the call once a step has run', () => {
    const r = run().send({ type: 'START' }).tick(2);
    expect(r.sim.state).toBe('running');
    expect(r.lit()).toEqual([CALL]);
  });

  it('lights the checkpoint body on a person’s "checkpoint now"', () => {
    const r = run().send({ type: 'START' }).tick(2).send({ type: 'CHECKPOINT' });
    expect(r.sim.newest?.trigger).toBe('manual');
    expect(r.lit()).toEqual([expect.stringMatching(/^checkpoint\(task\)/), ...BODY]);
  });

  it('with a checkpoint after every step, lights its body after each step', () => {
    const r = run({ config: { density: 'every_step' } })
      .send({ type: 'START' })
      .tick(2);
    expect(r.sim.newest?.trigger).toBe('every_step');
    expect(r.lit()).toContain(BODY[0]);
  });
});

describe('in tool_failed', () => {
  it('lights the else branch and the checks the next tick makes', () => {
    const r = run().send({ type: 'START' }).tick(2).send({ type: 'FAIL_NOW', error: 'not_found' });
    expect(r.sim.state).toBe('tool_failed');
    expect(r.lit()).toEqual([
      'if loop_detected(task):            # 原地打转（无失败也查，见下文）',
      'else:',
      'task.state = "tool_failed"',
      'task.record(result.error)      # 步骤账本：错误 + 次数 +1',
      'if task.retries(task.current) >= MAX_RETRY:   # MAX_RETRY 高于提醒阈值',
    ]);
  });

  it('adds remind_or_fuse once the reminder is in', () => {
    const r = run()
      .send({ type: 'START' })
      .tick(2)
      .send({ type: 'FAIL_NOW', error: 'not_found' }, { type: 'FAIL_NOW', error: 'not_found' });
    expect(r.sim.state).toBe('tool_failed');
    expect(r.lit()).toContain('task.remind_or_fuse()          # 先提醒（计数重置），到顶熔断');
  });

  it('lights the poll’s else after a rejection', () => {
    const r = run().send({ type: 'START' }).tick(2).send({ type: 'REQUEST_APPROVAL' }).tick();
    expect(r.sim.state).toBe('waiting_approval');
    r.send({ type: 'REJECT', reason: 'not tonight' });
    expect(r.sim.state).toBe('tool_failed');
    expect(r.lit()).toEqual(['else:', 'task.state = "tool_failed"     # 拒绝理由进步骤账本']);
  });
});

describe('in waiting_approval', () => {
  it('lights the suspend line, also right after the before_suspend checkpoint', () => {
    const r = run().send({ type: 'START' }).tick(2).send({ type: 'REQUEST_APPROVAL' }).tick();
    expect(r.sim.state).toBe('waiting_approval');
    expect(r.sim.newest?.trigger).toBe('before_suspend');
    expect(r.lit()).toEqual(['v = poll_decision(task)            # 挂起轮询，不占模型调用']);
    r.tick();
    expect(r.lit()).toEqual(['v = poll_decision(task)            # 挂起轮询，不占模型调用']);
  });
});

describe('in the terminal states', () => {
  it('failed by the fuse: remind_or_fuse and the terminal checkpoint', () => {
    const r = run().send({ type: 'START' }).tick(2);
    for (let i = 0; i < 3; i++) r.send({ type: 'FAIL_NOW', error: 'not_found' });
    expect(r.sim.state).toBe('failed');
    expect(r.sim.context.ended).toBe('loop_fuse');
    expect(r.lit()).toEqual([expect.stringMatching(/^task\.remind_or_fuse\(\)/), ...BODY]);
  });

  it('failed with its attempts used up: the retry limit, its checkpoint call and the body', () => {
    // A new approach after each failure: the loop guard never counts two, the attempts run out.
    const r = run().send({ type: 'START' }).tick(2);
    for (let i = 0; i < 20 && r.sim.state !== 'failed'; i++)
      r.send({ type: 'FAIL_NOW', error: 'not_found' }, { type: 'CHANGE_APPROACH' });
    expect(r.sim.context.ended).toBe('retries_exhausted');
    expect(r.lit()).toEqual([expect.stringMatching(/^task\.state = "failed"/), 'checkpoint(task)', ...BODY]);
  });

  it('failed without checkpoints: only the fuse', () => {
    const r = run({ design: 'no-checkpoint' }).send({ type: 'START' }).tick(2);
    for (let i = 0; i < 3; i++) r.send({ type: 'FAIL_NOW', error: 'not_found' });
    expect(r.sim.state).toBe('failed');
    expect(r.lit()).toEqual([expect.stringMatching(/^task\.remind_or_fuse\(\)/)]);
  });

  it('cancelled: the closing comment, with the terminal checkpoint', () => {
    const r = run().send({ type: 'START' }).tick(2).send({ type: 'CANCEL' });
    expect(r.sim.state).toBe('cancelled');
    expect(r.lit()).toEqual([expect.stringMatching(/^# cancelled/), ...BODY]);
  });

  it('completed without checkpoints: the while line ends the loop', () => {
    const r = run({ design: 'no-checkpoint' }).send({ type: 'START' });
    for (let i = 0; i < 1000 && r.sim.state !== 'completed'; i++)
      r.send(r.sim.state === 'waiting_approval' ? { type: 'APPROVE' } : { type: 'TICK' });
    expect(r.sim.state).toBe('completed');
    expect(r.lit()).toEqual([expect.stringMatching(/^while task\.state not in TERMINAL/)]);
  });
});

describe('with the process down', () => {
  it('lights nothing; after a restart the state’s line again, not the checkpoint read back', () => {
    const r = run().send({ type: 'START' }).tick(3).send({ type: 'CRASH' });
    expect(r.lit()).toEqual([]);
    r.send({ type: 'RESTART' });
    expect(r.lit()).toEqual([CALL]);
  });
});
