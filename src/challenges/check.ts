import { MINUTE, Sim, isTerminal, nextMove, type SimCommand } from '../engine';
import { listOf, said, type MessageKey, type Words } from '../i18n/words';
import { sentByOneOf } from '../lessons/controls';
import { runInSlices, type Slicer } from '../share/slices';
import type { Challenge, ChallengeVerdict, Measure, Predicate } from './types';

/**
 * Challenges are checked by the page itself, from the run's own ledger, checkpoints and meters
 * plus the commands the student sent: pass when the run has ended with every predicate true;
 * fail as soon as one can no longer come true (every measure only grows) or a control outside
 * the allowed ones was used; open otherwise.
 */

/** The most moves a challenge's start is played (a 4,000-step run to its end takes about 4,100). */
const MAX_START_MOVES = 5_000;
/**
 * The most work a challenge's start may take, in ms, played in slices: a file can ask for a run
 * whose every move costs more than the last (`no-fuse`, `flakiness 0.999999`, until `completed`
 * retries one step 5,000 times); past this it is refused, with the reason.
 */
export const START_BUDGET_MS = 5000;

/** The Sim a challenge starts from, before it is played to its start (the challenge's own, until the page adopts it). */
function freshOf(ch: Challenge): Sim {
  const start = ch.start;
  if (start && 'checkpoint' in start) return new Sim({ scenario: ch.scenario, from: start.checkpoint });
  return new Sim({ scenario: ch.scenario, seed: ch.seed, design: ch.design, config: ch.config ?? {} });
}

/** Whether `sim` stands where the challenge starts (true when it starts fresh or from a checkpoint). */
function standsAtStart(ch: Challenge, sim: Sim): boolean {
  const start = ch.start;
  if (!start || 'checkpoint' in start) return true;
  return sim.state === start.until && (start.step === undefined || sim.context.cursor === start.step);
}

/** One move towards the start (approving on the way); false once there, ended, or stuck. */
function moveToStart(ch: Challenge, sim: Sim): boolean {
  if (standsAtStart(ch, sim) || isTerminal(sim.state)) return false;
  return sim.send(nextMove(sim, true));
}

/**
 * A fresh Sim standing where the challenge starts (its start is not the student's doing). In one
 * go: for the shipped challenges and tests; the page plays a file's start with
 * `startChallengeInSlices`.
 */
export function startChallenge(ch: Challenge): Sim {
  const sim = freshOf(ch);
  for (let i = 0; i < MAX_START_MOVES && moveToStart(ch, sim); i++);
  return sim;
}

type Started = { ok: true; sim: Sim } | { ok: false; reason: Words };

/**
 * `startChallenge` in slices with turns for the page between them (share/slices.ts), refused
 * with the reason when the start is not reached: in MAX_START_MOVES moves, within
 * START_BUDGET_MS of work, or at all (the run ended, or stood still, before it).
 */
export async function startChallengeInSlices(
  ch: Challenge,
  slicer: Slicer,
  budgetMs = START_BUDGET_MS,
): Promise<Started> {
  const sim = freshOf(ch);
  const r = await runInSlices(MAX_START_MOVES, () => moveToStart(ch, sim), { budgetMs, slicer });
  if (standsAtStart(ch, sim)) return { ok: true, sim };
  const start = ch.start as { until: string; step?: number };
  const where = `${start.until}${start.step === undefined ? '' : ` @ ${start.step}`}`;
  const moves = r.done;
  const seconds = budgetMs / 1000;
  if (r.end === 'budget') return { ok: false, reason: said('challenge.start.budget', { where, seconds, moves }) };
  if (moves >= MAX_START_MOVES) return { ok: false, reason: said('challenge.start.moves', { where, moves }) };
  return { ok: false, reason: said('challenge.start.never', { where, moves, state: sim.state }) };
}

/** The value of a measure on the run and the student's commands. */
function measure(m: Measure, sim: Sim, events: readonly SimCommand[]): number {
  const ledger = sim.context.ledger;
  const sent = (type: SimCommand['type']) => events.filter((e) => e.type === type).length;
  switch (m) {
    case 'rejections':
      return ledger.filter((a) => a.outcome === 'rejected').length;
    case 'failures':
      return ledger.filter((a) => a.outcome === 'error').length;
    case 'tool_errors':
      return ledger.filter((a) => a.outcome === 'error' && a.error?.type !== 'no_progress').length;
    case 'crashes':
      return sent('CRASH');
    case 'restarts':
      return sent('RESTART');
    case 'approvals':
      return sent('APPROVE');
    case 'approval_requests':
      return sim.requestsSent.length;
    case 'checkpoints':
      return sim.checkpointing ? sim.context.seq : 0;
    case 'presses':
      return events.length;
    case 'steps_wasted':
      return sim.meters.wasted;
    case 'tokens':
      return sim.meters.tokens;
    case 'model_calls':
      return sim.meters.modelCalls;
    case 'rereads':
      return sim.meters.rereads;
    case 'minutes':
      return Math.floor(sim.meters.clock / MINUTE);
  }
}

/** A predicate in words (the `challenge-goal` text is these, joined). */
function describePredicate(p: Predicate): Words {
  if ('state' in p) return said('challenge.goal.state', { state: p.state });
  if ('ended' in p) return said('challenge.goal.ended', { ended: p.ended });
  if ('fuse' in p) return said(p.fuse ? 'challenge.goal.fuse' : 'challenge.goal.noFuse');
  const name = said(`challenge.measure.${p.of}` as MessageKey);
  if ('eq' in p) return said('challenge.goal.eq', { name, n: p.eq });
  if ('le' in p) return said('challenge.goal.le', { name, n: p.le });
  return said('challenge.goal.ge', { name, n: p.ge });
}

export function describeGoal(ch: Challenge): Words {
  return listOf(ch.goal.map(describePredicate), 'list.semi');
}

type Truth = 'holds' | 'not_yet' | 'broken';

function truth(p: Predicate, sim: Sim, events: readonly SimCommand[], over: boolean): Truth {
  const atEnd = (ok: boolean): Truth => (ok ? 'holds' : over ? 'broken' : 'not_yet');
  if ('state' in p) return atEnd(sim.state === p.state);
  if ('ended' in p) return atEnd(sim.context.ended === p.ended);
  if ('fuse' in p) {
    const fused = sim.context.ended === 'loop_fuse';
    // A fuse that tripped stays tripped; one that has not may still trip until the run ends.
    return p.fuse ? atEnd(fused) : fused ? 'broken' : over ? 'holds' : 'not_yet';
  }
  const v = measure(p.of, sim, events);
  // Every measure only grows: an upper bound passed is broken for good.
  if ('le' in p) return v <= p.le ? (over ? 'holds' : 'not_yet') : 'broken';
  if ('eq' in p) return v > p.eq ? 'broken' : atEnd(v === p.eq);
  return atEnd(v >= p.ge);
}

/** Pass, fail or still open, with the reason (words the page says in its language). */
export function checkChallenge(ch: Challenge, sim: Sim, events: readonly SimCommand[]): ChallengeVerdict {
  const illegal = events.find((e) => !sentByOneOf(e, ch.controls));
  if (illegal) {
    return {
      status: 'fail',
      reason: said('challenge.verdict.illegal', { command: illegal.type }),
    };
  }
  const over = isTerminal(sim.state);
  const truths = ch.goal.map((p) => [p, truth(p, sim, events, over)] as const);
  // Every goal missed, the telling ones first: "the fuse tripped" says more than "not completed".
  const endsFirst = (p: Predicate) => ('state' in p || 'ended' in p ? 1 : 0);
  const broken = truths
    .filter(([, t]) => t === 'broken')
    .map(([p]) => p)
    .sort((a, b) => endsFirst(a) - endsFirst(b))
    .map(describePredicate);
  if (broken.length > 0) {
    return {
      status: 'fail',
      reason: said('challenge.verdict.broken', { parts: listOf(broken, 'list.semi') }),
    };
  }
  if (over) return { status: 'pass', reason: said('challenge.verdict.pass', { goal: describeGoal(ch) }) };
  const next = truths.find(([, t]) => t === 'not_yet')?.[0];
  const d = next ? describePredicate(next) : describeGoal(ch);
  return { status: 'open', reason: said('challenge.verdict.open', { goal: d }) };
}
