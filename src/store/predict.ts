import { assign, createActor, setup } from 'xstate';
import { machineStates, type SimCommand, type StateName } from '../engine';
import type { Said } from '../i18n';
import type { Prediction } from '../lessons/predict';
import type { Standing } from '../lessons/reveal';
import { useSimStore, type Store } from './simStore';

/**
 * Predict-then-reveal (ui-contract `toggle-predict`): with it on, an injected event waits for
 * the student's guess (which state comes next, and whether the fuse trips), then applies; the
 * page then says right or wrong and why. This module is the gate every injecting control (button
 * or key) goes through, and the tab's score; the prompt itself is a lazy chunk (ui/predict).
 * While a question waits, the page's player is held (player.ts): nothing moves the run.
 */
export interface Ask {
  from: StateName;
  choices: readonly StateName[];
  /** Asked which step the run goes on from instead of which state (a lesson's `predict: 'step'`). */
  steps?: readonly number[];
  /** The lesson stop (0-based) this question is asked before, when a lesson asks it (a live class asks it too). */
  at?: number;
  /** Applies the event and says what it did (the answer, read from the run, and why). */
  apply: () => Promise<Prediction>;
}

export interface Reveal {
  correct: boolean;
  /** A state, or a step number when the question was which step. */
  choice: StateName | number;
  answer: StateName | number;
  reason: Said;
}

interface Score {
  right: number;
  asked: number;
}

/** The score lives as long as the tab (sessionStorage); a browser without it keeps it in memory. */
const SCORE_KEY = 'harness-sim.predict-score';

function writeScore(score: Score): void {
  try {
    sessionStorage.setItem(SCORE_KEY, JSON.stringify(score));
  } catch {
    // The score is still shown for this page; it only does not outlive a reload.
  }
}

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

/**
 * The prediction flow as a machine of its own: off, or on and idle / asking (a control waits for
 * the answer) / revealed (right or wrong, and why). Turned off with a question waiting, the
 * press it held still happens, unscored. Read in React with `useSelector(predictor, …)`.
 */
const predictMachine = setup({
  types: {
    context: {} as {
      asking: Ask | null;
      result: Reveal | null;
      /** The lesson stop the shown result answered (its question's `at`), or null. */
      resultAt: number | null;
      score: Score;
    },
    events: {} as
      | { type: 'predict.on' }
      | { type: 'predict.off' }
      | { type: 'predict.ask'; ask: Ask }
      | { type: 'predict.answer'; reveal: Reveal }
      | { type: 'predict.pass' }
      | { type: 'predict.dismiss' },
    input: {} as { score: Score },
  },
  actions: {
    applyHeld: ({ context }) => void context.asking?.apply(),
    saveScore: ({ context }) => writeScore(context.score),
  },
}).createMachine({
  id: 'predict',
  context: ({ input }) => ({ asking: null, result: null, resultAt: null, score: input.score }),
  initial: 'off',
  states: {
    off: {
      entry: assign({ asking: null, result: null, resultAt: null }),
      on: { 'predict.on': 'on' },
    },
    on: {
      initial: 'idle',
      on: {
        'predict.off': '#predict.off',
        // The next question replaces the last result (or a question not yet answered).
        'predict.ask': {
          target: '.asking',
          actions: assign({ asking: ({ event }) => event.ask, result: null, resultAt: null }),
        },
      },
      states: {
        idle: {},
        asking: {
          on: {
            'predict.off': { target: '#predict.off', actions: 'applyHeld' },
            // A live class answered on its phones: the move plays, the tab's own score is not touched.
            'predict.pass': { target: 'idle', actions: ['applyHeld', assign({ asking: null })] },
            'predict.answer': {
              target: 'revealed',
              actions: [
                assign(({ context, event }) => ({
                  asking: null,
                  result: event.reveal,
                  resultAt: context.asking?.at ?? null,
                  score: {
                    right: context.score.right + (event.reveal.correct ? 1 : 0),
                    asked: context.score.asked + 1,
                  },
                })),
                'saveScore',
              ],
            },
          },
        },
        revealed: {
          on: { 'predict.dismiss': { target: 'idle', actions: assign({ result: null, resultAt: null }) } },
        },
      },
    },
  },
});

/** The page's predictor: one for the tab, its score read back from the tab's storage. */
export const predictor = createActor(predictMachine, { input: { score: readScore() } }).start();

export function setPredictOn(on: boolean): void {
  predictor.send({ type: on ? 'predict.on' : 'predict.off' });
}

/** Puts a question to the student (predict is on): the page's player holds still until the answer. */
export function ask(a: Ask): void {
  useSimStore.getState().player.send({ type: 'player.hold' });
  predictor.send({ type: 'predict.ask', ask: a });
}

/** Records the student's answer as scored, for the tab, and lets the player go. */
export function recordAnswer(r: Reveal): void {
  predictor.send({ type: 'predict.answer', reveal: r });
  useSimStore.getState().player.send({ type: 'player.release' });
}

/**
 * Plays the move a question holds without scoring it (a live class answered on its phones and
 * the projector revealed their answers instead), and lets the player go.
 */
export function passQuestion(): void {
  if (!predictor.getSnapshot().matches({ on: 'asking' })) return;
  predictor.send({ type: 'predict.pass' });
  useSimStore.getState().player.send({ type: 'player.release' });
}

/** Closes the result. */
export function dismissResult(): void {
  predictor.send({ type: 'predict.dismiss' });
}

const standing = (s: Store): Standing => ({ state: s.sim.state, ended: s.sim.context.ended, alive: s.sim.alive });

/**
 * Runs an injecting control: at once when predict is off, else after the student's guess. The
 * answer is what `run` actually did to the live run (read right after it), never a guess.
 */
export function askFirst(s: Store, command: SimCommand['type'], run: () => void): void {
  if (!predictor.getSnapshot().matches('on') || s.role === 'follower') return run();
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
export const predictHolds = (): boolean => predictor.getSnapshot().matches({ on: 'asking' });
