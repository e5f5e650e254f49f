/**
 * What the class plan counts besides a lesson's playback (plan.ts), stated in the guide: a fixed
 * allowance per prediction, per your-turn, per discussion prompt held in class and per self-test
 * question. Playback itself is measured (`lessonLengthMs`), never guessed.
 */
export interface Allowances {
  /** Ask, everyone commits to an answer (a show of hands), reveal, one sentence of why. */
  predictionMs: number;
  /** A student presses the control at the projector (the ask itself is read in the playback). */
  yourTurnMs: number;
  /** One discussion prompt: pairs talk, two answers are heard, the teacher's note. */
  discussMs: number;
  /** A self-test question: the students write their answer… */
  selfTestWriteMs: number;
  /** …then the article's answer is read out and compared. */
  selfTestCompareMs: number;
}

export const ALLOWANCES: Allowances = {
  predictionMs: 60_000,
  yourTurnMs: 30_000,
  discussMs: 120_000,
  selfTestWriteMs: 180_000,
  selfTestCompareMs: 60_000,
};

/** Discussion prompts a lesson held in class discusses there (its first ones); the rest are homework. */
export const DISCUSS_IN_CLASS = 1;

/** The plan leaves at least this many minutes of the 45 unplanned: a late start, a question. */
export const MIN_SLACK_MINUTES = 2;

/** What a piece of the class holds, to be timed by the allowances. */
interface Parts {
  playMs: number;
  predictions: number;
  yourTurns: number;
  discuss: number;
}

/** The milliseconds a lesson (or its part at home) takes: measured playback plus the allowances. */
export const needMs = (p: Parts, a: Allowances = ALLOWANCES): number =>
  p.playMs + p.predictions * a.predictionMs + p.yourTurns * a.yourTurnMs + p.discuss * a.discussMs;

/** Whole minutes of the plan, rounded up: the rounding is extra slack, never a shortfall. */
export const wholeMinutes = (ms: number): number => Math.ceil(ms / 60_000);
