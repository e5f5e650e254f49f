import { isTerminal, type Checkpoint, type TaskContext } from '../engine';
import type { OpenedStore } from '../persistence';
import { importFile } from './files';
import type { WriteReport } from './publish';
import type { Store } from './simStore';

/**
 * A failed checkpoint write is said out loud: play stops, `storage-status` turns to `error`, a
 * notice says what failed, and the page offers what helps (retry, export, prune old runs).
 * A later durable write of the same run covers the failure and the badge returns.
 */
export interface HealthActions {
  /** Writes the newest checkpoint again (through the publish gate). */
  retryWrite: () => void;
  /** Deletes the finished runs other than this one (a person asked), then retries. Returns how many. */
  pruneRuns: () => Promise<number>;
  /** Asks the browser to keep this origin's storage (`navigator.storage.persist()`). */
  askPersist: () => Promise<void>;
  /** Imports a file a person picked, refusing one over 20 MiB before reading it. */
  importFile: (file: Blob) => Promise<void>;
  /** IndexedDB answered after all (it was slow at boot): the run moves there from memory. */
  adoptStore: (opened: OpenedStore) => Promise<void>;
}

type Set = (partial: Partial<Store> | ((s: Store) => Partial<Store>)) => void;
type Get = () => Store;

export function createHealthActions(
  set: Set,
  get: Get,
  w: { onCheckpoint: (cp: Checkpoint, ctx: TaskContext) => void },
) {
  const settled = (report: WriteReport) => {
    const s = get();
    // A follower's refused write is the handover working (the new driver's are stored).
    if (!report.ok && report.failure === 'stale' && s.role === 'follower') return;
    if (!report.ok) {
      s.pause();
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
  };

  const actions: HealthActions = {
    retryWrite: () => {
      const { sim } = get();
      if (sim.newest && get().role === 'driver') w.onCheckpoint(sim.newest, sim.context);
    },

    pruneRuns: async () => {
      const { persist, sim } = get();
      const { runs } = await persist.listRuns();
      let n = 0;
      for (const run of runs.filter((r) => r.runId !== sim.context.runId && isTerminal(r.state))) {
        if ((await persist.deleteRun(run.runId)).ok) n++;
      }
      await get().refreshRuns();
      actions.retryWrite();
      return n;
    },

    importFile: (file) => importFile(file, get().importRun, (text) => set({ notice: { kind: 'error', text } })),

    adoptStore: async (opened) => {
      const { sim, persist } = get();
      if (persist.kind !== 'memory' || opened.status !== 'indexeddb') return;
      const { runId, seed } = sim.context;
      const created = await opened.store.createRun({
        runId,
        scenario: sim.scenario.id,
        seed,
        branch: sim.newest?.branch ?? null,
      });
      const put = sim.newest ? await opened.store.put(sim.newest) : created;
      if (!put.ok) return;
      set({ persist: opened.store, storage: { status: 'indexeddb' }, notice: null });
      await get().refreshRuns();
      void actions.askPersist();
    },

    askPersist: async () => {
      const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
      if (!storage?.persist) return;
      try {
        const granted = (await storage.persisted?.()) || (await storage.persist());
        set({ persisted: granted });
      } catch {
        set({ persisted: false });
      }
    },
  };
  return { actions, settled };
}
