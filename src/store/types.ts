import type {
  Checkpoint,
  Config,
  DensityPolicy,
  DesignId,
  InjectableError,
  Lang,
  Bilingual,
  Replay,
  Sim,
  SimCommand,
  TakeoverEdit,
  TaskContext,
  ForkPoint,
  WorkingSet,
} from '../engine';
import type {
  PageStore,
  CheckpointSummary,
  OpenedStore,
  RunBatch,
  RunMeta,
  Skipped,
  TabRole,
  TabSession,
  Writer,
} from '../persistence';
import type { Player } from './player';
import type { SimView } from './view';
import type { WriteReport } from './writeReport';

/**
 * The shape of the one UI store, slice by slice (zustand's slices pattern: each slice is a
 * `StateCreator<Store, [], [], Slice>` in its own file). The shapes live here, apart from the
 * code, so every slice can see the whole store without importing another slice.
 */

export type StorageStatus = { status: 'indexeddb' | 'memory' | 'error'; message?: string };

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

/** settings.ts: what the person chose on the page. */
export interface SettingsSlice {
  lang: Lang;
  errorType: InjectableError;
  rejectReason: string;
  helpOpen: boolean;
  /** The article's code beside the diagram (ui-contract `toggle-code`); null: the page's default (on in a lesson). */
  codeShown: boolean | null;
  settings: RunSettings;
  setLang: (lang: Lang) => void;
  setErrorType: (e: InjectableError) => void;
  setRejectReason: (reason: string) => void;
  setHelpOpen: (open: boolean) => void;
  setCodeShown: (shown: boolean) => void;
  setSettings: (s: Partial<RunSettings>) => void;
}

/** play.ts: commands to the run, and the page's player (player.ts; read it with `useSelector`). */
export interface PlaySlice {
  /** Plays the page's run: playing or not, and its speed in ticks a second, are its snapshot's. */
  player: Player;
  send: (cmd: SimCommand) => boolean;
  play: () => void;
  pause: () => void;
  setSpeed: (ticksPerSecond: number) => void;
  fastForwardToApproval: () => void;
}

/** shown.ts: the live run and what the page shows of it, behind the publish gate (publish.ts). */
export interface ShownSlice {
  /** The live simulation; components read `view` (what is published) instead. */
  sim: Sim;
  /** What the page shows: republished on every change once pending checkpoints are durable. */
  view: SimView;
  /** A checkpoint being previewed from the history (the run itself goes on unchanged). */
  preview: { seq: number; view: SimView } | null;
  /** The current run's checkpoints, newest first. */
  history: CheckpointSummary[];
  lastWrite: WriteReport | null;
  writesPending: number;
  /** Checkpoint writes sent to storage and not yet settled, now (the publish gate's count). */
  writesInFlight(): number;
  /** Bytes of all checkpoints written by this run, and of the newest one. */
  bytesWritten: number;
  newestBytes: number;
  /** Done steps the newest checkpoint records (for "steps lost if it died now"). */
  newestDone: number;
  /** What a full-state checkpoint (message history included) would weigh at the same point. */
  newestFullBytes: number;
  /** A Sim's `onCheckpoint`: the checkpoint is written, and nothing after it shown until durable. */
  onCheckpoint: (cp: Checkpoint, ctx: TaskContext) => void;
  /** A Sim's subscriber: shows the run once nothing is pending (at most once a frame). */
  publish: () => void;
  /** Shows nothing until the release it returns is called (a link's replay: publish.ts `hold`). */
  holdShown: () => () => void;
}

/** health.ts: where checkpoints are kept, and a failed write said out loud. */
export interface HealthSlice {
  persist: PageStore;
  storage: StorageStatus;
  /** The write that failed and is not yet covered by a later durable one (the page says so). */
  writeFailure: WriteReport | null;
  /** Whether the browser granted persistent storage (`navigator.storage.persist()`); null: not asked or no answer. */
  persisted: boolean | null;
  /** A message for the person: an import refused, an edit refused, a write that failed. */
  notice: { kind: 'error' | 'info'; text: string } | null;
  setNotice: (n: HealthSlice['notice']) => void;
  /** A write settled (from the publish gate): a failure stops play and is shown; a later success clears it. */
  writeSettled: (report: WriteReport) => void;
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

/** driver.ts: this tab's part in the run, driver or follower (Web Locks + BroadcastChannel). */
export interface DriverSlice {
  role: TabRole;
  /**
   * Makes `tab` this tab's membership of the run shown (the previous one is let go). `seen`:
   * the run's epoch as this tab read it (0 for a run it just created); elected driver, its
   * first write claims the run from that epoch, and is refused if another tab claimed since.
   */
  attachTab: (tab: TabSession, seen: number) => void;
  /** Lets go of this tab's membership, if it is of `runId` (or of any run, with no argument). */
  leaveRun: (runId?: string) => void;
  /** Joins the run shown (the old membership goes first: it may hold this run's lock). */
  joinShown: (runId: string, seen: number) => Promise<void>;
  /** The run now stands in a store that never saw it claimed (adoptStore): the next write claims it afresh. */
  reclaim: () => void;
  /** A write settled: a driver's durable checkpoint goes to the followers. */
  afterWrite: (cp: Checkpoint, report: WriteReport) => void;
  /** Driver: shows the followers where the run stands now (throttled). */
  announceLive: () => void;
  /** Follower: this tab becomes the driver (the other tab follows), once storage is re-read. */
  driveHere: () => Promise<void>;
  /** Who writes this run's checkpoints (the fence storage checks), or undefined in a follower. */
  writer: () => Writer | undefined;
}

/** runs.ts: boot (resume or create), new runs, opening a saved one, restart, approval, the run list. */
export interface RunsSlice {
  ready: boolean;
  /** The page shows a lesson's run (stored apart: lessonRuns.ts) or a challenge's (in memory). */
  lessonRun: boolean;
  resumed: ResumeReport | null;
  /** The student's own runs (no lesson's: lessonRuns.ts), and records storage skipped. */
  runs: RunMeta[];
  skipped: Skipped[];
  boot: (search: string) => Promise<void>;
  /** A fresh run with the page's settings (and `config` on top, e.g. a story's watchdog). */
  newRun: (scenarioId?: string, seed?: number, config?: Partial<Config>) => Promise<void>;
  /** Opens a saved run; with `design`, only if the run follows that design. */
  openRun: (runId: string, design?: DesignId) => Promise<boolean>;
  /** Shows a challenge's run (a deterministic replay, kept in memory, never saved) as the page's run. */
  showLessonRun: (sim: Sim) => void;
  /** APPROVE, read from the checkpoint on disk (the article: 批准则读档从断点续跑). */
  approve: () => Promise<void>;
  restart: () => Promise<void>;
  deleteRun: (runId: string) => Promise<void>;
  refreshRuns: () => Promise<void>;
  /** Makes `sim` the page's run: subscribed, shown, meters reset to what it carries. */
  adopt: (sim: Sim, extra?: Partial<Store>) => void;
  /** Makes a Sim resumed from `cp` the page's run. */
  resumeFrom: (cp: Checkpoint, run: RunMeta | undefined) => void;
  /** Reads the run's checkpoint list into `history`. */
  loadHistory: (runId: string) => Promise<void>;
}

/** branches.ts: what a person does with a checkpoint: preview, fork, edit, replay, export, import. */
export interface BranchesSlice {
  replay: Replay | null;
  /** What the last export left out (older checkpoints past the size an import reads, unreadable ones). */
  exported: { omitted: number; unreadable: number } | null;
  selectCheckpoint: (seq: number | null) => Promise<void>;
  forkFrom: (seq: number) => Promise<void>;
  /** Human takeover (SPEC §6): a person's edit of the checkpoint shown, handed back. Returns an error, or null. */
  editStep: (edit: TakeoverEdit) => Promise<string | null>;
  replayLastFailure: () => void;
  exportRun: () => Promise<string | null>;
  importRun: (file: string | Blob) => Promise<void>;
}

/** A past moment of the page's run shown (seek.ts): the run as it stood after event `index`. */
export interface Seek {
  /** The live Sim whose timeline it is: once the page shows another run, this seek is over. */
  sim: Sim;
  /** The event (-1: where the timeline begins). */
  index: number;
  /** The run at that moment, as the page draws a run. */
  view: SimView;
  /** The checkpoint a branch from here starts from (the nearest at or before it), or null. */
  fork: ForkPoint | null;
  /** A control was pressed meanwhile: the page offers to fork from here instead. */
  offered: boolean;
}

/** seek.ts: the timeline of the run, and the past moment shown (one writer: this slice). */
export interface SeekSlice {
  seek: Seek | null;
  /** Shows the run as it stood after event `index` (clamped), pausing the live run. */
  seekTo: (index: number) => void;
  /** Shows the live run again, exactly where it was. */
  goLive: () => void;
  /** A control pressed while a past moment is shown: offer to fork from here instead. */
  offerFork: () => void;
  /** A new branch from the nearest checkpoint at or before the moment shown (the history's fork). */
  forkHere: () => Promise<void>;
}

/** A lesson's stop on the run shown: where it ended on the run's timeline (LessonBar marks it). */
export interface LessonStopMark {
  /** The stop, 0-based. */
  at: number;
  /** The event the stop ended at (-1: where the run begins). */
  event: number;
  caption: Bilingual;
}

/** A lesson at a stop, as lessons/player.ts replays it: its runs, the one shown, and where its new checkpoints go. */
export interface LessonReplay {
  /** The lesson's runs, oldest first; the last is `sim`'s. */
  runs: readonly RunBatch[];
  sim: Sim;
  /** The stops played on `sim`'s own run, each with the event it ended at. */
  stops?: readonly LessonStopMark[];
  /** Sends each checkpoint `sim` makes from now on to `sink` as well. */
  live(sink: (cp: Checkpoint, ctx: TaskContext) => void): void;
}

/** lessonRuns.ts: a lesson's runs, stored as any run's, apart from the student's own. */
export interface LessonSlice {
  /** The runs of the lesson on screen as stored, oldest first (the runs list shows them in a lesson). */
  lessonRuns: RunMeta[];
  /** The stops of the lesson shown, on the run they were played on (`sim`; none on any other run). */
  lessonStops: { sim: Sim; stops: readonly LessonStopMark[] } | null;
  /**
   * Stores the replay's runs in one write (replacing the lesson's earlier ones), then shows its
   * run as the page's. False when a later replay was asked for meanwhile (this one is not shown).
   */
  showLesson: (lessonId: string, replay: LessonReplay) => Promise<boolean>;
  /** A write of a lesson run settled: its line in `lessonRuns` follows. */
  lessonWritten: (cp: Checkpoint, report: WriteReport) => void;
}

export type Store = LessonSlice &
  SeekSlice &
  SettingsSlice &
  PlaySlice &
  ShownSlice &
  HealthSlice &
  DriverSlice &
  RunsSlice &
  BranchesSlice;
