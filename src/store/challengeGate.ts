import { create } from 'zustand';
import type { Challenge } from '../challenges/types';

/**
 * What the first bundle knows of challenges: which one the page was asked to open (a shipped id
 * from `?challenge=`, or a file already read), and, while one is open, the controls it allows.
 * Everything else (the catalog, the checks) loads with the challenge's own chunk.
 */
export type ChallengeRequest = { id: string } | { challenge: Challenge };

interface ChallengeGate {
  request: ChallengeRequest | null;
  /** The controls (ui-contract test ids) the open challenge allows; null: no challenge open. */
  allowed: readonly string[] | null;
}

const asked = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('challenge');

/** Until the challenge asked for stands, no control acts (a press would go to the run it replaces). */
export const useChallengeGate = create<ChallengeGate>()(() => ({
  request: asked ? { id: asked } : null,
  allowed: asked ? [] : null,
}));

export const requestChallenge = (request: ChallengeRequest): void =>
  useChallengeGate.setState({ request, allowed: [] });

/** The challenge stands: only `controls` act (null: it was let go, and every control applies again). */
export const allowControls = (controls: readonly string[] | null): void =>
  useChallengeGate.setState({ allowed: controls });

/** Controls that never change the run's course: a challenge leaves them be. */
const ALWAYS = new Set(['btn-pause']);

/** Whether the open challenge (if any) disallows the control `testId`. */
export function challengeForbids(testId: string): boolean {
  const allowed = useChallengeGate.getState().allowed;
  return allowed !== null && !ALWAYS.has(testId) && !allowed.includes(testId);
}
