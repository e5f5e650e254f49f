/**
 * The article's three endings, from the engine alone (SPEC §9): each story played on each
 * harness design, with the meters a side-by-side view compares. Deterministic: the figures
 * are the same on every machine, so their targets are exact.
 */
import { DESIGN_IDS, STORIES, StoryRun, checkpointBytes, type Checkpoint, type DesignId, type StoryId } from '../src/engine';
import { atLeast, atMost, figure, type Figure } from './lib';

interface Ending {
  state: string;
  down: string | null;
  wasted: number;
  tokens: number;
  modelCalls: number;
  minutes: number;
  checkpoints: number;
  bytes: number;
  attemptsAt27: number;
  rereads: number;
  heldMinutes: number;
}

function play(story: StoryId, design: DesignId): Ending {
  const kept: Checkpoint[] = [];
  const { sim } = StoryRun.start(STORIES[story], design, { onCheckpoint: (cp) => kept.push(cp) }).finish();
  const m = sim.meters;
  return {
    state: sim.state,
    down: sim.down,
    wasted: m.wasted,
    tokens: m.tokens,
    modelCalls: m.modelCalls,
    minutes: Math.round(m.clock / 60_000),
    checkpoints: kept.length,
    bytes: kept.reduce((n, cp) => n + checkpointBytes(cp), 0),
    attemptsAt27: sim.context.ledger.filter((a) => a.step === 27 && a.actor === 'model').length,
    rereads: m.rereads,
    heldMinutes: Math.round(m.heldMs / 60_000),
  };
}

export function endings(): Figure[] {
  const out: Figure[] = [];
  const waiting = play('opening-story', 'article');
  const restarted = play('opening-story', 'no-checkpoint');
  const fused = play('opening-story-failing', 'article');
  const burnt = play('opening-story-failing', 'no-fuse');
  out.push(
    figure('ending 1, opening-story / article: steps wasted after the night', waiting.wasted, 'steps', atMost(0), `${waiting.state}; resumed at 27 from before_suspend`),
    figure('ending 2, opening-story / no-checkpoint: steps wasted', restarted.wasted, 'steps', atLeast(26), `${restarted.state}; the restart began at step 1`),
    figure('ending 3, opening-story-failing / article: attempts at 27 before the fuse', fused.attemptsAt27, 'attempts', atMost(3), `${fused.state}, handed to a person`),
    figure('ending 3, no-fuse / article tokens', burnt.tokens / fused.tokens, '×', atLeast(10), `no-fuse ${burnt.down === 'timeout' ? 'killed by the overnight timeout' : burnt.state} after ${burnt.attemptsAt27} attempts`),
  );
  for (const story of ['opening-story', 'opening-story-failing'] as const) {
    for (const d of DESIGN_IDS) {
      const e = play(story, d);
      const note = `${e.down ? `killed (${e.down})` : e.state}; ${e.modelCalls} model calls, ${e.minutes} min, ${e.checkpoints} checkpoints / ${e.bytes} B, wasted ${e.wasted}, re-read ${e.rereads}, held ${e.heldMinutes} min`;
      out.push(figure(`${story} / ${d}: tokens`, e.tokens, 'tokens', undefined, note));
    }
  }
  return out;
}
