import {
  DEFAULT_SCENARIO_ID,
  Sim,
  findScenario,
  isTerminal,
  STORIES,
  type StoryId,
  type Config,
  type DesignId,
} from '../engine';
import type { Challenge } from '../challenges/types';
import { joinRun, openCheckpointStore, type CreateRunResult, type NewRun, type OpenedStore } from '../persistence';
import { loadDictionary } from '../i18n';
import { decodeShare, holdCheckpoints, unpackReplay } from '../share';
import { badSeedNotice, dropRunNew, replacedNotice, replayed } from './address';
import type { RunSlice, RunState, UpToRun } from './run';
import { configOf } from './settings';
import type { SliceArgs } from './types';

/** A run id nobody has used: time and a few random letters (ids are not part of a replay). */
export const newRunId = () => `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** What a new run starts with besides its Sim: no history, not resumed, nothing written. */
const newRunState = (): Partial<RunState> => ({ history: [], resumed: null, lastWrite: null });

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

type Above = UpToRun;

/**
 * The fifth slice: which run the page shows. Boot (resume the newest saved run or create one),
 * new runs, opening a saved one, deleting and pruning runs, and moving to IndexedDB when it
 * answers late. Each action leaves the page usable: a failure becomes a notice, never an
 * uncaught error.
 */
export const createRunsSlice = (...[set, get]: SliceArgs<{ ready: boolean }, Above>) => {
  /** A new run of `scenarioId` with the page's settings, not saved yet. */
  const freshSim = (
    scenarioId: string,
    seed: number,
    config: Partial<Config> = {},
    onCheckpoint: RunSlice['onCheckpoint'] = get().onCheckpoint,
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
    // The new run heads the list at once (newest first); the reread that follows adds the
    // byte counts without holding up the page being ready.
    const { runId } = sim.context;
    if (saved.ok) get().listed([saved.run, ...get().runs.filter((r) => r.runId !== runId)]);
    if (!shown) get().adopt(sim, newRunState());
    get().setNotice(saved.ok ? null : { kind: 'error', text: saved.error });
    // Just created: nobody has claimed it yet.
    get().joinTab(tab, 0);
    void get().refreshRuns();
  };

  /** A fresh run with the page's settings (and `config` on top, e.g. a story's watchdog). */
  const newRun = async (scenarioId = get().view.scenario.id, seed = 1, config: Partial<Config> = {}): Promise<void> => {
    await saveAndJoin(freshSim(scenarioId, seed, config), false);
  };

  /** Opens a saved run; with `design`, only if the run follows that design. */
  const openRun = async (runId: string, design?: DesignId): Promise<boolean> => {
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
    get().addSkipped(skipped, listed.skipped);
    if (checkpoint && design !== undefined && (checkpoint.design ?? 'article') !== design) {
      tab.close();
      return false;
    }
    const shown = { lastWrite: null, history: listed.items };
    if (checkpoint) {
      get().resumeFrom(checkpoint, run, shown);
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
        { ...shown, resumed: null },
      );
    } else {
      tab.close();
      return false;
    }
    get().setNotice(null);
    get().joinTab(tab, stored?.epoch ?? 0);
    return true;
  };

  /** IndexedDB answered after all (it was slow at boot): the run moves there from memory. */
  const adoptStore = async (opened: OpenedStore): Promise<void> => {
    const { sim, persist } = get();
    if (persist.kind !== 'memory' || opened.status !== 'indexeddb') return;
    const { runId, seed } = sim.context;
    const created = await opened.store.createRun({
      runId,
      scenario: sim.scenario.id,
      seed,
      branch: sim.newest?.branch ?? null,
    });
    // Boot's save of a fresh run went out with the probe that was slow (above) and may
    // have landed since: then the run is there already, and that is as good as created.
    const there = async () => created.ok || (await opened.store.listRuns()).runs.some((r) => r.runId === runId);
    const moved = sim.newest ? (await opened.store.put(sim.newest)).ok : await there();
    if (!moved) return;
    // The new store never saw this run claimed: the next write claims it there.
    get().reclaim();
    get().keepIn(opened.store, { status: 'indexeddb' }, null);
    await get().refreshRuns();
    void get().askPersist();
  };

  /** Boot's work: see `boot` below. */
  const boot = async (search: string): Promise<void> => {
    const params = new URLSearchParams(search);
    // The address's scenario, seed and design, each checked once (share.ts); what it could not
    // take is said once the run stands.
    const { state: asked, dropped } = decodeShare(params);
    const scenarioId = asked.scenario ?? DEFAULT_SCENARIO_ID;
    const seed = asked.seed ?? 1;
    // `?design=` is the design of a fresh run, and of the saved run it resumes (ui-contract).
    const design = asked.design ?? null;
    if (design) get().setSettings({ design });
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
    get().keepIn(opened.store, { status: opened.status, ...(opened.notice ? { message: opened.notice } : {}) });
    if (opened.status === 'indexeddb') void get().askPersist();
    if (opened.later) void opened.later.then((o) => o && adoptStore(o));
    let resumed = false;
    if (!fresh) {
      const { runs, skipped } =
        (opened.alongside as Awaited<ReturnType<typeof opened.store.listRuns>> | undefined) ??
        (await opened.store.listRuns());
      // A lesson's runs are never resumed outside it (storage.ts `freeRuns`).
      get().listed(runs, skipped);
      for (const run of get().runs.filter((r) => r.scenario === scenarioId)) {
        if ((resumed = await openRun(run.runId, design ?? undefined))) break;
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
        if (unreplayed) get().setNotice(unreplayed);
      } finally {
        held?.release();
        shown?.();
      }
    } else if (!resumed) await newRun(scenarioId, seed);
    dropRunNew();
    // The notices below are said in the page's words, which may still be on their way.
    const badSeed = dropped.find((d) => d.key === 'seed');
    if (badSeed || params.has('scenario') || params.has('design'))
      await loadDictionary(get().lang).catch(() => undefined);
    // A seed the URL gave and the page could not take is said, not silently replaced.
    if (badSeed) get().setNotice(badSeedNotice(badSeed.value, get().lang));
    // So is a scenario or design it has not got (issue 40: `scenario=nope&design=evil` was silent).
    const used = { scenario: get().sim.scenario.id, design: get().sim.design.id };
    const replaced = replacedNotice(dropped, used, get().lang);
    const before = get().notice;
    if (replaced) get().setNotice(before ? { kind: 'error', text: `${before.text} ${replaced.text}` } : replaced);
    // Ready once storage is read, the run stands and this tab knows its role (ui-contract).
    set({ ready: true });
  };

  return {
    ready: false,

    /** Resumes the newest saved run of the address's scenario, or creates one; ready either way. */
    boot: async (search: string): Promise<void> => {
      try {
        await boot(search);
      } catch (e) {
        // The page is still usable: it says storage failed, and shows what it has.
        get().keepIn(get().persist, { status: 'error', message: String(e) });
        set({ ready: true });
      }
    },

    newRun,
    openRun,
    adoptStore,

    /** Plays one of the article's stories on a fresh run of its scenario, with the page's design (SPEC §9). */
    playStory: async (id: StoryId): Promise<void> => {
      get().stopStory();
      const story = STORIES[id];
      await newRun(story.scenario, 1, story.config);
      get().startStory(id);
    },

    /**
     * Shows a challenge's run (played to where it starts, kept in memory, never saved) as the
     * page's run; the student's presses are its moves from here on.
     */
    showChallenge: (sim: Sim, challenge: Challenge) => {
      get().adopt(sim, {
        ...newRunState(),
        lessonRun: true,
        activity: { kind: 'challenge', challenge, sim, from: sim.moves.length },
      });
    },

    deleteRun: async (runId: string): Promise<void> => {
      if (runId === get().sim.context.runId) return;
      const r = await get().persist.deleteRun(runId);
      if (!r.ok) get().setNotice({ kind: 'error', text: r.error });
      await get().refreshRuns();
    },

    /** Deletes the finished runs other than this one (a person asked), then retries. Returns how many. */
    pruneRuns: async (): Promise<number> => {
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
  };
};

export type RunsSlice = ReturnType<typeof createRunsSlice>;
/** This slice and every slice above it: what the next slice's `get` sees. */
export type UpToRuns = UpToRun & RunsSlice;
