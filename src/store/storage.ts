import type { Checkpoint } from '../engine';
import { LESSON_RUN_PREFIX, createMemoryStore, type PageStore, type RunMeta, type Skipped } from '../persistence';
import { mergeSkipped } from './reports';
import type { SettingsSlice } from './settings';
import type { Notice, SliceArgs, StorageStatus } from './types';
import type { WriteReport } from './writeReport';

/** Whether a run is a lesson's (never listed or resumed in free play, never claimed by a tab). */
export const isLessonRun = (runId: string): boolean => runId.startsWith(LESSON_RUN_PREFIX);

/** The runs of free play: what the runs list shows outside a lesson and what a reload resumes. */
const freeRuns = (runs: readonly RunMeta[]): RunMeta[] => runs.filter((r) => !isLessonRun(r.runId));

/** Where checkpoints are kept and what it holds, as a page starts (boot opens IndexedDB). */
const kept = {
  persist: createMemoryStore() as PageStore,
  storage: { status: 'memory' } as StorageStatus,
  /** The write that failed and is not yet covered by a later durable one (the page says so). */
  writeFailure: null as WriteReport | null,
  /** Whether the browser granted persistent storage (`navigator.storage.persist()`); null: not asked or no answer. */
  persisted: null as boolean | null,
  notice: null as Notice | null,
  /** The student's own runs (no lesson's: lessonRuns.ts), and records storage skipped. */
  runs: [] as RunMeta[],
  skipped: [] as Skipped[],
  /** The runs of the lesson on screen as stored, oldest first (the runs list shows them in a lesson). */
  lessonRuns: [] as RunMeta[],
};

/**
 * The second slice: where checkpoints are kept, what is kept there (the runs lists), and a
 * failed checkpoint write said out loud: `storage-status` turns to `error` and a notice says
 * what failed; a later durable write of the same run covers the failure and the badge returns.
 */
export const createStorageSlice = (...[set, get]: SliceArgs<typeof kept>) => ({
  ...kept,

  setNotice: (notice: Notice | null) => set({ notice }),

  /** A write settled (the run slice leaves out a handover's refusals): a failure is shown; a later success clears it. */
  writeSettled: (report: WriteReport) => {
    const s = get();
    if (!report.ok) {
      set({
        writeFailure: report,
        storage: { status: 'error', message: report.error ?? '' },
        notice: { kind: 'error', text: report.error ?? '' },
      });
      return;
    }
    // A durable checkpoint as new as the one that failed holds everything it held.
    if (s.writeFailure && report.seq >= s.writeFailure.seq) {
      set({ writeFailure: null, storage: { status: s.persist.kind }, notice: null });
    }
  },

  /** Another run is shown: the last one's failed write is not about it. */
  forgetFailure: () => {
    if (get().writeFailure) set({ writeFailure: null, storage: { status: get().persist.kind } });
  },

  /** Checkpoints are kept in `store` from now on (boot opened it, or IndexedDB answered late). */
  keepIn: (store: PageStore, storage: StorageStatus, notice?: Notice | null) =>
    set({ persist: store, storage, ...(notice !== undefined ? { notice } : {}) }),

  /** The runs list as read (a lesson's runs are never listed outside it), and what was skipped. */
  listed: (runs: readonly RunMeta[], ...skipped: readonly Skipped[][]) =>
    set((s) => ({ runs: freeRuns(runs), skipped: mergeSkipped(s.skipped, ...skipped) })),

  /** Records storage skipped while reading (each said once). */
  addSkipped: (...skipped: readonly Skipped[][]) => set((s) => ({ skipped: mergeSkipped(s.skipped, ...skipped) })),

  /** Reads the runs list again. */
  refreshRuns: async (): Promise<void> => {
    const { runs, skipped } = await get().persist.listRuns();
    set((s) => ({ runs: freeRuns(runs), skipped: mergeSkipped(s.skipped, skipped) }));
  },

  /** The lesson's runs as stored (none: not in a lesson). */
  setLessonRuns: (lessonRuns: RunMeta[]) => set({ lessonRuns }),

  /** A write of a lesson run settled: its line in `lessonRuns` follows. */
  lessonWritten: (cp: Checkpoint, report: WriteReport) => {
    if (!report.ok) return;
    set((s) => ({
      lessonRuns: s.lessonRuns.map((r) =>
        r.runId === cp.runId && cp.seq > r.newestSeq
          ? {
              ...r,
              newestSeq: cp.seq,
              state: cp.state,
              step: cp.step,
              checkpoints: r.checkpoints + 1,
              bytes: r.bytes + report.bytes,
            }
          : r,
      ),
    }));
  },

  /** Asks the browser to keep this origin's storage (`navigator.storage.persist()`). */
  askPersist: async (): Promise<void> => {
    const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
    if (!storage?.persist) return;
    try {
      const granted = (await storage.persisted?.()) || (await storage.persist());
      set({ persisted: granted });
    } catch {
      set({ persisted: false });
    }
  },
});

export type StorageSlice = ReturnType<typeof createStorageSlice>;
/** This slice and every slice above it: what the next slice's `get` sees. */
export type UpToStorage = SettingsSlice & StorageSlice;
