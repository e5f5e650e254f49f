import { describe, expect, it } from 'vitest';
import { useSimStore } from '../../store/simStore';
import { COMMANDS, commandStateOf } from './commands';
import { drive } from '../../engine/testing.test-kit';
import type { SimCommand } from '../../engine';
import { viewOf } from '../../store/view';
import { CONTROL_COMMANDS, isControlId, type ControlId } from '../../lessons/controls';

const byId = (id: string) => {
  const cmd = COMMANDS.find((c) => c.id === id);
  if (!cmd) throw new Error(`no command ${id}`);
  return cmd;
};

describe('controls before the run stands', () => {
  it('act on nothing until storage is read and the run saved (ready), saying why', () => {
    const s = { ...commandStateOf(useSimStore.getInitialState()), ready: false };
    for (const cmd of COMMANDS.filter((c) => c.id !== 'pause')) {
      expect(cmd.blocked(s), cmd.id).toEqual({ key: 'why.loading' });
    }
  });

  it('apply as the state says once ready', () => {
    const s = { ...commandStateOf(useSimStore.getInitialState()), ready: true };
    expect(byId('start').blocked(s)).toBeNull();
    expect(byId('reset').blocked(s)).toBeNull();
    expect(byId('step').blocked(s)).toEqual({ key: 'why.notStarted' });
  });
});

describe('controls ask the machine, nothing else', () => {
  const at = (t: ReturnType<typeof drive>) => ({
    ...commandStateOf(useSimStore.getInitialState()),
    ready: true,
    view: viewOf(t.sim),
  });
  const enabled = (t: ReturnType<typeof drive>) =>
    COMMANDS.filter((c) => (c.visible?.(at(t)) ?? true) && c.blocked(at(t)) === null)
      .map((c) => c.id)
      .sort();

  it('each control that sends a command applies exactly when the run would take it', () => {
    const runs = [
      drive(),
      drive().start(),
      drive().start().send({ type: 'FAIL_NOW', error: 'timeout' }),
      drive().start().untilState('waiting_approval'),
      drive().start().send({ type: 'CANCEL' }),
      drive().start().send({ type: 'CRASH' }),
      drive('script-5min').send({ type: 'START' }),
      drive('migration-40', { design: 'no-checkpoint' }).start(),
    ];
    for (const t of runs) {
      const s = at(t);
      for (const c of COMMANDS.filter(
        (c) => isControlId(c.testId) && !['btn-play', 'btn-fast-forward-approval'].includes(c.testId),
      )) {
        const command = CONTROL_COMMANDS[c.testId as ControlId];
        expect(c.blocked(s) === null, `${c.id} in ${t.state}`).toBe(s.view.can[command]);
        expect(s.view.can[command], `${command} in ${t.state}`).toBe(t.sim.can({ type: command } as SimCommand));
      }
    }
  });

  it('the buttons of each state, read off the machine', () => {
    expect(enabled(drive().start().send({ type: 'FAIL_NOW', error: 'timeout' }))).toEqual(
      ['cancel', 'change-approach', 'checkpoint', 'crash', 'fail', 'fast-forward', 'play', 'reset', 'step'].sort(),
    );
    expect(enabled(drive().start().untilState('waiting_approval'))).toEqual(
      ['approve', 'cancel', 'checkpoint', 'crash', 'play', 'reject', 'reset', 'step'].sort(),
    );
    expect(enabled(drive().start().send({ type: 'CRASH' }))).toEqual(['reset', 'restart']);
  });

  it('a design that keeps no checkpoints offers no "checkpoint now", and says why', () => {
    const t = drive('migration-40', { design: 'no-checkpoint' }).start();
    expect(byId('checkpoint').blocked(at(t))).toEqual({ key: 'why.noCheckpoints' });
    expect(t.sim.send({ type: 'CHECKPOINT' })).toBe(false);
  });

  it('replan applies when the model answers a rejection with a step, even in a one-shot plan', () => {
    const t = drive().start().untilState('waiting_approval');
    expect(t.ctx.plan.mode).toBe('one_shot');
    expect(byId('replan').blocked(at(t))).toEqual({ key: 'why.oneShot' });
    t.send({ type: 'REJECT', reason: 'back up the orders table first' }).tick().expectToBeIn('running');
    expect(byId('replan').blocked(at(t))).toBeNull();
    t.send({ type: 'REPLAN' }).expectToBeIn('planning');
  });

  it('the reasons come from what the run shows', () => {
    expect(byId('fail').blocked(at(drive().start().untilState('waiting_approval')))).toEqual({
      key: 'why.notRunning',
      params: { state: 'waiting_approval' },
    });
    expect(byId('fast-forward').blocked(at(drive().start().untilState('waiting_approval')))).toEqual({
      key: 'why.notRunning',
      params: { state: 'waiting_approval' },
    });
    expect(byId('request-approval').blocked(at(drive().start().send({ type: 'REQUEST_APPROVAL' })))).toEqual({
      key: 'why.alreadyRisky',
    });
    expect(byId('approve').blocked(at(drive().start().send({ type: 'CRASH' })))).toEqual({ key: 'why.down' });
    expect(byId('restart').blocked(at(drive()))).toEqual({ key: 'why.notDown' });
    expect(byId('step').blocked(at(drive().start().send({ type: 'CANCEL' })))).toEqual({
      key: 'why.terminal',
      params: { state: 'cancelled' },
    });
  });
});
