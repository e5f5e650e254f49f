import { create } from 'zustand';
import { fromRanges } from '../engine';
import { createBranchesSlice, type BranchesSlice } from './branches';
import { createLessonSlice, type LessonSlice } from './lessonRuns';
import { createRunSlice, type RunSlice } from './run';
import { createRunsSlice, type RunsSlice } from './runs';
import { createSeekSlice, seekShown, type SeekSlice } from './seek';
import { createSettingsSlice, type SettingsSlice } from './settings';
import { createStorageSlice, type StorageSlice } from './storage';
import { createTabSlice, type TabSlice } from './tab';
import type { SimView } from './view';

/** The page's store: its slices, in their order (each uses only itself and the slices above it). */
export type Store = SettingsSlice &
  StorageSlice &
  TabSlice &
  RunSlice &
  RunsSlice &
  LessonSlice &
  BranchesSlice &
  SeekSlice;

/**
 * The page's run and everything about it, in one zustand store of slices (zustand's slices
 * pattern), in a fixed order: what the person chose (settings.ts), where checkpoints are kept
 * and what is kept there (storage.ts), this tab's part in the run (tab.ts), the run shown and
 * the one writer of its Sim (run.ts), which run is shown (runs.ts), a lesson's runs
 * (lessonRuns.ts), what a person does with a checkpoint (branches.ts), the past moment shown
 * (seek.ts). Each slice writes only its own fields and uses only itself and the slices above
 * it (the compiler holds that: see types.ts `SliceArgs`; owners.test.ts holds the files to it).
 */
export const useSimStore = create<Store>()((set, get) => ({
  ...createSettingsSlice(set, get),
  ...createStorageSlice(set, get),
  ...createTabSlice(set, get),
  ...createRunSlice(set, get),
  ...createRunsSlice(set, get),
  ...createLessonSlice(set, get),
  ...createBranchesSlice(set, get),
  ...createSeekSlice(set, get),
}));

// A replay or an export's note is about the run it was made on (branches.ts): forgotten when
// another run is shown, or this tab drives a new Sim; a follower's mirror of the same run (a new
// Sim at each of the driver's announcements) keeps them.
useSimStore.subscribe((s, before) => {
  if (s.sim === before.sim) return;
  if (s.role !== 'follower' || s.sim.context.runId !== before.sim.context.runId) s.forget();
});

export { seekShown, timelineOf } from './seek';

/** What the page shows is read from (a compare pane has no timeline: no `seek`). */
type Shown = Pick<Store, 'view' | 'preview'> & Partial<Pick<Store, 'seek' | 'sim'>>;

/**
 * The run at the moment the page shows: a past moment of its timeline while one is sought
 * (seek.ts), else the live run. The meters read this; everything else reads `shownView`.
 */
export const momentView = (s: Omit<Shown, 'preview'>): SimView => seekShown(s)?.view ?? s.view;

/**
 * What the page shows: the previewed checkpoint if one is selected, else the moment shown (the
 * live run, or the past moment sought). The one selector every part that draws the run reads.
 */
export const shownView = (s: Shown): SimView => s.preview?.view ?? momentView(s);

const doneIn = (v: SimView) => v.context.todos.reduce((n, t) => n + (t === 'done' ? 1 : 0), 0);

/** Steps done since the newest checkpoint: what a crash now (or at the moment sought) would lose. */
export function stepsAtRisk(s: Pick<Store, 'view' | 'newestDone' | 'seek' | 'sim'>): number {
  const seek = seekShown(s);
  // At a past moment, its own newest checkpoint says what it had kept.
  const kept = seek
    ? seek.view.newest
      ? (fromRanges(seek.view.newest.done)?.length ?? 0)
      : 0
    : s.view.newest
      ? s.newestDone
      : 0;
  return Math.max(0, doneIn(momentView(s)) - kept);
}

/**
 * Bytes of checkpoints written, by the moment shown: live, what this run has written; at a past
 * moment, what its checkpoints up to then weigh in storage (the history's sizes).
 */
export function bytesAt(s: Pick<Store, 'bytesWritten' | 'history' | 'seek' | 'sim'>): number {
  const seek = seekShown(s);
  if (!seek) return s.bytesWritten;
  const upTo = seek.view.context.seq;
  return s.history.reduce((n, h) => (h.seq <= upTo ? n + h.storedBytes : n), 0);
}
