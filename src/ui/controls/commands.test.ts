import { describe, expect, it } from 'vitest';
import { useSimStore } from '../../store/simStore';
import { COMMANDS, commandStateOf } from './commands';

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
