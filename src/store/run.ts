import {
  DEFAULT_SCENARIO_ID,
  Sim,
  checkpointBytes,
  fromRanges,
  fullStateBytes,
  nextMove,
  STORIES,
  StoryRun,
  toCheckpoint,
  type Checkpoint,
  type SimCommand,
  type StoryId,
} from '../engine';
import type { Challenge } from '../challenges/types';
import { joinRun, storageError, type CheckpointSummary, type RunMeta, type TabSession } from '../persistence';
import { createPlayer } from './player';
import { createPublisher, shownOf } from './publish';
import { resumeReport } from './reports';
import { isLessonRun } from './storage';
import type { TabHost, UpToTab } from './tab';
import type { ResumeReport, SliceArgs } from './types';
import { viewOf, type SimView } from './view';
import { stalledReport, type WriteReport } from './writeReport';

/** Ticks a second a page starts at. */
const START_SPEED = 4;
/**
 * Checkpoint writes the run may have in flight before the player waits for storage: a
 * fast-forward of a long plan otherwise queued hundreds, the oldest waited past the write
 * watchdog (WRITE_WATCHDOG_MS) and the page said storage had stopped answering (E520).
 */
export const MAX_WRITES_IN_FLIGHT = 16;

/**
 * Story moves for each move of the page's player: at the page's 4 ticks a second a night of
 * polls (48) or retries takes seconds, not minutes; the speed slider paces a story too.
 */
export const STORY_MOVES_PER_TICK = 3;

/**
 * What plays the run shown besides the person's own presses: one of the article's stories
 * (SPEC §9), on the page's own player (`beat`: the beat being played, null once it stopped: a
 * pause, another run, its end; `done`: it played to its end), or a challenge.
 */
type Activity = StoryActivity | ChallengeActivity | null;
export type StoryActivity = { kind: 'story'; id: StoryId; run: StoryRun; beat: string | null; done: boolean };
/**
 * A challenge's run shown (store/challenge.ts): the student's presses are its Sim's moves from
 * `from` on (playing to the challenge's start is not the student's doing).
 */
export type ChallengeActivity = { kind: 'challenge'; challenge: Challenge; sim: Sim; from: number };

// Shown until boot adopts the page's run (boot runs before the first render).
const first = new Sim({ scenario: DEFAULT_SCENARIO_ID, runId: 'boot' });

/** The run shown, as a page starts. */
const shown = {
  /** The live simulation; components read `view` (what is published) instead. */
  sim: first,
  /** What the page shows: republished on every change once pending checkpoints are durable. */
  view: viewOf(first) as SimView,
  /** A checkpoint being previewed from the history (the run itself goes on unchanged). */
  preview: null as { seq: number; view: SimView } | null,
  /** The current run's checkpoints, newest first. */
  history: [] as CheckpointSummary[],
  lastWrite: null as WriteReport | null,
  writesPending: 0,
  /** Bytes of all checkpoints written by this run, and of the newest one. */
  bytesWritten: 0,
  newestBytes: 0,
  /** Done steps the newest checkpoint records (for "steps lost if it died now"). */
  newestDone: 0,
  /** What a full-state checkpoint (message history included) would weigh at the same point. */
  newestFullBytes: 0,
  /** How the run shown was resumed, if it was. */
  resumed: null as ResumeReport | null,
  /** The page shows a lesson's run (stored apart: lessonRuns.ts) or a challenge's (in memory). */
  lessonRun: false,
  activity: null as Activity,
};

type Above = UpToTab;
export type RunState = typeof shown;

/**
 * The fourth slice: the run shown, and the one writer of its Sim. Commands go through `send`
 * (a follower tab sends none); the page's player (player.ts) ticks whatever run is shown;
 * `adopt` makes a Sim the page's run. Every Sim it adopts writes through `onCheckpoint` and is
 * shown through `publish`: the publish gate (publish.ts) shows what follows a checkpoint only
 * once that checkpoint is durable.
 */
export const createRunSlice = (...[set, get]: SliceArgs<RunState, Above>) => {
  /** A write settled or stalled: a handover's refusals aside, a failure stops play and is said. */
  const settle = (report: WriteReport) => {
    // A follower's refused write is the handover working (the new driver's are stored); a
    // driver's refused by the fence is two tabs driving for a moment, which tab.ts settles.
    if (!report.ok && report.failure === 'stale' && get().role === 'follower') return;
    if (!report.ok && report.failure === 'fenced') return;
    if (!report.ok) pause();
    get().writeSettled(report);
  };
  const publisher = createPublisher({
    // A lesson's run is no tab's to claim (lessonRuns.ts): written as nobody's, never fenced.
    put: (cp) => get().persist.put(cp, isLessonRun(cp.runId) ? undefined : get().writer()),
    settled: (cp, report) => {
      if (isLessonRun(cp.runId)) get().lessonWritten(cp, report);
      else get().afterWrite(cp, report);
      settle(report);
    },
    // A hanging write is the storage error state at once (play stopped), not a silent freeze.
    stalled: (cp, ms) => settle(stalledReport(cp, ms, storageError('E520', cp.seq, ms / 1000))),
    show: (batch) => {
      set((s) => ({ view: viewOf(s.sim), ...shownOf(batch, s.sim.context.runId, s) }));
      get().announceLive();
    },
  });

  /** Sends `cmd` to the run shown; false when it did not apply (or this tab only follows). */
  const send = (cmd: SimCommand): boolean => get().role !== 'follower' && get().sim.send(cmd);
  /** STORY_MOVES_PER_TICK moves of the story; false once it is over or no longer on the page's run. */
  const storyMoves = (run: StoryRun): boolean => {
    // Another run took the page (a new run, a fork, a takeover): the story stops there.
    if (run.sim !== get().sim || get().role !== 'driver') return false;
    for (let i = 0; i < STORY_MOVES_PER_TICK; i++) if (!run.next() || run.done) return false;
    return true;
  };
  /** One move of the page's run; false when it cannot move (ended, down, or this tab only follows). */
  const move = (): boolean => {
    const { sim, activity } = get();
    if (activity?.kind === 'story' && activity.beat) return storyMoves(activity.run);
    const next = nextMove(sim);
    return sim.can(next) && send(next);
  };
  /** After a beat, the story's beat shown follows the story. */
  const afterBeat = () => {
    const a = get().activity;
    if (a?.kind !== 'story' || !a.beat) return;
    const beat = a.run.current?.kind;
    if (beat && beat !== a.beat) set({ activity: { ...a, beat } });
  };
  const ready = () => publisher.pending < MAX_WRITES_IN_FLIGHT;
  const player = createPlayer({ move, afterBeat, ready }, START_SPEED);
  const pause = () => player.send({ type: 'player.pause' });
  // The player stopped (a pause, another run, the story's end): so has the story.
  player.subscribe((p) => {
    const a = get().activity;
    if (a?.kind === 'story' && a.beat && p.matches('paused')) set({ activity: { ...a, beat: null, done: a.run.done } });
  });

  /** Makes `sim` the page's run: subscribed, shown, meters reset to what it carries. */
  const adopt = (sim: Sim, extra: Partial<RunState> = {}) => {
    pause();
    sim.subscribe(publisher.publish);
    const cp = sim.newest;
    const bytes = cp ? checkpointBytes(cp) : 0;
    get().setRejectReason('');
    get().forgetFailure();
    if (!extra.lessonRun) get().setLessonRuns([]);
    set({
      sim,
      view: viewOf(sim),
      preview: null,
      lessonRun: false,
      newestBytes: bytes,
      newestFullBytes: cp ? fullStateBytes(sim.context, bytes) : 0,
      newestDone: cp ? (fromRanges(cp.done)?.length ?? 0) : 0,
      bytesWritten: 0,
      ...extra,
    });
  };

  /** Makes a Sim resumed from `cp` the page's run. */
  const resumeFrom = (cp: Checkpoint, run: RunMeta | undefined, extra: Partial<RunState> = {}) => {
    const sim = new Sim({ scenario: cp.scenario, from: cp, wallClock: Date.now, onCheckpoint: publisher.onCheckpoint });
    adopt(sim, { bytesWritten: run?.bytes ?? 0, resumed: resumeReport(cp, sim), ...extra });
  };

  /** Reads the run's checkpoint list into `history`. */
  const loadHistory = async (runId: string) => {
    const { items, skipped } = await get().persist.list(runId);
    set({ history: items });
    get().addSkipped(skipped);
  };

  /** What the tab is told of the run shown (tab.ts never reads the Sim). */
  const host: TabHost = {
    runId: () => get().sim.context.runId,
    newest: () => get().sim.newest,
    position: () => {
      const { sim, lessonRun } = get();
      // A lesson's or a challenge's run on screen is not the run the followers follow.
      return lessonRun ? null : toCheckpoint(sim.context, sim.state, 'manual', Date.now());
    },
    mirror: (cp, stored) => {
      // A follower shows what the driver announced: a Sim resumed from it, never driven here.
      const sim = new Sim({
        scenario: cp.scenario,
        from: cp,
        shownOnly: true,
        newest: stored,
        wallClock: Date.now,
        onCheckpoint: publisher.onCheckpoint,
      });
      sim.subscribe(publisher.publish);
      set({ sim, view: viewOf(sim), resumed: null });
      if (stored === cp) void loadHistory(cp.runId);
    },
    drive: (cp) => {
      if (cp && cp.seq >= (get().sim.newest?.seq ?? 0))
        resumeFrom(
          cp,
          get().runs.find((r) => r.runId === cp.runId),
        );
    },
    follow: pause,
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
    ...shown,
    /** Plays the page's run: playing or not, and its speed in ticks a second, are its snapshot's. */
    player,
    send,
    play: () => player.send({ type: 'player.play' }),
    pause,
    setSpeed: (speed: number) => player.send({ type: 'player.speed', speed }),
    fastForwardToApproval: () => {
      const until = () => get().sim.can({ type: 'APPROVE' });
      player.send({ type: 'player.pause' });
      player.send({ type: 'player.fastForward', until });
    },

    /** A Sim's `onCheckpoint`: the checkpoint is written, and nothing after it shown until durable. */
    onCheckpoint: publisher.onCheckpoint,
    /** A Sim's subscriber: shows the run once nothing is pending (at most once a frame). */
    publish: publisher.publish,
    /** Shows nothing until the release it returns is called (a link's replay: publish.ts `hold`). */
    holdShown: publisher.hold,
    /** Checkpoint writes sent to storage and not yet settled, now (the publish gate's count). */
    writesInFlight: (): number => publisher.pending,

    adopt,
    resumeFrom,
    loadHistory,
    /** Shows a checkpoint of the history (null: the run itself again). */
    setPreview: (preview: RunState['preview']) => set({ preview }),
    /** The resume notice was read: it goes. */
    dismissResumed: () => set({ resumed: null }),

    /** Makes `tab` this tab's membership of the run shown (tab.ts `attachTab`). */
    joinTab: (tab: TabSession, seen: number) => get().attachTab(tab, seen, host),
    /** Joins the run shown (the old membership goes first: it may hold this run's lock). */
    joinShown: async (runId: string, seen: number): Promise<void> => {
      get().leaveRun();
      get().attachTab(await joinRun(runId), seen, host);
    },

    /** Writes the newest checkpoint again (through the publish gate). */
    retryWrite: () => {
      const { sim } = get();
      if (sim.newest && get().role === 'driver') publisher.onCheckpoint(sim.newest, sim.context);
    },

    /** Plays story `id` on the run shown (a fresh run of its scenario: runs.ts `playStory`). */
    startStory: (id: StoryId) => {
      const run = new StoryRun(STORIES[id], get().sim, {
        send,
        passTime: (until) => get().role !== 'follower' && get().sim.passTime(until),
      });
      set({ activity: { kind: 'story', id, run, beat: run.current?.kind ?? null, done: false } });
      player.send({ type: 'player.play' });
    },

    /** Stops the story where it stands (the run stays as it is). */
    stopStory: () => {
      pause();
      const a = get().activity;
      if (a?.kind === 'story' && a.beat) set({ activity: { ...a, beat: null } });
    },

    /** RESTART from the checkpoint on disk. */
    restart: async (): Promise<void> => {
      const checkpoint = await stored();
      if (!get().sim.send({ type: 'RESTART', from: checkpoint })) return;
      if (checkpoint) set({ resumed: resumeReport(checkpoint, get().sim) });
    },

    /** APPROVE, read from the checkpoint on disk (the article: 批准则读档从断点续跑). */
    approve: async (): Promise<void> => {
      const { sim } = get();
      if (get().role === 'follower' || !sim.can({ type: 'APPROVE' })) return;
      const checkpoint = await stored();
      if (get().sim !== sim || !sim.send({ type: 'APPROVE', from: checkpoint })) return;
      const from = sim.resumedFrom;
      if (from && from.trigger === 'before_suspend') set({ resumed: resumeReport(from, sim) });
    },
  };
};

export type RunSlice = ReturnType<typeof createRunSlice>;
/** This slice and every slice above it: what the next slice's `get` sees. */
export type UpToRun = UpToTab & RunSlice;
