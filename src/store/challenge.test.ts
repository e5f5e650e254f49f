import { describe, expect, it } from 'vitest';
import { START_BUDGET_MS, checkChallenge, findChallenge, type Challenge } from '../challenges';
import { SLICE_MS } from '../share';
import { challengeRun, openChallenge, pressesOf, releaseChallenge } from './challenge';
import { challengeForbids, useChallengeGate } from './challengeGate';
import { useSimStore } from './simStore';

describe('a challenge on the page', () => {
  it('stands where the challenge starts, records only the student’s presses, and gates the controls', async () => {
    const ch = findChallenge('one-rejection')!;
    const sim = (await openChallenge(ch))!;
    expect(useSimStore.getState().sim).toBe(sim);
    const run = challengeRun(useSimStore.getState(), ch)!;
    expect(run.sim).toBe(sim);
    expect(sim.state).toBe('waiting_approval');
    // Playing to the start is not the student's doing.
    expect(pressesOf(run)).toEqual([]);
    expect(useChallengeGate.getState().allowed).toEqual(ch.controls);
    expect(challengeForbids('btn-crash')).toBe(true);
    expect(challengeForbids('btn-reject')).toBe(false);
    expect(challengeForbids('btn-pause')).toBe(false);
    useSimStore.getState().send({ type: 'REJECT', reason: 'later' });
    expect(pressesOf(run).map((c) => c.type)).toEqual(['REJECT']);
    expect(checkChallenge(ch, sim, pressesOf(run)).status).toBe('open');
    releaseChallenge();
    expect(challengeForbids('btn-crash')).toBe(false);
  });
});

describe('a challenge file whose start costs without end (issue 40)', () => {
  // 275 bytes: no-fuse, every call failing, until completed: 5,000 failing moves on one step.
  const hostile = (): Challenge => ({
    ...findChallenge('one-rejection')!,
    id: 'hostile',
    design: 'no-fuse',
    config: { flakiness: 0.999999 },
    start: { until: 'completed' },
  });

  it('is played in slices with turns for the page, and refused at its budget with the reason', async () => {
    const before = useSimStore.getState().sim;
    let t = 0;
    const turns: number[] = [];
    let from = 0;
    // Each move is charged 2 ms of work on the fake clock, read once per move.
    const slicer = {
      now: () => (t += 2),
      yield: async () => {
        turns.push(t - from);
        from = t;
      },
    };
    const sim = await openChallenge(hostile(), slicer);
    expect(sim).toBeNull();
    expect(turns.length).toBeGreaterThan(10);
    expect(Math.max(...turns)).toBeLessThanOrEqual(SLICE_MS + 4);
    expect(useSimStore.getState().notice?.text).toContain(
      `start.until: the run did not reach completed in ${START_BUDGET_MS / 1000} s of play`,
    );
    expect(useSimStore.getState().sim).toBe(before);
    expect(useChallengeGate.getState().allowed).toBeNull();
  });

  it('a start the run never reaches is refused, not opened somewhere else', async () => {
    const ch = { ...findChallenge('one-rejection')!, start: { until: 'waiting_approval' as const, step: 3 } };
    expect(await openChallenge(ch)).toBeNull();
    expect(useSimStore.getState().notice?.text).toMatch(/never reaches waiting_approval @ 3/);
  });
});
