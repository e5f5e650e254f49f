import { describe, expect, it } from 'vitest';
import { STORIES, StoryRun } from './stories';
import { DESIGN_IDS } from 'harness-core/sim';
import { timeOfDay } from './timeOfDay';
import type { Sim } from './sim';

/** Where the run's clock stands, as "day N hh:mm". */
const at = (ms: number | null): string => {
  if (ms === null) return 'never';
  const { day, minutes } = timeOfDay(ms);
  return `day ${day} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/** Plays `story` by beats until the beat `beat` is done (0-based). */
const through = (run: StoryRun, beat: number): Sim => {
  while (run.current && run.story.beats.indexOf(run.current) <= beat) run.next();
  return run.sim;
};

/** The article's three endings, from the engine alone (SPEC §9). */
describe('the opening story: an approval nobody gives that night', () => {
  const story = STORIES['opening-story'];

  it('article: the night kills the waiting process; in the morning it resumes at 27 and nothing is wasted', () => {
    const run = StoryRun.start(story, 'article').finish();
    const { sim } = run;
    expect(sim.state).toBe('completed');
    expect(sim.wasted).toBe(0);
    // The restart read the before_suspend checkpoint: it stood at step 27, still waiting.
    expect(sim.log.some((r) => r.event === 'RESTORE' && r.to === 'waiting_approval')).toBe(true);
    expect(sim.requestsSent).toHaveLength(1);
  });

  it('keeps the article’s clock: asked in the evening, killed before dawn, the person back the next morning', () => {
    const run = StoryRun.start(story, 'article');
    const asked = through(run, 0);
    expect(at(asked.requestsSent[0]?.requestedAt ?? null)).toBe('day 1 21:54');
    const night = through(run, 1);
    expect(night.down).toBe('timeout');
    expect(at(night.downAt)).toBe('day 2 05:54');
    // The process is down, and the world's clock still goes on until the person is back.
    expect(at(night.clock)).toBe('day 2 09:00');
    expect(night.commands).toBeNull();
    // Without a watchdog the process is still waiting in the morning, polling through the night.
    const waiting = through(StoryRun.start({ ...story, config: {} }, 'article'), 1);
    expect([waiting.state, waiting.down]).toEqual(['waiting_approval', null]);
    expect(timeOfDay(waiting.clock)).toMatchObject({ day: 2 });
    expect(timeOfDay(waiting.clock).minutes).toBeGreaterThanOrEqual(9 * 60);
    expect(timeOfDay(waiting.clock).minutes).toBeLessThan(10 * 60);
  });

  it('no-checkpoint: the restart begins at step 1 and redoes 26 steps', () => {
    const run = StoryRun.start(story, 'no-checkpoint').finish();
    expect(run.sim.state).toBe('completed');
    expect(run.sim.wasted).toBe(26);
    expect(run.sim.log.some((r) => r.event === 'RESTORE' && r.to === 'planning')).toBe(true);
  });

  it('blocking-wait: the queued second task runs only after the wait, while article runs it during the night', () => {
    const suspended = StoryRun.start(story, 'article').finish().sim.meters;
    const blocked = StoryRun.start(story, 'blocking-wait').finish().sim.meters;
    expect(suspended.heldMs).toBe(0);
    expect(blocked.heldMs).toBeGreaterThanOrEqual(8 * 60 * 60_000);
    expect(suspended.side.doneAt).not.toBeNull();
    expect(blocked.side.doneAt).not.toBeNull();
    expect(blocked.side.doneAt! - suspended.side.doneAt!).toBeGreaterThanOrEqual(8 * 60 * 60_000);
  });

  it('no-refs: the resumed run re-reads every file it had read or written, and pays for it', () => {
    const withRefs = StoryRun.start(story, 'article').finish().sim;
    const noRefs = StoryRun.start(story, 'no-refs').finish().sim;
    expect(withRefs.meters.rereads).toBe(0);
    // Steps 2 and 3 read a file; 6 and 7–22 wrote one (23–26 left job records, not files).
    expect(noRefs.meters.rereads).toBe(19);
    expect(noRefs.meters.modelCalls - withRefs.meters.modelCalls).toBe(noRefs.meters.rereads);
    expect(noRefs.tokens).toBeGreaterThan(withRefs.tokens);
  });

  it('every design but no-checkpoint ends with nothing wasted', () => {
    for (const d of DESIGN_IDS.filter((x) => x !== 'no-checkpoint')) {
      const sim = StoryRun.start(story, d).finish().sim;
      expect([d, sim.state, sim.wasted]).toEqual([d, 'completed', 0]);
    }
  });
});

describe('the opening story, failing: step 27 fails on every attempt until dawn', () => {
  const story = STORIES['opening-story-failing'];

  it('article: the third attempt trips the fuse; the run waits for a person with the whole ledger', () => {
    const sim = StoryRun.start(story, 'article').finish().sim;
    expect(sim.state).toBe('failed');
    expect(sim.context.ended).toBe('loop_fuse');
    expect(sim.context.ledger.filter((a) => a.step === 27 && a.outcome === 'error')).toHaveLength(3);
    expect(sim.alive).toBe(true);
  });

  it('no-fuse: retries the same call all night, is killed by the overnight timeout, and burns over 10x the tokens', () => {
    const fused = StoryRun.start(story, 'article').finish().sim;
    const unfused = StoryRun.start(story, 'no-fuse').finish().sim;
    expect(unfused.down).toBe('timeout');
    // 重试到天亮: the night of retries ends near dawn, when the watchdog kills it.
    expect(at(unfused.downAt)).toBe('day 2 06:00');
    expect(at(unfused.clock)).toBe('day 2 06:00');
    expect(unfused.context.ledger.filter((a) => a.step === 27 && a.outcome === 'error').length).toBeGreaterThan(40);
    expect(unfused.tokens).toBeGreaterThanOrEqual(10 * fused.tokens);
  });

  it('plays the same for the same seed (a replay is exact)', () => {
    const a = StoryRun.start(story, 'no-fuse', { seed: 7 }).finish();
    const b = StoryRun.start(story, 'no-fuse', { seed: 7 }).finish();
    expect(b.samples).toEqual(a.samples);
    expect(b.sim.context.ledger).toEqual(a.sim.context.ledger);
  });
});

describe('the samples a chart draws', () => {
  it('count work paid for: a restart without checkpoints never takes work back, it adds the redone steps', () => {
    const run = StoryRun.start(STORIES['opening-story'], 'no-checkpoint').finish();
    const work = run.samples.map((s) => s.work);
    for (let i = 1; i < work.length; i++) expect(work[i]).toBeGreaterThanOrEqual(work[i - 1]!);
    expect(work.at(-1)).toBe(40 + 26);
  });
});

describe('who writes a story’s run', () => {
  it('its writer, and only it: every move the run kept came through the writer (the page’s is its run slice)', () => {
    let passed = 0;
    for (const [id, design] of [
      ['opening-story', 'article'],
      ['opening-story', 'blocking-wait'],
      ['opening-story-failing', 'no-checkpoint'],
    ] as const) {
      const story = STORIES[id];
      const sim = StoryRun.start(story, design).sim;
      const through: unknown[] = [];
      const kept = <T>(move: T, ok: boolean) => (ok && through.push(move), ok);
      new StoryRun(story, sim, {
        send: (cmd) => kept(cmd, sim.send(cmd)),
        passTime: (until) => kept({ type: 'PASS_TIME', until }, sim.passTime(until)),
      }).finish();
      expect(sim.moves.length).toBeGreaterThan(30);
      passed += through.filter((m) => (m as { type: string }).type === 'PASS_TIME').length;
      // A move the writer did not see was written around it.
      expect(sim.moves).toEqual(through);
    }
    // Passed time (a night with the process down) is written through it too.
    expect(passed).toBeGreaterThan(0);
  });
});
