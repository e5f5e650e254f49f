import type { Sim, SimCommand } from '../engine';
import { translate } from '../i18n';
import { findChallenge, startChallengeInSlices, type Challenge } from '../challenges';
import type { Slicer } from '../share';
import { pageSlicer } from './pageSlicer';
import { allowControls, type ChallengeRequest } from './challengeGate';
import type { ChallengeActivity, RunState } from './run';
import { useSimStore } from './simStore';

/**
 * The page's side of a challenge: its run (played to where the challenge starts, then shown as
 * the page's run, kept in memory as a lesson's is: the run slice's `activity`) and the student's
 * presses on it, which the check reads with the run's own ledger, checkpoints and meters
 * (src/challenges/check.ts).
 */

/** The challenge a request names, or null for an id no shipped challenge has. */
export const challengeOf = (r: ChallengeRequest): Challenge | null =>
  'challenge' in r ? r.challenge : (findChallenge(r.id) ?? null);

let opening = 0;

/**
 * Starts `ch` afresh as the page's run; only its controls are enabled from then on. Its start is
 * played in slices (a file may ask for thousands of costly moves); a start it cannot reach, or
 * not within its budget, is refused with the reason as the page's notice, and the page's own run
 * keeps every control. Resolves to the run, or null when refused or opened again meanwhile.
 */
export async function openChallenge(ch: Challenge, slicer: Slicer = pageSlicer): Promise<Sim | null> {
  const page = useSimStore.getState();
  page.pause();
  const mine = ++opening;
  const started = await startChallengeInSlices(ch, slicer);
  if (mine !== opening) return null;
  if (!started.ok) {
    releaseChallenge();
    const lang = useSimStore.getState().lang;
    useSimStore.getState().setNotice({ kind: 'error', text: translate(lang, started.reason) });
    return null;
  }
  useSimStore.getState().showChallenge(started.sim, ch);
  allowControls(ch.controls);
  return started.sim;
}

/** The page lets the challenge go: every control applies again. */
export const releaseChallenge = (): void => allowControls(null);

/** The page's run when it is a run of `ch` (a new run, a fork or an import takes the page from it). */
export const challengeRun = (s: Pick<RunState, 'sim' | 'activity'>, ch: Challenge): ChallengeActivity | null =>
  s.activity?.kind === 'challenge' && s.activity.challenge === ch && s.activity.sim === s.sim ? s.activity : null;

/** The commands the student sent on the challenge's run (passed time is no press). */
export const pressesOf = (a: ChallengeActivity): SimCommand[] =>
  a.sim.moves.slice(a.from).filter((m): m is SimCommand => m.type !== 'PASS_TIME');
