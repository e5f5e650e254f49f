import { create } from 'zustand';
import { createBranchesSlice } from './branches';
import { createDriverSlice } from './driver';
import { createHealthSlice } from './health';
import { createLessonSlice } from './lessonRuns';
import { createPlaySlice } from './play';
import { createRunsSlice } from './runs';
import { createSettingsSlice } from './settings';
import { createShownSlice } from './shown';
import type { Store } from './types';
import type { SimView } from './view';

/**
 * The one UI store (zustand), made of slices (zustand's slices pattern; their shapes: types.ts):
 * the running simulation and what the page shows of it (shown.ts, behind the publish gate),
 * commands and play (play.ts), where checkpoints are kept (health.ts), this tab's role
 * (driver.ts), the page's run (runs.ts), a lesson's stored runs (lessonRuns.ts), what a person does with a checkpoint (branches.ts),
 * and what the person chose (settings.ts). Engine state stays in the engine; storage stays
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
}));

export type { Store, ResumeReport, RunSettings, StorageStatus } from './types';
export type { TabRole } from '../persistence';
export type { WriteReport, WriteFailureKind } from './writeReport';
export { configOf } from './settings';

/** Steps done since the newest checkpoint: what a crash now would lose. */
export function stepsAtRisk(s: Pick<Store, 'view' | 'newestDone'>): number {
  const done = s.view.context.todos.reduce((n, t) => n + (t === 'done' ? 1 : 0), 0);
  return Math.max(0, done - (s.view.newest ? s.newestDone : 0));
}

/** What the page shows: the previewed checkpoint if one is selected, else the live run. */
export const shownView = (s: Pick<Store, 'view' | 'preview'>): SimView => s.preview?.view ?? s.view;
