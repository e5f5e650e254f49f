import { create } from 'zustand';
import { STORIES, StoryRun, type StoryId } from '../engine';
import { createPlayer, type Player } from './player';
import { useSimStore } from './simStore';

/**
 * Plays one of the article's stories on the page's own run (SPEC §9): a fresh run of the
 * story's scenario with the page's design, moved one story move a beat by a player of its own
 * (player.ts), so its checkpoints go to storage and the page shows them as any run's.
 */
export interface StoryStatus {
  id: StoryId | null;
  /** The beat being played (its kind), or null when the story has ended. */
  beat: string | null;
  done: boolean;
  /** The story's player while one plays. */
  player: Player | null;
}

export const useStoryStore = create<StoryStatus>()(() => ({ id: null, beat: null, done: false, player: null }));

/**
 * Story moves a second for each tick a second of the page's speed: at the page's 4 a night of
 * polls (48) or retries takes seconds, not minutes; the speed slider paces a story too.
 */
const MOVES_PER_TICK = 3;

/** Stops the story where it stands (the run stays as it is). */
export function stopStory(): void {
  useStoryStore.getState().player?.stop();
  useStoryStore.setState({ beat: null, player: null });
}

export async function playStory(id: StoryId): Promise<void> {
  stopStory();
  const story = STORIES[id];
  const page = useSimStore.getState();
  page.pause();
  await page.newRun(story.scenario, 1, story.config);
  const sim = useSimStore.getState().sim;
  const run = new StoryRun(story, sim);
  const player = createPlayer(
    {
      move: () => {
        // Another run took the page (a new run, a fork, a takeover): the story stops there.
        const { sim: shown, role } = useSimStore.getState();
        if (shown !== sim || role !== 'driver') return false;
        return run.next() && !run.done;
      },
      afterBeat: () => useStoryStore.setState({ beat: run.current?.kind ?? null }),
    },
    MOVES_PER_TICK * page.player.getSnapshot().context.speed,
  );
  // The slider moved while the story plays: the story follows it.
  const pace = page.player.subscribe((s) => {
    const speed = MOVES_PER_TICK * s.context.speed;
    if (speed !== player.getSnapshot().context.speed) player.send({ type: 'player.speed', speed });
  });
  player.subscribe({ complete: () => pace.unsubscribe() });
  player.subscribe((s) => {
    if (s.status !== 'active' || !s.matches('paused')) return;
    player.stop();
    useStoryStore.setState({ beat: null, done: run.done, player: null });
  });
  useStoryStore.setState({ id, beat: run.current?.kind ?? null, done: false, player });
  player.send({ type: 'player.play' });
}
