import { inEvery } from '../i18n/all';
import { describe, expect, it } from 'vitest';
import { Sim, machineStates, type SimCommand } from '../engine';
import { scorePrediction } from './predict';
import { explainOutcome, livePrediction, outcomeOf, type Standing } from './reveal';

const standing = (sim: Sim): Standing => ({ state: sim.state, ended: sim.context.ended, alive: sim.alive });

/** Sends `cmd` to `sim` and returns the live prediction of what it did, as the page builds it. */
function press(sim: Sim, cmd: SimCommand) {
  const before = standing(sim);
  sim.send(cmd);
  return livePrediction(machineStates(sim.machine), outcomeOf(cmd.type, before, standing(sim)));
}

function running(scenario = 'migration-40') {
  const sim = new Sim({ scenario, seed: 1 });
  sim.send({ type: 'START' });
  sim.send({ type: 'TICK' });
  return sim;
}

const fail: SimCommand = { type: 'FAIL_NOW', error: 'not_found' };

describe('predict-then-reveal on the live run', () => {
  it('reads the answer from what the event did: below the fuse, then the fuse', () => {
    const sim = running();
    expect(press(sim, fail)).toMatchObject({ from: 'running', answer: 'tool_failed', fuseTrips: false });
    expect(press(sim, fail)).toMatchObject({ answer: 'tool_failed', fuseTrips: false });
    const third = press(sim, fail);
    expect(third).toMatchObject({ from: 'tool_failed', answer: 'failed', fuseTrips: true });
    expect(inEvery(third.why).en).toMatch(/fuse/);
    expect(third.choices).toHaveLength(8);
    expect(scorePrediction(third, 'failed', true).correct).toBe(true);
    expect(scorePrediction(third, 'failed', false).correct).toBe(false);
  });

  it('a crash leaves the state where it was and says the process, not the task, died', () => {
    const sim = running();
    const p = press(sim, { type: 'CRASH' });
    expect(p).toMatchObject({ from: 'running', answer: 'running', fuseTrips: false });
    expect(inEvery(p.why).en).toMatch(/crash kills the process/);
  });

  it('names the approval, the rejection and the cancel for what they do', () => {
    const sim = running();
    const asked = press(sim, { type: 'REQUEST_APPROVAL' });
    expect(asked.answer).toBe('running');
    expect(inEvery(asked.why).en).toMatch(/marked risky.*before_suspend/);
    expect(press(sim, { type: 'TICK' })).toMatchObject({ answer: 'waiting_approval' });
    const rejected = press(sim, { type: 'REJECT', reason: 'not now' });
    expect(inEvery(rejected.why).en).toMatch(/rejection message/);
    expect(press(sim, { type: 'CANCEL' })).toMatchObject({ answer: 'cancelled' });
  });

  it('offers the four states of the simple mode, where one failure ends the task', () => {
    const sim = new Sim({ scenario: 'script-5min', seed: 1 });
    sim.send({ type: 'START' });
    const p = press(sim, fail);
    expect(p.choices).toEqual(['created', 'running', 'completed', 'failed']);
    expect(p.answer).toBe('failed');
    expect(p.fuseTrips).toBe(false);
  });

  it('has a sentence in both languages for every outcome it knows', () => {
    const states = ['running', 'tool_failed', 'waiting_approval', 'planning', 'cancelled', 'failed'] as const;
    for (const to of states) {
      const why = explainOutcome({ command: 'TICK', from: 'running', to, endedBefore: null, ended: null, alive: true });
      expect(inEvery(why).zh).not.toBe('');
      expect(inEvery(why).en).not.toBe('');
    }
  });
});
