import { create } from 'zustand';
import { STORIES, StoryRun, type StoryId } from '../engine';
import { useSimStore } from './simStore';

/**
 * Plays one of the article's stories on the page's own run (SPEC §9): a fresh run of the
 * story's scenario with the page's design, moved one story move per beat of a timer, so its
 * checkpoints go to storage and the page shows them as any run's.
 */
export interface StoryStatus {
  id: StoryId | null;
  /** The beat being played (its kind), or null when the story has ended. */
  beat: string | null;
  done: boolean;
}

export const useStoryStore = create<StoryStatus>()(() => ({ id: null, beat: null, done: false }));

/** Story moves a second: a night of polls (48) or retries takes seconds, not minutes. */
const MOVES_PER_SECOND = 12;
let timer: ReturnType<typeof setInterval> | null = null;

export function stopStory(): void {
  if (timer !== null) clearInterval(timer);
  timer = null;
}

export async function playStory(id: StoryId): Promise<void> {
  stopStory();
  const story = STORIES[id];
  const page = useSimStore.getState();
  page.pause();
  await page.newRun(story.scenario, 1, story.config);
  const sim = useSimStore.getState().sim;
  const run = new StoryRun(story, sim);
  useStoryStore.setState({ id, beat: run.current?.kind ?? null, done: false });
  timer = setInterval(() => {
    // Another run took the page (a new run, a fork, a takeover): the story stops there.
    if (useSimStore.getState().sim !== sim || useSimStore.getState().role !== 'driver') return stopStory();
    if (!run.next() || run.done) {
      stopStory();
      useStoryStore.setState({ beat: null, done: true });
      return;
    }
    useStoryStore.setState({ beat: run.current?.kind ?? null });
  }, 1000 / MOVES_PER_SECOND);
}
