import type { StateCreator } from 'zustand';
import { Sim, applyTakeover, errorText, findScenario, forkCheckpoint, replayFailure, type Checkpoint } from '../engine';
import { checkpointAt } from '../persistence';
import { newRunId } from './runs';
import type { BranchesSlice, Store } from './types';
import { viewOf } from './view';

/**
 * What a person does with a checkpoint (SPEC §6): preview one from the history, fork a branch
 * from it, edit it and hand it back (human takeover), replay the last failure, and move runs
 * in and out as files.
 */
export const createBranchesSlice: StateCreator<Store, [], [], BranchesSlice> = (set, get) => {
  /**
   * A new run that goes on from `cp` (a stored checkpoint of this run, or an edit of one),
   * recorded as a branch of `origin`: saved, joined and shown. Returns an error, or null.
   */
  const branchFrom = async (cp: Checkpoint, origin: Checkpoint): Promise<string | null> => {
    const { persist } = get();
    const runId = newRunId();
    const branch = forkCheckpoint(cp, runId, origin);
    const created = await persist.createRun({
      runId,
      scenario: branch.scenario,
      seed: branch.seed,
      branch: branch.branch,
    });
    if (!created.ok) return created.error;
    const put = await persist.put(branch);
    if (!put.ok) return put.message;
    get().resumeFrom(branch, undefined);
    // A new run, claimed by nobody yet: this tab's first write as its driver claims it.
    await get().joinShown(runId, 0);
    await get().loadHistory(runId);
    await get().refreshRuns();
    return null;
  };

  return {
    replay: null,
    exported: null,

    selectCheckpoint: async (seq) => {
      if (seq === null) return set({ preview: null });
      const { persist, sim } = get();
      const r = await checkpointAt(persist, sim.context.runId, seq);
      if (!r.ok) return set({ notice: { kind: 'error', text: r.error }, preview: null });
      // A preview is a Sim resumed from the checkpoint, shown but never driven.
      const shadow = new Sim({ scenario: r.checkpoint.scenario, from: r.checkpoint, shownOnly: true });
      set({ preview: { seq, view: viewOf(shadow) } });
    },

    forkFrom: async (seq) => {
      const { persist, sim } = get();
      const r = await checkpointAt(persist, sim.context.runId, seq);
      if (!r.ok) return set({ notice: { kind: 'error', text: r.error } });
      const error = await branchFrom(r.checkpoint, r.checkpoint);
      if (error) set({ notice: { kind: 'error', text: error } });
    },

    editStep: async (edit) => {
      const { sim, persist, preview } = get();
      // The checkpoint shown: the one selected in the history, else the newest.
      const older = preview !== null && preview.seq !== sim.newest?.seq;
      const got = older ? await checkpointAt(persist, sim.context.runId, preview.seq) : null;
      if (got && !got.ok) return got.error;
      const from = got ? got.checkpoint : sim.newest;
      if (!from) return errorText('E401', 'there is no checkpoint to edit yet');
      const scenario = findScenario(from.scenario);
      if (!scenario) return errorText('E206', from.scenario.slice(0, 80));
      const r = applyTakeover(from, edit, scenario, Date.now());
      if (!r.ok) return r.error;
      // From an older checkpoint the edit starts a branch: what this run did after it stays.
      if (older) return branchFrom(r.checkpoint, from);
      // Written as this tab's driver: a follower's edit is refused by the fence.
      const put = await persist.put(r.checkpoint, get().writer());
      if (!put.ok) return put.message;
      // Hand back: the process continues from the edited checkpoint.
      get().resumeFrom(
        r.checkpoint,
        get().runs.find((x) => x.runId === r.checkpoint.runId),
      );
      await get().loadHistory(r.checkpoint.runId);
      return null;
    },

    replayLastFailure: () => {
      const { sim } = get();
      const cp = sim.newest;
      const scenario = findScenario(sim.scenario.id);
      if (!cp || !scenario) return;
      set({ replay: replayFailure(cp, scenario) });
    },

    exportRun: async () => {
      const r = await get().persist.exportRun(get().sim.context.runId);
      if (!r.ok) {
        set({ notice: { kind: 'error', text: r.error } });
        return null;
      }
      // The page says what the file leaves out, as the file itself does.
      set({ exported: { omitted: r.omitted, unreadable: r.skipped.length } });
      return r.text;
    },

    importRun: async (file) => {
      const r = await get().persist.importRun(file);
      if (!r.ok) return set({ notice: { kind: 'error', text: r.error } });
      await get().refreshRuns();
      await get().openRun(r.runId);
      set({ notice: { kind: 'info', text: r.runId } });
    },
  };
};
