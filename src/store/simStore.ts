import { create } from 'zustand';
import {
  DEFAULT_SCENARIO_ID,
  Sim,
  checkpointBytes,
  fromRanges,
  fullStateBytes,
  type Checkpoint,
  type Config,
  type DensityPolicy,
  type DesignId,
  type InjectableError,
  type Lang,
  type Replay,
  type SimCommand,
  type TaskContext,
  type WorkingSet,
} from '../engine';
import { createMemoryStore } from '../persistence';
import type { CheckpointStore, CheckpointSummary, RunMeta, Skipped, TabRole } from '../persistence';
import { createRunActions, type RunActions } from './runs';
import { viewOf, type SimView } from './view';

/**
 * The one UI store (zustand): the running simulation, what the page shows of it, where its
 * checkpoints are kept, and what the person chose on the page. Engine state stays in the
 * engine; storage stays behind `CheckpointStore`; React reads and sends through here.
 */

export type StorageStatus = { status: 'indexeddb' | 'memory' | 'error'; message?: string };
export type { TabRole } from '../persistence';

/** The last checkpoint write as the checkpoint panel shows it: durable or not, and how fast. */
export interface WriteReport {
  seq: number;
  trigger: string;
  ok: boolean;
  ms: number;
  /** What the write added to storage. */
  bytes: number;
  /** The checkpoint's own bytes as JSON (0 when the write failed). */
  size: number;
  error?: string;
}

/** How the run was resumed, for "resumed from checkpoint #n (trigger, age)". */
export interface ResumeReport {
  seq: number;
  trigger: string;
  wall: number;
  /** How old the checkpoint was when the run resumed from it (wall ms). */
  age: number;
  step: number;
  state: string;
  workingSet: WorkingSet;
}

/** Settings a new run starts with (density, harness design, overnight timeout, the model's temper). */
export interface RunSettings {
  density: DensityPolicy;
  design: DesignId;
  overnight: boolean;
  /** The chance the simulated model changes approach after a system-reminder. */
  heedReminder: number;
}

export interface SimState {
  /** The live simulation; components read `view` (what is published) instead. */
  sim: Sim;
  /** What the page shows: republished on every change once pending checkpoints are durable. */
  view: SimView;
  /** A checkpoint being previewed from the history (the run itself goes on unchanged). */
  preview: { seq: number; view: SimView } | null;
  lang: Lang;
  /** Ticks per second while playing (log scale on the slider). */
  speed: number;
  playing: boolean;
  errorType: InjectableError;
  rejectReason: string;
  helpOpen: boolean;
  ready: boolean;
  storage: StorageStatus;
  role: TabRole;
  persist: CheckpointStore;
  settings: RunSettings;
  /** The current run's checkpoints (newest first), all runs, and records storage skipped. */
  history: CheckpointSummary[];
  runs: RunMeta[];
  skipped: Skipped[];
  resumed: ResumeReport | null;
  lastWrite: WriteReport | null;
  writesPending: number;
  replay: Replay | null;
  /** A message for the person: an import refused, a takeover refused, a write that failed. */
  notice: { kind: 'error' | 'info'; text: string } | null;
  /** Bytes of all checkpoints written by this run, and of the newest one. */
  bytesWritten: number;
  newestBytes: number;
  /** Done steps the newest checkpoint records (for "steps lost if it died now"). */
  newestDone: number;
  /** What a full-state checkpoint (message history included) would weigh at the same point. */
  newestFullBytes: number;

  send: (cmd: SimCommand) => boolean;
  play: () => void;
  pause: () => void;
  setSpeed: (ticksPerSecond: number) => void;
  fastForwardToApproval: () => void;
  setLang: (lang: Lang) => void;
  setErrorType: (e: InjectableError) => void;
  setRejectReason: (reason: string) => void;
  setHelpOpen: (open: boolean) => void;
  setSettings: (s: Partial<RunSettings>) => void;
  setNotice: (n: SimState['notice']) => void;
}

export type Store = SimState & RunActions;

let timer: ReturnType<typeof setInterval> | null = null;
/** The fewest milliseconds between two play timer callbacks; faster speeds tick several times. */
const MIN_INTERVAL_MS = 25;
/** Fast-forward stops after this many ticks even if no approval comes (a 4,000-step plan). */
const FAST_FORWARD_LIMIT = 100_000;
const OVERNIGHT_MS = 8 * 60 * 60_000;

const isTerminal = (s: string) => s === 'completed' || s === 'failed' || s === 'cancelled';

/** The engine config a run's settings ask for. */
export function configOf(settings: RunSettings): Partial<Config> {
  return { density: settings.density, heedReminder: settings.heedReminder, ...(settings.overnight ? { processTimeoutMs: OVERNIGHT_MS } : {}) };
}

/** The page redraws at most this often, however fast the run goes (a frame). */
const FRAME_MS = 16;

export const useSimStore = create<Store>()((set, get) => {
  /**
   * What the page shows is published here, at most once a frame, and never while checkpoint
   * writes are pending: the page shows what follows a checkpoint only once it is durable.
   */
  let pending = 0;
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  let last = 0;
  let newest: { cp: Checkpoint; ctx: TaskContext } | null = null;
  let written: { summary: CheckpointSummary; report: WriteReport }[] = [];

  const flush = () => {
    flushTimer = null;
    last = performance.now();
    const done = written;
    written = [];
    const cp = newest;
    newest = null;
    set((s) => {
      const mine = done.filter((w) => w.report.ok && w.summary.runId === s.sim.context.runId).map((w) => w.summary);
      const failed = done.find((w) => !w.report.ok);
      // The newest checkpoint's size: its store measured it while writing (no second serializing
      // on the way to the screen); a failed write leaves it to checkpointBytes.
      const newestWrite = cp && done.find((w) => w.report.ok && w.summary.runId === cp.cp.runId && w.report.seq === cp.cp.seq);
      const bytes = cp ? (newestWrite ? newestWrite.report.size : checkpointBytes(cp.cp)) : 0;
      return {
        view: viewOf(s.sim),
        writesPending: pending,
        ...(cp ? { newestBytes: bytes, newestFullBytes: fullStateBytes(cp.ctx, bytes), newestDone: fromRanges(cp.cp.done)?.length ?? 0 } : {}),
        ...(done.length
          ? {
              lastWrite: (done.at(-1) as (typeof done)[number]).report,
              bytesWritten: s.bytesWritten + done.reduce((n, w) => n + w.report.bytes, 0),
              history: mine.length ? [...mine.reverse(), ...s.history.filter((h) => !mine.some((m) => m.seq === h.seq))] : s.history,
            }
          : {}),
        ...(failed ? { notice: { kind: 'error' as const, text: failed.report.error ?? '' } } : {}),
      };
    });
    get().announceLive();
  };

  const publish = () => {
    if (pending > 0 || flushTimer !== null) return;
    const wait = FRAME_MS - (performance.now() - last);
    if (wait <= 0) flush();
    else flushTimer = setTimeout(flush, wait);
  };

  /** Each checkpoint the engine asks for is written before the page shows what follows it. */
  const onCheckpoint = (cp: Checkpoint, ctx: TaskContext) => {
    pending++;
    newest = { cp, ctx };
    void get()
      .persist.put(cp)
      .then(
        (r): WriteReport => ({ seq: cp.seq, trigger: cp.trigger, ...(r.ok ? { ok: true, ms: r.ms, bytes: r.bytes, size: r.size } : { ok: false, ms: 0, bytes: 0, size: 0, error: r.error }) }),
        (e: unknown): WriteReport => ({ seq: cp.seq, trigger: cp.trigger, ok: false, ms: 0, bytes: 0, size: 0, error: String(e) }),
      )
      .then((report) => {
        pending--;
        const summary: CheckpointSummary = {
          runId: cp.runId,
          seq: cp.seq,
          step: cp.step,
          state: cp.state,
          trigger: cp.trigger,
          bytes: report.size,
          storedBytes: report.bytes,
          virtual: cp.time.virtual,
          wall: cp.time.wall,
        };
        written.push({ summary, report });
        get().afterWrite(cp, report);
        if (pending === 0) publish();
      });
  };

  const stopTimer = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };

  const first = new Sim({ scenario: DEFAULT_SCENARIO_ID, runId: 'boot' });
  const runActions = createRunActions(set, get, { onCheckpoint, publish, stopTimer });

  return {
    sim: first,
    view: viewOf(first),
    preview: null,
    lang: 'en',
    speed: 4,
    playing: false,
    errorType: 'not_found',
    rejectReason: '',
    helpOpen: false,
    ready: false,
    storage: { status: 'memory' },
    role: 'driver',
    persist: createMemoryStore(),
    settings: { density: 'key_actions', design: 'article', overnight: false, heedReminder: 0.5 },
    history: [],
    runs: [],
    skipped: [],
    resumed: null,
    lastWrite: null,
    writesPending: 0,
    replay: null,
    notice: null,
    bytesWritten: 0,
    newestBytes: 0,
    newestDone: 0,
    newestFullBytes: 0,
    ...runActions,

    send: (cmd) => {
      if (get().role === 'follower') return false;
      return get().sim.send(cmd);
    },

    play: () => {
      stopTimer();
      set({ playing: true });
      const { speed } = get();
      const interval = Math.max(MIN_INTERVAL_MS, 1000 / speed);
      const perBeat = Math.max(1, Math.round((speed * interval) / 1000));
      timer = setInterval(() => {
        const { sim } = get();
        for (let i = 0; i < perBeat; i++) {
          if (!sim.alive || isTerminal(sim.state)) {
            get().pause();
            return;
          }
          get().send(sim.state === 'created' ? { type: 'START' } : { type: 'TICK' });
        }
      }, interval);
    },

    pause: () => {
      stopTimer();
      set({ playing: false });
    },

    setSpeed: (speed) => {
      set({ speed });
      if (get().playing) get().play();
    },

    fastForwardToApproval: () => {
      const { sim } = get();
      get().pause();
      for (let i = 0; i < FAST_FORWARD_LIMIT && sim.alive; i++) {
        const s = sim.state;
        if (isTerminal(s) || s === 'waiting_approval') break;
        get().send(s === 'created' ? { type: 'START' } : { type: 'TICK' });
      }
    },

    setLang: (lang) => set({ lang }),
    setErrorType: (errorType) => set({ errorType }),
    setRejectReason: (rejectReason) => set({ rejectReason }),
    setHelpOpen: (helpOpen) => set({ helpOpen }),
    setSettings: (s) => set((st) => ({ settings: { ...st.settings, ...s } })),
    setNotice: (notice) => set({ notice }),
  };
});

/** Steps done since the newest checkpoint: what a crash now would lose. */
export function stepsAtRisk(s: Pick<SimState, 'view' | 'newestDone'>): number {
  const done = s.view.context.todos.reduce((n, t) => n + (t === 'done' ? 1 : 0), 0);
  return Math.max(0, done - (s.view.newest ? s.newestDone : 0));
}

/** What the page shows: the previewed checkpoint if one is selected, else the live run. */
export const shownView = (s: Pick<SimState, 'view' | 'preview'>): SimView => s.preview?.view ?? s.view;

