import type { EndReason, SimCommand, StateName } from '../engine';
import { said, type Said } from '../i18n/words';
import type { Prediction } from './predict';
import { isSimpleChoices } from './simpleNames';

/**
 * Predict-then-reveal on the page's own run (outside a lesson's script): the answer is what the
 * command actually did to the live run, read right after it applied, so it cannot drift from the
 * engine; the one sentence on why is chosen from what happened (the state reached, the fuse, the
 * process).
 */
interface Outcome {
  command: SimCommand['type'];
  from: StateName;
  to: StateName;
  /** The run had already ended for this reason before the command (null: not ended). */
  endedBefore: EndReason | null;
  ended: EndReason | null;
  /** The process is running after the command (a crash leaves it down). */
  alive: boolean;
}

/** Where a run stands (read from the live Sim just before and right after the command). */
export interface Standing {
  state: StateName;
  ended: EndReason | null;
  alive: boolean;
}

/** What `command` did, from where the run stood just before it and right after. */
export const outcomeOf = (command: SimCommand['type'], before: Standing, after: Standing): Outcome => ({
  command,
  from: before.state,
  to: after.state,
  endedBefore: before.ended,
  ended: after.ended,
  alive: after.alive,
});

/** One sentence on why the run went where it did. */
export function explainOutcome(o: Outcome): Said {
  if (o.command === 'CRASH' || !o.alive) return 'reveal.crash';
  if (o.ended === 'loop_fuse' && o.endedBefore !== 'loop_fuse') return 'reveal.fuse';
  if (o.ended === 'retries_exhausted' && o.endedBefore !== 'retries_exhausted') return 'reveal.exhausted';
  if (o.command === 'REJECT') return 'reveal.rejected';
  if (o.to === 'tool_failed') return 'reveal.toolFailed';
  if (o.to === 'waiting_approval') return 'reveal.waiting';
  if (o.command === 'REQUEST_APPROVAL' && o.to === 'running') return 'reveal.requested';
  if (o.to === 'cancelled') return 'reveal.cancelled';
  if (o.to === 'planning') return 'reveal.planning';
  if (o.to === 'failed') return 'reveal.simpleFailed';
  return said('reveal.unchanged', { state: o.to });
}

/** The Prediction (predict.ts) the live outcome stands for, to score with scorePrediction. */
export function livePrediction(choices: readonly StateName[], o: Outcome): Prediction {
  return {
    at: 0,
    from: o.from,
    choices,
    simple: isSimpleChoices(choices),
    answer: o.to,
    fuseTrips: o.ended === 'loop_fuse' && o.endedBefore !== 'loop_fuse',
    why: explainOutcome(o),
  };
}
