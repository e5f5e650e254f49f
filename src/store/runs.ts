import {
  DEFAULT_SCENARIO_ID,
  Sim,
  applyTakeover,
  checkpointBytes,
  findScenario,
  forkCheckpoint,
  isDesignId,
  fromRanges,
  fullStateBytes,
  replayFailure,
  toCheckpoint,
  workingSet,
  type Checkpoint,
  type Config,
  type DesignId,
  type TakeoverEdit,
  type TaskContext,
} from '../engine';
import { joinRun, openCheckpointStore, type RunMeta, type TabSession, type Writer } from '../persistence';
import type { WriteReport } from './publish';
import type { ResumeReport, Store } from './simStore';
import { configOf } from './simStore';
import { viewOf } from './view';

/**
 * The store's run actions: boot (resume or create), new runs, restart from storage, history
 * preview, fork, takeover, replay, export and import. Each one leaves the page usable: a
 * failure becomes a notice, never an uncaught error.
 */
export interface RunActions {
  boot: (search: string) => Promise<void>;
  /** A fresh run with the page's settings (and `config` on top, e.g. a story's watchdog). */
  newRun: (scenarioId?: string, seed?: number, config?: Partial<Config>) => Promise<void>;
  /** Opens a saved run; with `design`, only if the run follows that design. */
  openRun: (runId: string, design?: DesignId) => Promise<boolean>;
  /** Shows a lesson's run (a deterministic replay, kept in memory, never saved) as the page's run. */
  showLessonRun: (sim: Sim) => void;
  /** APPROVE, read from the checkpoint on disk (the article: 批准则读档从断点续跑). */
  approve: () => Promise<void>;
  restart: () => Promise<void>;
  selectCheckpoint: (seq: number | null) => Promise<void>;
  forkFrom: (seq: number) => Promise<void>;
  takeover: (edit: TakeoverEdit) => Promise<string | null>;
  replayLastFailure: () => void;
  exportRun: () => Promise<string | null>;
  importRun: (text: string) => Promise<void>;
  deleteRun: (runId: string) => Promise<void>;
  refreshRuns: () => Promise<void>;
  afterWrite: (cp: Checkpoint, report: WriteReport) => void;
  /** Driver: shows the followers where the run stands now (throttled). */
  announceLive: () => void;
  /** Follower: becomes the driver (the other tab follows), once storage is re-read. */
  takeOver: () => Promise<void>;
  /** Who writes this run's checkpoints (the fence storage checks), or undefined in a follower. */
  writer: () => Writer | undefined;
}

type Set = (partial: Partial<Store> | ((s: Store) => Partial<Store>)) => void;
type Get = () => Store;
interface Wiring {
  onCheckpoint: (cp: Checkpoint, ctx: TaskContext) => void;
  publish: () => void;
  stopTimer: () => void;
}

/** A run id nobody has used: time and a few random letters (ids are not part of a replay). */
export const newRunId = () => `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

const URL_PARAMS_TO_DROP = ['run'];

function dropRunNew() {
  const url = new URL(window.location.href);
  if (!URL_PARAMS_TO_DROP.some((p) => url.searchParams.has(p))) return;
  for (const p of URL_PARAMS_TO_DROP) url.searchParams.delete(p);
  window.history.replaceState(null, '', url);
}

export function createRunActions(set: Set, get: Get, w: Wiring): RunActions {
  /** Makes `sim` the page's run: subscribed, shown, meters reset to what it carries. */
  const adopt = (sim: Sim, extra: Partial<Store> = {}) => {
    w.stopTimer();
    sim.subscribe(w.publish);
    const cp = sim.newest;
    const bytes = cp ? checkpointBytes(cp) : 0;
    set({
      sim,
      view: viewOf(sim),
      preview: null,
      playing: false,
      replay: null,
      rejectReason: '',
      lessonRun: false,
      newestBytes: bytes,
      newestFullBytes: cp ? fullStateBytes(sim.context, bytes) : 0,
      newestDone: cp ? (fromRanges(cp.done)?.length ?? 0) : 0,
      bytesWritten: 0,
      // Another run: the last one's failed write and export note are not about it.
      exported: null,
      ...(get().writeFailure ? { writeFailure: null, storage: { status: get().persist.kind } } : {}),
      ...extra,
    });
  };

  const resumeFrom = (cp: Checkpoint, run: RunMeta | undefined) => {
    const sim = new Sim({ scenario: cp.scenario, from: cp, wallClock: Date.now, onCheckpoint: w.onCheckpoint });
    adopt(sim, { bytesWritten: run?.bytes ?? 0, resumed: resumeReport(cp, sim) });
  };

  /** This tab's membership of the current run: driver or follower (Web Locks + BroadcastChannel). */
  let session: TabSession | null = null;
  let lastStored: Checkpoint | null = null;
  let announceTimer: ReturnType<typeof setTimeout> | null = null;
  /** At most this often a driver sends followers its live position (stored checkpoints go at once). */
  const ANNOUNCE_MS = 100;

  /** Makes `s` this tab's membership (the previous one, if any, is let go). */
  const attach = (s: TabSession) => {
    if (session !== s) session?.close();
    session = s;
    lastStored = get().sim.newest;
    set({ role: s.role });
    claimed = false;
    s.onRole((role, why) => {
      if (session !== s) return;
      if (role === 'follower') get().pause();
      // A tab that becomes driver from following reads storage first (handover).
      if (role === 'driver' && why !== 'elected') void handover(s);
      else set({ role });
    });
    s.onCheckpoint((cp) => {
      if (session === s && get().role === 'follower' && cp.runId === get().sim.context.runId) mirror(cp);
    });
    // A tab that just joined has only what storage holds (nothing, on the memory fallback).
    s.onPeer(() => {
      if (session === s) actions.announceLive();
    });
  };

  /** Whether this tab's claim on the run has landed (its first write as elected driver makes it). */
  let claimed = false;

  /**
   * Becomes the driver of a run another tab drove: claims it in storage (from then on the old
   * driver's writes in flight are refused), re-reads its newest checkpoint, and only then drives.
   */
  const handover = async (s: TabSession) => {
    const { persist, sim } = get();
    const runId = sim.context.runId;
    await persist.claim(runId, s.tabId);
    claimed = true;
    const { checkpoint } = await persist.newest(runId);
    if (session !== s) return;
    if (checkpoint && checkpoint.seq >= (get().sim.newest?.seq ?? 0))
      resumeFrom(
        checkpoint,
        get().runs.find((r) => r.runId === runId),
      );
    set({ role: 'driver' });
  };

  /** Joins a run already shown (the old membership goes first: it may hold this run's lock). */
  const join = async (runId: string) => {
    session?.close();
    session = null;
    attach(await joinRun(runId));
  };

  /** A follower shows what the driver announced: a Sim resumed from it, never driven here. */
  const mirror = (cp: Checkpoint) => {
    // A stored checkpoint has a new sequence number; a live position repeats the last one.
    const stored = lastStored === null || cp.seq > lastStored.seq;
    if (stored) lastStored = cp;
    const sim = new Sim({
      scenario: cp.scenario,
      from: cp,
      shownOnly: true,
      wallClock: Date.now,
      onCheckpoint: w.onCheckpoint,
    });
    sim.newest = lastStored;
    sim.subscribe(w.publish);
    set({ sim, view: viewOf(sim), resumed: null });
    if (stored) void loadHistory(cp.runId);
  };

  const loadHistory = async (runId: string) => {
    const { items, skipped } = await get().persist.list(runId);
    set((s) => ({ history: items, skipped: mergeSkipped(s.skipped, skipped) }));
  };

  /** What a new run starts with besides its Sim: no history, not resumed, nothing written. */
  const newRunState = (): Partial<Store> => ({ history: [], resumed: null, lastWrite: null });

  /** A new run of `scenarioId` with the page's settings, not saved yet. */
  const freshSim = (scenarioId: string, seed: number, config: Partial<Config> = {}) => {
    const { settings } = get();
    return new Sim({
      scenario: findScenario(scenarioId) ? scenarioId : DEFAULT_SCENARIO_ID,
      seed,
      runId: newRunId(),
      config: { ...configOf(settings), ...config },
      design: settings.design,
      wallClock: Date.now,
      onCheckpoint: w.onCheckpoint,
    });
  };

  /**
   * Saves a fresh run and joins it, shown from then on (or already, when `shown`). It is saved
   * as soon as it exists, so a reload comes back to it (ui-contract), and before it can be
   * started, so no checkpoint is written for a run not yet saved. Its id is new, so nobody
   * holds its lock: saving and joining go on together.
   */
  const saveAndJoin = async (sim: Sim, shown: boolean) => {
    const { runId, seed } = sim.context;
    const [saved, tab] = await Promise.all([
      get().persist.createRun({ runId, scenario: sim.scenario.id, seed, design: sim.design.id }),
      joinRun(runId),
    ]);
    const notice = saved.ok ? null : { kind: 'error' as const, text: saved.error };
    // The new run heads the list at once (newest first); the reread that follows adds the
    // byte counts without holding up the page being ready.
    const runs = saved.ok ? [saved.run, ...get().runs.filter((r) => r.runId !== runId)] : get().runs;
    if (shown) set({ notice, runs });
    else adopt(sim, { ...newRunState(), notice, runs });
    attach(tab);
    void actions.refreshRuns();
  };

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
    if (!put.ok) return put.error;
    resumeFrom(branch, undefined);
    await join(runId);
    await loadHistory(runId);
    await actions.refreshRuns();
    return null;
  };

  const actions: RunActions = {
    boot: async (search) => {
      const params = new URLSearchParams(search);
      const scenarioId = findScenario(params.get('scenario') ?? '')
        ? (params.get('scenario') as string)
        : DEFAULT_SCENARIO_ID;
      const parsedSeed = Number.parseInt(params.get('seed') ?? '1', 10);
      const seed = Number.isFinite(parsedSeed) ? parsedSeed : 1;
      // `?design=` is the design of a fresh run, and of the saved run it resumes (ui-contract).
      const asked = params.get('design');
      const design = isDesignId(asked) ? asked : null;
      if (design) set((s) => ({ settings: { ...s.settings, design } }));
      const isFresh = params.get('run') === 'new';
      // Storage starts opening first: the database opens while the fresh run is built. The
      // runs are listed while storage is probed (one round trip, not two).
      const opening = openCheckpointStore(isFresh ? {} : { alongside: (s) => s.listRuns() });
      // Nothing in storage decides what a fresh run shows: it is shown at once (boot runs
      // before the first render) and saved meanwhile; the controls wait for `ready`.
      const fresh = isFresh ? freshSim(scenarioId, seed) : null;
      if (fresh) adopt(fresh, newRunState());
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
        set({ runs, skipped });
        for (const run of runs.filter((r) => r.scenario === scenarioId)) {
          if ((resumed = await actions.openRun(run.runId, design ?? undefined))) break;
        }
      }
      if (fresh) await saveAndJoin(fresh, true);
      else if (!resumed) await actions.newRun(scenarioId, seed);
      dropRunNew();
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
      if (session?.runId === runId) {
        session.close();
        session = null;
      }
      // The newest checkpoint, the history and the lock (this tab's role) are asked together.
      const [{ checkpoint, skipped }, listed, tab] = await Promise.all([
        persist.newest(runId),
        persist.list(runId),
        joinRun(runId),
      ]);
      set((s) => ({ skipped: mergeSkipped(s.skipped, skipped, listed.skipped) }));
      if (checkpoint && design !== undefined && (checkpoint.design ?? 'article') !== design) {
        tab.close();
        return false;
      }
      if (checkpoint) {
        resumeFrom(checkpoint, run);
      } else if (run && run.newestSeq === 0 && findScenario(run.scenario)) {
        // Saved before its first checkpoint: it stands where it was created, with its design.
        const { settings } = get();
        adopt(
          new Sim({
            scenario: run.scenario,
            seed: run.seed,
            runId,
            config: configOf(settings),
            design: design ?? run.design ?? 'article',
            wallClock: Date.now,
            onCheckpoint: w.onCheckpoint,
          }),
          { resumed: null },
        );
      } else {
        tab.close();
        return false;
      }
      set({ lastWrite: null, notice: null, history: listed.items });
      attach(tab);
      return true;
    },

    restart: async () => {
      const { sim, persist, lessonRun } = get();
      // A restart reads what the disk holds, as a reload would (not what memory last wrote); a
      // lesson's run is a replay kept in memory, so its own newest checkpoint is its disk.
      const { checkpoint } = !sim.checkpointing
        ? { checkpoint: null }
        : lessonRun
          ? { checkpoint: sim.newest }
          : await persist.newest(sim.context.runId);
      if (!get().sim.send({ type: 'RESTART', from: checkpoint })) return;
      if (checkpoint) set({ resumed: resumeReport(checkpoint, get().sim) });
    },

    showLessonRun: (sim) => {
      adopt(sim, { ...newRunState(), lessonRun: true });
    },

    approve: async () => {
      const { sim, persist, lessonRun } = get();
      if (get().role === 'follower' || sim.state !== 'waiting_approval') return;
      const { checkpoint } = !sim.checkpointing
        ? { checkpoint: null }
        : lessonRun
          ? { checkpoint: sim.newest }
          : await persist.newest(sim.context.runId);
      if (get().sim !== sim || !sim.send({ type: 'APPROVE', from: checkpoint })) return;
      const from = sim.resumedFrom;
      if (from && from.trigger === 'before_suspend') set({ resumed: resumeReport(from, sim) });
    },

    selectCheckpoint: async (seq) => {
      if (seq === null) return set({ preview: null });
      const { persist, sim } = get();
      const r = await persist.get(sim.context.runId, seq);
      if (!r.ok) return set({ notice: { kind: 'error', text: r.error }, preview: null });
      // A preview is a Sim resumed from the checkpoint, shown but never driven.
      const shadow = new Sim({ scenario: r.checkpoint.scenario, from: r.checkpoint, shownOnly: true });
      set({ preview: { seq, view: viewOf(shadow) } });
    },

    forkFrom: async (seq) => {
      const { persist, sim } = get();
      const r = await persist.get(sim.context.runId, seq);
      if (!r.ok) return set({ notice: { kind: 'error', text: r.error } });
      const error = await branchFrom(r.checkpoint, r.checkpoint);
      if (error) set({ notice: { kind: 'error', text: error } });
    },

    takeover: async (edit) => {
      const { sim, persist, preview } = get();
      // The checkpoint shown: the one selected in the history, else the newest.
      const older = preview !== null && preview.seq !== sim.newest?.seq;
      const got = older ? await persist.get(sim.context.runId, preview.seq) : null;
      if (got && !got.ok) return got.error;
      const from = got ? got.checkpoint : sim.newest;
      if (!from) return 'E401: there is no checkpoint to take over from yet';
      const scenario = findScenario(from.scenario);
      if (!scenario) return `E206: unknown scenario ${from.scenario}`;
      const r = applyTakeover(from, edit, scenario, Date.now());
      if (!r.ok) return r.error;
      // From an older checkpoint the edit starts a branch: what this run did after it stays.
      if (older) return branchFrom(r.checkpoint, from);
      const put = await persist.put(r.checkpoint);
      if (!put.ok) return put.error;
      // Hand back: the process continues from the edited checkpoint.
      resumeFrom(
        r.checkpoint,
        get().runs.find((x) => x.runId === r.checkpoint.runId),
      );
      await loadHistory(r.checkpoint.runId);
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

    importRun: async (text) => {
      const r = await get().persist.importRun(text);
      if (!r.ok) return set({ notice: { kind: 'error', text: r.error } });
      await actions.refreshRuns();
      await actions.openRun(r.runId);
      set({ notice: { kind: 'info', text: r.runId } });
    },

    deleteRun: async (runId) => {
      if (runId === get().sim.context.runId) return;
      const r = await get().persist.deleteRun(runId);
      if (!r.ok) set({ notice: { kind: 'error', text: r.error } });
      await actions.refreshRuns();
    },

    refreshRuns: async () => {
      const { runs, skipped } = await get().persist.listRuns();
      set((s) => ({ runs, skipped: mergeSkipped(s.skipped, skipped) }));
    },

    afterWrite: (cp, report) => {
      if (!report.ok || get().role !== 'driver') return;
      claimed = true;
      lastStored = cp;
      session?.announce(cp);
    },

    announceLive: () => {
      // Alone on the run (the usual case), there is nobody to build a position for.
      if (!session || session.peers === 0 || get().role !== 'driver' || announceTimer !== null) return;
      announceTimer = setTimeout(() => {
        announceTimer = null;
        const { sim } = get();
        if (get().role === 'driver' && session && session.peers > 0)
          session.announce(toCheckpoint(sim.context, sim.state, 'manual', Date.now()));
      }, ANNOUNCE_MS);
    },

    takeOver: async () => {
      const s = session;
      if (!s || get().role === 'driver') return;
      if (await s.takeOver()) await handover(s);
    },

    writer: () => (session && session.role === 'driver' ? { tab: session.tabId, claim: !claimed } : undefined),
  };
  return actions;
}

/** "Resumed from checkpoint #n": what the process read, and the working set it rebuilt. */
function resumeReport(cp: Checkpoint, sim: Sim): ResumeReport {
  const { seq, trigger, step, state } = cp;
  return {
    seq,
    trigger,
    wall: cp.time.wall,
    age: Date.now() - cp.time.wall,
    step,
    state,
    workingSet: workingSet(sim.context),
  };
}

function mergeSkipped<T extends { key: string }>(a: readonly T[], ...more: (readonly T[])[]): T[] {
  const out = [...a];
  const seen = new Set(a.map((x) => x.key));
  for (const x of more.flat()) {
    if (!seen.has(x.key)) {
      seen.add(x.key);
      out.push(x);
    }
  }
  return out;
}
