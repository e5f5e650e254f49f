import { Sim, type SimCommand } from '../engine';
import { findChallenge, startChallengeInSlices, type Challenge } from '../challenges';
import type { Slicer } from '../share';
import { pageSlicer } from './pageSlicer';
import { useChallengeGate, type ChallengeRequest } from './challengeGate';
import { useSimStore } from './simStore';

/**
 * The page's side of a challenge: its run (played to where the challenge starts, then shown as
 * the page's run, kept in memory as a lesson's is) and the student's presses on it, which the
 * check reads with the run's own ledger, checkpoints and meters (src/challenges/check.ts).
 */

/** A Sim that keeps every command it took once the student has the controls. */
export class ChallengeSim extends Sim {
  readonly presses: SimCommand[] = [];
  /** The challenge this run is of; null while it is played to the challenge's start. */
  challenge: Challenge | null = null;

  override send(cmd: SimCommand): boolean {
    const changed = super.send(cmd);
    if (changed && this.challenge) this.presses.push(cmd);
    return changed;
  }
}

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
export async function openChallenge(ch: Challenge, slicer: Slicer = pageSlicer): Promise<ChallengeSim | null> {
  const page = useSimStore.getState();
  page.pause();
  const mine = ++opening;
  const started = await startChallengeInSlices(ch, (o) => new ChallengeSim(o), slicer);
  if (mine !== opening) return null;
  if (!started.ok) {
    releaseChallenge();
    const lang = useSimStore.getState().lang;
    useSimStore.getState().setNotice({ kind: 'error', text: started.reason[lang] });
    return null;
  }
  const { sim } = started;
  sim.challenge = ch;
  useSimStore.getState().showLessonRun(sim);
  useChallengeGate.setState({ allowed: ch.controls });
  return sim;
}

/** The page lets the challenge go: every control applies again. */
export const releaseChallenge = (): void => useChallengeGate.setState({ allowed: null });

/** The page's run when it is a run of `ch` (a new run, a fork or an import takes the page from it). */
export const challengeRun = (sim: Sim, ch: Challenge): ChallengeSim | null =>
  sim instanceof ChallengeSim && sim.challenge === ch ? sim : null;
