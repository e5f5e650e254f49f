import { create } from 'zustand';
import {
  DEFAULT_SCENARIO_ID,
  Sim,
  isTerminal,
  type Config,
  type DensityPolicy,
  type DesignId,
  type InjectableError,
  type Lang,
  type Replay,
  type SimCommand,
  type WorkingSet,
} from '../engine';
import { createMemoryStore } from '../persistence';
import type { CheckpointStore, CheckpointSummary, RunMeta, Skipped, TabRole } from '../persistence';
import { createHealthActions, type HealthActions } from './health';
import { createPublisher, shownOf, type WriteReport } from './publish';
import { createRunActions, type RunActions } from './runs';
import { viewOf, type SimView } from './view';

/**
 * The one UI store (zustand): the running simulation, what the page shows of it, where its
 * checkpoints are kept, and what the person chose on the page. Engine state stays in the
 * engine; storage stays behind `CheckpointStore`; React reads and sends through here.
 */

export type StorageStatus = { status: 'indexeddb' | 'memory' | 'error'; message?: string };
export type { TabRole } from '../persistence';

export type { WriteReport, WriteFailureKind } from './publish';

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
  /** The page shows a lesson's run: a replay in memory, not a saved run. */
  lessonRun: boolean;
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
  /** The write that failed and is not yet covered by a later durable one (the page says so). */
  writeFailure: WriteReport | null;
  /** What the last export left out (older checkpoints past the size an import reads, unreadable ones). */
  exported: { omitted: number; unreadable: number } | null;
  /** Whether the browser granted persistent storage (`navigator.storage.persist()`); null: not asked or no answer. */
  persisted: boolean | null;
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

export type Store = SimState & RunActions & HealthActions;

let timer: ReturnType<typeof setInterval> | null = null;
/** The fewest milliseconds between two play timer callbacks; faster speeds tick several times. */
const MIN_INTERVAL_MS = 25;
/** Fast-forward stops after this many ticks even if no approval comes (a 4,000-step plan). */
const FAST_FORWARD_LIMIT = 100_000;
const OVERNIGHT_MS = 8 * 60 * 60_000;

/** The engine config a run's settings ask for. */
export function configOf(settings: RunSettings): Partial<Config> {
  return {
    density: settings.density,
    heedReminder: settings.heedReminder,
    ...(settings.overnight ? { processTimeoutMs: OVERNIGHT_MS } : {}),
  };
}

export const useSimStore = create<Store>()((set, get) => {
  // The publish gate (publish.ts): the page shows what follows a checkpoint only once it is durable.
  const publisher = createPublisher({
    put: (cp) => get().persist.put(cp, get().writer()),
    settled: (cp, report) => {
      get().afterWrite(cp, report);
      health.settled(report);
    },
    show: (batch) => {
      set((s) => ({ view: viewOf(s.sim), ...shownOf(batch, s.sim.context.runId, s) }));
      get().announceLive();
    },
  });
  const { onCheckpoint, publish } = publisher;

  const stopTimer = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };

  const first = new Sim({ scenario: DEFAULT_SCENARIO_ID, runId: 'boot' });
  const runActions = createRunActions(set, get, { onCheckpoint, publish, stopTimer });
  const health = createHealthActions(set, get, { onCheckpoint });

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
    lessonRun: false,
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
    writeFailure: null,
    persisted: null,
    exported: null,
    ...runActions,
    ...health.actions,

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
