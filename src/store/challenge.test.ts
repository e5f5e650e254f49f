import { describe, expect, it } from 'vitest';
import { checkChallenge, findChallenge } from '../challenges';
import { challengeRun, openChallenge, releaseChallenge } from './challenge';
import { challengeForbids, useChallengeGate } from './challengeGate';
import { useSimStore } from './simStore';

describe('a challenge on the page', () => {
  it('stands where the challenge starts, records only the student’s presses, and gates the controls', () => {
    const ch = findChallenge('one-rejection')!;
    const sim = openChallenge(ch);
    expect(useSimStore.getState().sim).toBe(sim);
    expect(challengeRun(useSimStore.getState().sim, ch)).toBe(sim);
    expect(sim.state).toBe('waiting_approval');
    // Playing to the start is not the student's doing.
    expect(sim.presses).toEqual([]);
    expect(useChallengeGate.getState().allowed).toEqual(ch.controls);
    expect(challengeForbids('btn-crash')).toBe(true);
    expect(challengeForbids('btn-reject')).toBe(false);
    expect(challengeForbids('btn-pause')).toBe(false);
    useSimStore.getState().send({ type: 'REJECT', reason: 'later' });
    expect(sim.presses.map((c) => c.type)).toEqual(['REJECT']);
    expect(checkChallenge(ch, sim, sim.presses).status).toBe('open');
    releaseChallenge();
    expect(challengeForbids('btn-crash')).toBe(false);
  });
});
