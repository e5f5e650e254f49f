import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSimStore } from './simStore';
import { playStory, stopStory, useStoryStore } from './storyPlayer';

/** A story plays on the page's own run, paced by the page's speed slider (SPEC §9). */

vi.stubGlobal('window', { location: { href: 'http://localhost/' }, history: { replaceState: () => undefined } });

const st = () => useSimStore.getState();
const storySpeed = () => useStoryStore.getState().player?.getSnapshot().context.speed;

afterEach(() => stopStory());

describe('a story on the page', () => {
  it('moves three times the page’s ticks a second, and follows the slider while it plays', async () => {
    await st().boot('?run=new&scenario=migration-40');
    st().setSpeed(4);
    await playStory('opening-story');
    expect(useStoryStore.getState()).toMatchObject({ id: 'opening-story', done: false });
    expect(storySpeed()).toBe(12);
    st().setSpeed(50);
    expect(storySpeed()).toBe(150);
  });

  it('stops where it stands: the stop button ends the beat shown, not the run', async () => {
    await st().boot('?run=new&scenario=migration-40');
    await playStory('opening-story');
    stopStory();
    expect(useStoryStore.getState()).toMatchObject({ beat: null, done: false, player: null });
  });
});
