/**
 * The article's three endings, from the engine alone (SPEC §9): each story played on each
 * harness design, with the meters the compare view reads (src/compare's pane, one source).
 * Deterministic: the figures are the same on every machine, so their targets are exact.
 */
import { ComparePane, type PaneMeters } from '../src/compare';
import { DESIGN_IDS, type DesignId, type StoryId } from '../src/engine';
import { atLeast, atMost, figure, type Figure } from './lib';

interface Ending extends PaneMeters {
  /** The model's attempts at step 27 (the failing story's step). */
  attemptsAt27: number;
}

function play(story: StoryId, design: DesignId): Ending {
  const pane = new ComparePane(design, story, 1);
  while (pane.next());
  const attemptsAt27 = pane.sim.context.ledger.filter((a) => a.step === 27 && a.actor === 'model').length;
  return { ...pane.meters, attemptsAt27 };
}

export function endings(): Figure[] {
  const out: Figure[] = [];
  const waiting = play('opening-story', 'article');
  const restarted = play('opening-story', 'no-checkpoint');
  const fused = play('opening-story-failing', 'article');
  const burnt = play('opening-story-failing', 'no-fuse');
  out.push(
    figure(
      'ending 1, opening-story / article: steps wasted after the night',
      waiting.stepsWasted,
      'steps',
      atMost(0),
      `${waiting.finalState}; resumed at 27 from before_suspend`,
    ),
    figure(
      'ending 2, opening-story / no-checkpoint: steps wasted',
      restarted.stepsWasted,
      'steps',
      atLeast(26),
      `${restarted.finalState}; the restart began at step 1`,
    ),
    figure(
      'ending 3, opening-story-failing / article: attempts at 27 before the fuse',
      fused.attemptsAt27,
      'attempts',
      atMost(3),
      `${fused.finalState} (${fused.ended}), handed to a person`,
    ),
    figure(
      'ending 3, no-fuse / article tokens',
      burnt.tokens / fused.tokens,
      '×',
      atLeast(10),
      `no-fuse ${burnt.killed ? 'killed by the overnight timeout' : burnt.finalState} after ${burnt.attemptsAt27} attempts`,
    ),
  );
  for (const story of ['opening-story', 'opening-story-failing'] as const) {
    for (const d of DESIGN_IDS) {
      const e = play(story, d);
      const note = `${e.killed ? 'killed' : e.finalState}; ${e.modelCalls} model calls, ${e.minutes} min, ${e.checkpoints} checkpoints / ${e.bytesWritten} B, wasted ${e.stepsWasted}, re-read ${e.rereads}, held ${e.heldMinutes} min`;
      out.push(figure(`${story} / ${d}: tokens`, e.tokens, 'tokens', undefined, note));
    }
  }
  return out;
}
