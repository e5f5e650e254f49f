import { create } from 'zustand';
import { fromRanges } from '../engine';
import { createBranchesSlice } from './branches';
import { createDriverSlice } from './driver';
import { createHealthSlice } from './health';
import { createLessonSlice } from './lessonRuns';
import { createPlaySlice } from './play';
import { createRunsSlice } from './runs';
import { createSettingsSlice } from './settings';
import { createSeekSlice, seekShown } from './seek';
import { createShownSlice } from './shown';
import type { Store } from './types';
import type { SimView } from './view';

/**
 * The one UI store (zustand), made of slices (zustand's slices pattern; their shapes: types.ts):
 * the running simulation and what the page shows of it (shown.ts, behind the publish gate),
 * commands and play (play.ts), where checkpoints are kept (health.ts), this tab's role
 * (driver.ts), the page's run (runs.ts), a lesson's stored runs (lessonRuns.ts), what a person does with a checkpoint (branches.ts),
 * the past moment the timeline shows (seek.ts), and what the person chose (settings.ts). Engine state stays in the engine; storage stays
 * behind `CheckpointStore`; React reads and sends through here.
 */
export const useSimStore = create<Store>()((...a) => ({
  ...createSettingsSlice(...a),
  ...createPlaySlice(...a),
  ...createShownSlice(...a),
  ...createHealthSlice(...a),
  ...createDriverSlice(...a),
  ...createRunsSlice(...a),
  ...createBranchesSlice(...a),
  ...createLessonSlice(...a),
  ...createSeekSlice(...a),
}));

export type { Store, ResumeReport, RunSettings, StorageStatus } from './types';
export type { TabRole } from '../persistence';
export type { WriteReport, WriteFailureKind } from './writeReport';
export { configOf } from './settings';

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
