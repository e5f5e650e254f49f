import type { StateCreator } from 'zustand';
import { DEFAULT_SCENARIO_ID, Sim } from '../engine';
import { storageError } from '../persistence';
import { isLessonRun } from './lessonRuns';
import { createPublisher, shownOf } from './publish';
import { stalledReport } from './writeReport';
import type { ShownSlice, Store } from './types';
import { viewOf } from './view';

/**
 * The live run and what the page shows of it. Every Sim the store adopts writes through
 * `onCheckpoint` and is shown through `publish`: the publish gate (publish.ts) shows what
 * follows a checkpoint only once that checkpoint is durable.
 */
export const createShownSlice: StateCreator<Store, [], [], ShownSlice> = (set, get) => {
  const publisher = createPublisher({
    // A lesson's run is no tab's to claim (lessonRuns.ts): written as nobody's, never fenced.
    put: (cp) => get().persist.put(cp, isLessonRun(cp.runId) ? undefined : get().writer()),
    settled: (cp, report) => {
      if (isLessonRun(cp.runId)) get().lessonWritten(cp, report);
      else get().afterWrite(cp, report);
      get().writeSettled(report);
    },
    // A hanging write is the storage error state at once (play stopped), not a silent freeze.
    stalled: (cp, ms) => get().writeSettled(stalledReport(cp, ms, storageError('E520', cp.seq, ms / 1000))),
    show: (batch) => {
      set((s) => ({ view: viewOf(s.sim), ...shownOf(batch, s.sim.context.runId, s) }));
      get().announceLive();
    },
  });
  // Shown until boot adopts the page's run (boot runs before the first render).
  const first = new Sim({ scenario: DEFAULT_SCENARIO_ID, runId: 'boot' });

  return {
    sim: first,
    view: viewOf(first),
    preview: null,
    history: [],
    lastWrite: null,
    writesPending: 0,
    bytesWritten: 0,
    newestBytes: 0,
    newestDone: 0,
    newestFullBytes: 0,
    onCheckpoint: publisher.onCheckpoint,
    publish: publisher.publish,
    holdShown: publisher.hold,
    writesInFlight: () => publisher.pending,
  };
};
