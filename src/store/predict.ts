import { create } from 'zustand';
import { machineStates, type Bilingual, type SimCommand, type StateName } from '../engine';
import type { Prediction } from '../lessons/predict';
import type { Standing } from '../lessons/reveal';
import { useSimStore, type Store } from './simStore';

/**
 * Predict-then-reveal (ui-contract `toggle-predict`): with it on, an injected event waits for
 * the student's guess (which state comes next, and whether the fuse trips), then applies; the
 * page then says right or wrong and why. This module is the gate every injecting control (button
 * or key) goes through, and the tab's score; the prompt itself is a lazy chunk (ui/predict).
 */
export interface Ask {
  from: StateName;
  choices: readonly StateName[];
  /** Asked which step the run goes on from instead of which state (a lesson's `predict: 'step'`). */
  steps?: readonly number[];
  /** Applies the event and says what it did (the answer, read from the run, and why). */
  apply: () => Promise<Prediction>;
}

export interface Reveal {
  correct: boolean;
  /** A state, or a step number when the question was which step. */
  choice: StateName | number;
  answer: StateName | number;
  reason: Bilingual;
}

export interface Score {
  right: number;
  asked: number;
}

export interface PredictState {
  on: boolean;
  asking: Ask | null;
  result: Reveal | null;
  score: Score;
}

/** The score lives as long as the tab (sessionStorage); a browser without it keeps it in memory. */
const SCORE_KEY = 'harness-sim.predict-score';

function readScore(): Score {
  try {
    const v = JSON.parse(sessionStorage.getItem(SCORE_KEY) ?? 'null') as Partial<Score> | null;
    const ok = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
    if (v && ok(v.right) && ok(v.asked) && v.right <= v.asked) return { right: v.right, asked: v.asked };
  } catch {
    // Unreadable or blocked storage: the score starts at zero.
  }
  return { right: 0, asked: 0 };
}

export const usePredictStore = create<PredictState>()(() => ({
  on: false,
  asking: null,
  result: null,
  score: readScore(),
}));

export function setPredictOn(on: boolean): void {
  const held = usePredictStore.getState().asking;
  usePredictStore.setState(on ? { on } : { on, asking: null, result: null });
  // Turned off with a question waiting: the press it held still happens, unscored.
  if (!on && held) void held.apply();
}

/** Puts a question to the student; the next one replaces the last result. */
export function ask(a: Ask): void {
  useSimStore.getState().pause();
  usePredictStore.setState({ asking: a, result: null });
}

/** Records the student's answer as scored, for the tab. */
export function recordAnswer(r: Reveal): void {
  const { right, asked } = usePredictStore.getState().score;
  const score = { right: right + (r.correct ? 1 : 0), asked: asked + 1 };
  try {
    sessionStorage.setItem(SCORE_KEY, JSON.stringify(score));
  } catch {
    // The score is still shown for this page; it only does not outlive a reload.
  }
  usePredictStore.setState({ asking: null, result: r, score });
}

const standing = (s: Store): Standing => ({ state: s.sim.state, ended: s.sim.context.ended, alive: s.sim.alive });

/**
 * Runs an injecting control: at once when predict is off, else after the student's guess. The
 * answer is what `run` actually did to the live run (read right after it), never a guess.
 */
export function askFirst(s: Store, command: SimCommand['type'], run: () => void): void {
  if (!usePredictStore.getState().on || s.role === 'follower') return run();
  const choices = machineStates(s.sim.machine);
  ask({
    from: s.sim.state,
    choices,
    apply: async () => {
      const live = useSimStore.getState();
      const before = standing(live);
      run();
      const after = standing(useSimStore.getState());
      const { livePrediction, outcomeOf } = await import('../lessons/reveal');
      return livePrediction(choices, outcomeOf(command, before, after));
    },
  });
}

/** While a question waits, the run holds still: no control but pause acts. */
export const predictHolds = (): boolean => usePredictStore.getState().asking !== null;
