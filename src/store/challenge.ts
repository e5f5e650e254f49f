import { Sim, type SimCommand } from '../engine';
import { findChallenge, startChallenge, type Challenge } from '../challenges';
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

/** Starts `ch` afresh as the page's run; only its controls are enabled from then on. */
export function openChallenge(ch: Challenge): ChallengeSim {
  const page = useSimStore.getState();
  page.pause();
  const sim = startChallenge(ch, (o) => new ChallengeSim(o));
  sim.challenge = ch;
  page.showLessonRun(sim);
  useChallengeGate.setState({ allowed: ch.controls });
  return sim;
}

/** The page lets the challenge go: every control applies again. */
export const releaseChallenge = (): void => useChallengeGate.setState({ allowed: null });

/** The page's run when it is a run of `ch` (a new run, a fork or an import takes the page from it). */
export const challengeRun = (sim: Sim, ch: Challenge): ChallengeSim | null =>
  sim instanceof ChallengeSim && sim.challenge === ch ? sim : null;
