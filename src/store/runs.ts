import type { StateCreator } from 'zustand';
import {
  DEFAULT_SCENARIO_ID,
  Sim,
  checkpointBytes,
  findScenario,
  fromRanges,
  fullStateBytes,
  isDesignId,
  type Checkpoint,
  type Config,
  parseSeed,
} from '../engine';
import { joinRun, openCheckpointStore, type CreateRunResult, type NewRun } from '../persistence';
import { holdCheckpoints, unpackReplay } from '../share';
import { badSeedNotice, dropRunNew, replacedNotice, replayed } from './address';
import { freeRuns } from './lessonRuns';
import { mergeSkipped, resumeReport } from './reports';
import { configOf } from './settings';
import type { RunsSlice, Store } from './types';
import { viewOf } from './view';

/**
 * The page's run: boot (resume the newest saved run or create one), new runs, opening a saved
 * one, restart and approval from what storage holds, and the list of runs. Each action leaves
 * the page usable: a failure becomes a notice, never an uncaught error.
 */

/** A run id nobody has used: time and a few random letters (ids are not part of a replay). */
export const newRunId = () => `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** What a new run starts with besides its Sim: no history, not resumed, nothing written. */
const newRunState = (): Partial<Store> => ({ history: [], resumed: null, lastWrite: null });

/** The run record a fresh run is saved as. */
const runRecord = (sim: Sim): NewRun => ({
  runId: sim.context.runId,
  scenario: sim.scenario.id,
  seed: sim.context.seed,
  design: sim.design.id,
});

/** A fresh run's save and its joining, when boot started them before it had the store. */
interface Started {
  saved: Promise<CreateRunResult>;
  tab: ReturnType<typeof joinRun>;
}

export const createRunsSlice: StateCreator<Store, [], [], RunsSlice> = (set, get) => {
  /** A new run of `scenarioId` with the page's settings, not saved yet. */
  const freshSim = (
    scenarioId: string,
    seed: number,
    config: Partial<Config> = {},
    onCheckpoint: Store['onCheckpoint'] = get().onCheckpoint,
  ) => {
    const { settings } = get();
    return new Sim({
      scenario: findScenario(scenarioId) ? scenarioId : DEFAULT_SCENARIO_ID,
      seed,
      runId: newRunId(),
      config: { ...configOf(settings), ...config },
      design: settings.design,
      wallClock: Date.now,
      onCheckpoint,
    });
  };

  /**
   * Saves a fresh run and joins it, shown from then on (or already, when `shown`). It is saved
   * as soon as it exists, so a reload comes back to it (ui-contract), and before it can be
   * started, so no checkpoint is written for a run not yet saved. Its id is new, so nobody
   * holds its lock: saving and joining go on together.
   */
  const saveAndJoin = async (sim: Sim, shown: boolean, started: Partial<Started> = {}) => {
    const [saved, tab] = await Promise.all([
      started.saved ?? get().persist.createRun(runRecord(sim)),
      started.tab ?? joinRun(sim.context.runId),
    ]);
    const notice = saved.ok ? null : { kind: 'error' as const, text: saved.error };
    // The new run heads the list at once (newest first); the reread that follows adds the
    // byte counts without holding up the page being ready.
    const { runId } = sim.context;
    const runs = saved.ok ? [saved.run, ...get().runs.filter((r) => r.runId !== runId)] : get().runs;
    if (shown) set({ notice, runs });
    else get().adopt(sim, { ...newRunState(), notice, runs });
    // Just created: nobody has claimed it yet.
    get().attachTab(tab, 0);
    void get().refreshRuns();
  };

  /** The checkpoint a restart or an approval reads: what the disk holds, as a reload would. */
  const stored = async (): Promise<Checkpoint | null> => {
    const { sim, persist, lessonRun, lessonRuns } = get();
    if (!sim.checkpointing) return null;
    // A challenge's run (or a lesson's that storage refused) is kept in memory: its own newest
    // checkpoint is its disk. A lesson's stored run reads its disk as any run does.
    if (lessonRun && !lessonRuns.some((r) => r.runId === sim.context.runId)) return sim.newest;
    return (await persist.latest(sim.context.runId)).checkpoint;
  };

  return {
    ready: false,
    lessonRun: false,
    resumed: null,
    runs: [],
    skipped: [],

    adopt: (sim, extra = {}) => {
      get().pause();
      sim.subscribe(get().publish);
      const cp = sim.newest;
      const bytes = cp ? checkpointBytes(cp) : 0;
      set({
        sim,
        view: viewOf(sim),
        preview: null,
        replay: null,
        rejectReason: '',
        lessonRun: false,
        lessonRuns: [],
        newestBytes: bytes,
        newestFullBytes: cp ? fullStateBytes(sim.context, bytes) : 0,
        newestDone: cp ? (fromRanges(cp.done)?.length ?? 0) : 0,
        bytesWritten: 0,
        // Another run: the last one's failed write and export note are not about it.
        exported: null,
        ...(get().writeFailure ? { writeFailure: null, storage: { status: get().persist.kind } } : {}),
        ...extra,
      });
    },

    resumeFrom: (cp, run) => {
      const sim = new Sim({ scenario: cp.scenario, from: cp, wallClock: Date.now, onCheckpoint: get().onCheckpoint });
      get().adopt(sim, { bytesWritten: run?.bytes ?? 0, resumed: resumeReport(cp, sim) });
    },

    loadHistory: async (runId) => {
      const { items, skipped } = await get().persist.list(runId);
      set((s) => ({ history: items, skipped: mergeSkipped(s.skipped, skipped) }));
    },

    boot: async (search) => {
      const params = new URLSearchParams(search);
      const scenarioId = findScenario(params.get('scenario') ?? '')
        ? (params.get('scenario') as string)
        : DEFAULT_SCENARIO_ID;
      const seedText = params.get('seed');
      const seed = seedText === null ? 1 : (parseSeed(seedText) ?? 1);
      // `?design=` is the design of a fresh run, and of the saved run it resumes (ui-contract).
      const asked = params.get('design');
      const design = isDesignId(asked) ? asked : null;
      if (design) set((s) => ({ settings: { ...s.settings, design } }));
      // Nothing in storage decides what a fresh run shows: it is shown at once (boot runs
      // before the first render) and saved meanwhile; the controls wait for `ready`. Its id
      // is new, so its lock is asked for at once.
      // A shared moment (`&replay=`): the sharer's config now, their commands once the run is saved.
      const packed = params.get('run') === 'new' ? params.get('replay') : null;
      const replay = packed === null ? null : await unpackReplay(packed);
      // Its checkpoints are held while the link replays, and the newest written once (replaySend.ts).
      const held = replay?.ok ? holdCheckpoints(get().onCheckpoint) : null;
      const fresh =
        params.get('run') === 'new'
          ? freshSim(scenarioId, seed, replay?.ok ? replay.replay.config : {}, held?.onCheckpoint)
          : null;
      const tab = fresh ? joinRun(fresh.context.runId) : null;
      // Awaited below with the save; a refusal meanwhile is not an unhandled rejection.
      tab?.catch(() => undefined);
      // What boot reads or writes first goes out with storage's probe, one round trip, not
      // two: a fresh run's save, or the list of saved runs.
      const opening = openCheckpointStore({
        alongside: fresh ? (s) => s.createRun(runRecord(fresh)) : (s) => s.listRuns(),
      });
      if (fresh) get().adopt(fresh, newRunState());
      const opened = await opening;
      set({
        persist: opened.store,
        storage: { status: opened.status, ...(opened.notice ? { message: opened.notice } : {}) },
      });
      if (opened.status === 'indexeddb') void get().askPersist();
      if (opened.later) void opened.later.then((o) => o && get().adoptStore(o));
      let resumed = false;
      if (!fresh) {
        const { runs, skipped } =
          (opened.alongside as Awaited<ReturnType<typeof opened.store.listRuns>> | undefined) ??
          (await opened.store.listRuns());
        // A lesson's runs are never resumed outside it (lessonRuns.ts).
        set({ runs: freeRuns(runs), skipped });
        for (const run of freeRuns(runs).filter((r) => r.scenario === scenarioId)) {
          if ((resumed = await get().openRun(run.runId, design ?? undefined))) break;
        }
      }
      if (fresh && tab) {
        // Saved with the probe, unless IndexedDB failed it and the run goes to memory now.
        const saved = opened.alongside as CreateRunResult | undefined;
        await saveAndJoin(fresh, true, { tab, ...(saved ? { saved: Promise.resolve(saved) } : {}) });
        // Nothing of the replay is shown until its newest checkpoint is durable (the publish gate).
        const shown = held ? get().holdShown() : null;
        try {
          const unreplayed = replay && (await replayed(replay, get().lang, get().send));
          if (unreplayed) set({ notice: unreplayed });
        } finally {
          held?.release();
          shown?.();
        }
      } else if (!resumed) await get().newRun(scenarioId, seed);
      dropRunNew();
      // A seed the URL gave and the page could not take is said, not silently replaced.
      if (seedText !== null && parseSeed(seedText) === null) set({ notice: badSeedNotice(seedText, get().lang) });
      // So is a scenario or design it has not got (issue 40: `scenario=nope&design=evil` was silent).
      const used = { scenario: get().sim.scenario.id, design: get().sim.design.id };
      const replaced = replacedNotice(params, used, get().lang);
      const before = get().notice;
      if (replaced) set({ notice: before ? { kind: 'error', text: `${before.text} ${replaced.text}` } : replaced });
      // Ready once storage is read, the run stands and this tab knows its role (ui-contract).
      set({ ready: true });
    },

    newRun: async (scenarioId = get().view.scenario.id, seed = 1, config = {}) => {
      await saveAndJoin(freshSim(scenarioId, seed, config), false);
    },

    openRun: async (runId, design) => {
      const { persist, runs } = get();
      const run = runs.find((r) => r.runId === runId);
      // This tab may hold the run's lock already: let go first, or it would follow itself.
      get().leaveRun(runId);
      // The newest checkpoint, the history, the lock (this tab's role) and the run's claim as
      // stored now (the fence's epoch, which the list may have read before another tab's claim)
      // are asked together.
      const [{ checkpoint, skipped }, listed, tab, stored] = await Promise.all([
        persist.latest(runId),
        persist.list(runId),
        joinRun(runId),
        persist.run(runId),
      ]);
      set((s) => ({ skipped: mergeSkipped(s.skipped, skipped, listed.skipped) }));
      if (checkpoint && design !== undefined && (checkpoint.design ?? 'article') !== design) {
        tab.close();
        return false;
      }
      if (checkpoint) {
        get().resumeFrom(checkpoint, run);
      } else if (run && run.newestSeq === 0 && findScenario(run.scenario)) {
        // Saved before its first checkpoint: it stands where it was created, with its design.
        const { settings } = get();
        get().adopt(
          new Sim({
            scenario: run.scenario,
            seed: run.seed,
            runId,
            config: configOf(settings),
            design: design ?? run.design ?? 'article',
            wallClock: Date.now,
            onCheckpoint: get().onCheckpoint,
          }),
          { resumed: null },
        );
      } else {
        tab.close();
        return false;
      }
      set({ lastWrite: null, notice: null, history: listed.items });
      get().attachTab(tab, stored?.epoch ?? 0);
      return true;
    },

    restart: async () => {
      const checkpoint = await stored();
      if (!get().sim.send({ type: 'RESTART', from: checkpoint })) return;
      if (checkpoint) set({ resumed: resumeReport(checkpoint, get().sim) });
    },

    showLessonRun: (sim) => {
      get().adopt(sim, { ...newRunState(), lessonRun: true });
    },

    approve: async () => {
      const { sim } = get();
      if (get().role === 'follower' || sim.state !== 'waiting_approval') return;
      const checkpoint = await stored();
      if (get().sim !== sim || !sim.send({ type: 'APPROVE', from: checkpoint })) return;
      const from = sim.resumedFrom;
      if (from && from.trigger === 'before_suspend') set({ resumed: resumeReport(from, sim) });
    },

    deleteRun: async (runId) => {
      if (runId === get().sim.context.runId) return;
      const r = await get().persist.deleteRun(runId);
      if (!r.ok) set({ notice: { kind: 'error', text: r.error } });
      await get().refreshRuns();
    },

    refreshRuns: async () => {
      const { runs, skipped } = await get().persist.listRuns();
      set((s) => ({ runs: freeRuns(runs), skipped: mergeSkipped(s.skipped, skipped) }));
    },
  };
};
