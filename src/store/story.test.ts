import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORY_MOVES_PER_TICK, type StoryActivity } from './run';
import { useSimStore } from './simStore';

/** A story plays on the page's own run, on the page's own player, paced by its speed slider (SPEC §9). */

vi.stubGlobal('window', { location: { href: 'http://localhost/' }, history: { replaceState: () => undefined } });

const st = () => useSimStore.getState();
const playing = () => st().player.getSnapshot().matches('playing');

afterEach(() => st().stopStory());

describe('a story on the page', () => {
  it('plays on the page’s player, three story moves a tick, so the slider paces it', async () => {
    await st().boot('?run=new&scenario=migration-40');
    st().setSpeed(4);
    await st().playStory('opening-story');
    expect(st().activity).toMatchObject({ kind: 'story', id: 'opening-story', done: false, beat: 'until_waiting' });
    expect(playing()).toBe(true);
    const { run } = st().activity as StoryActivity;
    expect(run.sim).toBe(st().sim);
    // One move of the page's player: three moves of the story (each a sample of the run).
    const before = run.samples.length;
    st().player.getSnapshot().context.playable.move();
    expect(run.samples.length - before).toBe(STORY_MOVES_PER_TICK);
    st().setSpeed(50);
    expect(st().player.getSnapshot().context.speed).toBe(50);
    expect(playing()).toBe(true);
  });

  it('stops where it stands: the stop button ends the beat shown, not the run', async () => {
    await st().boot('?run=new&scenario=migration-40');
    await st().playStory('opening-story');
    const sim = st().sim;
    st().stopStory();
    expect(st().activity).toMatchObject({ beat: null, done: false });
    expect(playing()).toBe(false);
    expect(st().sim).toBe(sim);
  });

  it('stops when another run takes the page', async () => {
    await st().boot('?run=new&scenario=migration-40');
    await st().playStory('opening-story');
    await st().newRun();
    expect(st().activity).toMatchObject({ beat: null });
    expect(playing()).toBe(false);
  });
});
