import { create } from 'zustand';
import {
  DEFAULT_SCENARIO_ID,
  Sim,
  checkpointBytes,
  findScenario,
  fromRanges,
  fullStateBytes,
  type Checkpoint,
  type TaskContext,
  type InjectableError,
  type Lang,
  type SimCommand,
} from '../engine';
import { viewOf, type SimView } from './view';

/**
 * The one UI store (zustand): the running simulation and the page's preferences. Engine state
 * stays in the engine; this store only holds the Sim, a revision number that moves when the
 * Sim changes (so selectors re-read), and what the person chose on the page.
 */

export type StorageStatus = { status: 'indexeddb' | 'memory' | 'error'; message?: string };
export type TabRole = 'driver' | 'follower';

export interface SimState {
  /** The live simulation; components read `view` (what is published) instead. */
  sim: Sim;
  /** What the page shows: republished on every change once pending checkpoints are durable. */
  view: SimView;
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
  /** Bytes of all checkpoints written by this run, and of the newest one. */
  bytesWritten: number;
  newestBytes: number;
  /** Done steps the newest checkpoint records (for "steps lost if it died now"). */
  newestDone: number;
  /** What a full-state checkpoint (message history included) would weigh at the same point. */
  newestFullBytes: number;

  send: (cmd: SimCommand) => boolean;
  newRun: (scenarioId?: string, seed?: number) => void;
  play: () => void;
  pause: () => void;
  setSpeed: (ticksPerSecond: number) => void;
  fastForwardToApproval: () => void;
  setLang: (lang: Lang) => void;
  setErrorType: (e: InjectableError) => void;
  setRejectReason: (reason: string) => void;
  setHelpOpen: (open: boolean) => void;
}

let timer: ReturnType<typeof setInterval> | null = null;
/** The fewest milliseconds between two play timer callbacks; faster speeds tick several times. */
const MIN_INTERVAL_MS = 25;
/** Fast-forward stops after this many ticks even if no approval comes (a 4,000-step plan). */
const FAST_FORWARD_LIMIT = 100_000;

const isTerminal = (s: string) => s === 'completed' || s === 'failed' || s === 'cancelled';

function makeSim(scenarioId: string, seed: number, onCheckpoint: (cp: Checkpoint, ctx: TaskContext) => void): Sim {
  const id = findScenario(scenarioId) ? scenarioId : DEFAULT_SCENARIO_ID;
  return new Sim({ scenario: id, seed, runId: `run-${seed}-${id}`, wallClock: () => Date.now(), onCheckpoint });
}

export const useSimStore = create<SimState>()((set, get) => {
  const onCheckpoint = (cp: Checkpoint, ctx: TaskContext) => {
    const bytes = checkpointBytes(cp);
    set((s) => ({
      bytesWritten: s.bytesWritten + bytes,
      newestBytes: bytes,
      newestFullBytes: fullStateBytes(ctx, bytes),
      newestDone: fromRanges(cp.done)?.length ?? 0,
    }));
  };
  const publish = () => set((s) => ({ view: viewOf(s.sim) }));
  const stopTimer = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const attach = (sim: Sim) => {
    sim.subscribe(publish);
    return sim;
  };
  const first = attach(makeSim(DEFAULT_SCENARIO_ID, 1, onCheckpoint));

  return {
    sim: first,
    view: viewOf(first),
    lang: 'en',
    speed: 4,
    playing: false,
    errorType: 'not_found',
    rejectReason: '',
    helpOpen: false,
    ready: false,
    storage: { status: 'memory' },
    role: 'driver',
    bytesWritten: 0,
    newestBytes: 0,
    newestDone: 0,
    newestFullBytes: 0,

    send: (cmd) => get().sim.send(cmd),

    newRun: (scenarioId = get().sim.scenario.id, seed = 1) => {
      stopTimer();
      set({ playing: false, bytesWritten: 0, newestBytes: 0, newestDone: 0, newestFullBytes: 0, rejectReason: '' });
      const sim = attach(makeSim(scenarioId, seed, onCheckpoint));
      set({ sim, view: viewOf(sim), ready: true });
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
          sim.send(sim.state === 'created' ? { type: 'START' } : { type: 'TICK' });
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
        sim.send(s === 'created' ? { type: 'START' } : { type: 'TICK' });
      }
    },

    setLang: (lang) => set({ lang }),
    setErrorType: (errorType) => set({ errorType }),
    setRejectReason: (rejectReason) => set({ rejectReason }),
    setHelpOpen: (helpOpen) => set({ helpOpen }),
  };
});

/** Steps done since the newest checkpoint: what a crash now would lose. */
export function stepsAtRisk(s: Pick<SimState, 'view' | 'newestDone'>): number {
  const done = s.view.context.todos.reduce((n, t) => n + (t === 'done' ? 1 : 0), 0);
  return Math.max(0, done - (s.view.newest ? s.newestDone : 0));
}
