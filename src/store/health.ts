import type { StateCreator } from 'zustand';
import { isTerminal } from '../engine';
import { createMemoryStore } from '../persistence';
import { importFile } from './files';
import type { HealthSlice, Store } from './types';

/**
 * Where checkpoints are kept, and a failed checkpoint write said out loud: play stops,
 * `storage-status` turns to `error`, a notice says what failed, and the page offers what helps
 * (retry, export, prune old runs). A later durable write of the same run covers the failure
 * and the badge returns.
 */
export const createHealthSlice: StateCreator<Store, [], [], HealthSlice> = (set, get) => ({
  persist: createMemoryStore(),
  storage: { status: 'memory' },
  writeFailure: null,
  persisted: null,
  notice: null,

  setNotice: (notice) => set({ notice }),

  writeSettled: (report) => {
    const s = get();
    // A follower's refused write is the handover working (the new driver's are stored); a
    // driver's refused by the fence is two tabs driving for a moment, which driver.ts settles.
    if (!report.ok && report.failure === 'stale' && s.role === 'follower') return;
    if (!report.ok && report.failure === 'fenced') return;
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
  },

  retryWrite: () => {
    const { sim } = get();
    if (sim.newest && get().role === 'driver') get().onCheckpoint(sim.newest, sim.context);
  },

  pruneRuns: async () => {
    const { persist, sim } = get();
    const { runs } = await persist.listRuns();
    let n = 0;
    for (const run of runs.filter((r) => r.runId !== sim.context.runId && isTerminal(r.state))) {
      if ((await persist.deleteRun(run.runId)).ok) n++;
    }
    await get().refreshRuns();
    get().retryWrite();
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
    // Boot's save of a fresh run went out with the probe that was slow (runs.ts) and may
    // have landed since: then the run is there already, and that is as good as created.
    const there = async () => created.ok || (await opened.store.listRuns()).runs.some((r) => r.runId === runId);
    const moved = sim.newest ? (await opened.store.put(sim.newest)).ok : await there();
    if (!moved) return;
    // The new store never saw this run claimed: the next write claims it there.
    get().reclaim();
    set({ persist: opened.store, storage: { status: 'indexeddb' }, notice: null });
    await get().refreshRuns();
    void get().askPersist();
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
});
