import type { StateCreator } from 'zustand';
import type { RunMeta } from '../persistence';
import type { LessonSlice, Store } from './types';

/**
 * A lesson's runs, stored like any run (issue 39): each stop is the lesson replayed from its
 * start (lessons/player.ts), and that replay's runs (its start, each segment, a fork) are
 * written to storage in one transaction before the page shows them, replacing the lesson's
 * earlier ones. The student's own presses then go through the publish gate as any run's do.
 * They are kept apart from the student's free runs by their ids (`lesson:<lesson>:…`): the
 * runs list of free play and the run a reload resumes never include them.
 */

/** Every lesson run's id starts with this; no free run's does (`run-…`, a fork's, an import's own). */
export const LESSON_RUN_PREFIX = 'lesson:';

/** Whether a run is a lesson's (never listed or resumed in free play, never claimed by a tab). */
export const isLessonRun = (runId: string): boolean => runId.startsWith(LESSON_RUN_PREFIX);

/** The runs of free play: what the runs list shows outside a lesson and what a reload resumes. */
export const freeRuns = (runs: readonly RunMeta[]): RunMeta[] => runs.filter((r) => !isLessonRun(r.runId));

/** What every run of lesson `lessonId` starts with: a replay drops them all (this tab's and a reload's). */
export const lessonRunPrefix = (lessonId: string): string => `${LESSON_RUN_PREFIX}${lessonId}:`;

let replays = 0;

/**
 * Run ids for one replay of a lesson: `lesson:<id>:<replay>` for its start and
 * `lesson:<id>:<replay>.<n>` for its n-th segment (a fork adds `.fork-<n>`). Each replay's are
 * new, so a write of the replay before it still in flight can never land in this one's runs.
 * The id's length never changes.
 */
export function lessonRunIds(lessonId: string): (n: number) => string {
  // Of one length, whatever the count: a checkpoint's bytes count its run id, and a stop replayed
  // ("show me") must weigh what the student's own press made.
  replays = (replays + 1) % 36 ** 4;
  const replay = `${Date.now().toString(36).padStart(9, '0')}${replays.toString(36).padStart(4, '0')}`;
  return (n) => `${lessonRunPrefix(lessonId)}${replay}${n === 0 ? '' : `.${n}`}`;
}

export const createLessonSlice: StateCreator<Store, [], [], LessonSlice> = (set, get) => {
  /** The latest replay asked to be shown: an earlier one that lands after it is not shown. */
  let shows = 0;
  return {
    lessonRuns: [],
    lessonStops: null,

    showLesson: async (lessonId, pos) => {
      const mine = ++shows;
      const { persist } = get();
      const shown = pos.runs.at(-1);
      // A run that wrote nothing is left out, but for the one shown: the student's presses go there.
      const runs = pos.runs.filter((r) => r.checkpoints.length > 0 || r === shown);
      const written = await persist.replaceRuns(lessonRunPrefix(lessonId), runs);
      const runId = pos.sim.context.runId;
      const listed = written.ok ? await persist.list(runId) : null;
      if (mine !== shows) return false;
      const stored = written.ok ? written.runs : [];
      // The tab lets go of the student's run: a lesson's run is no tab's to drive or follow, so
      // a lesson opened beside a tab that drives the student's run is not a follower of it.
      get().leaveRun();
      get().adopt(pos.sim, {
        role: 'driver',
        history: listed?.items ?? [],
        resumed: null,
        lastWrite: null,
        lessonRun: true,
        lessonRuns: stored,
        lessonStops: { sim: pos.sim, stops: pos.stops ?? [] },
        bytesWritten: stored.find((r) => r.runId === runId)?.bytes ?? 0,
        // Not stored, the lesson still plays (in memory), and the page says why its disk is empty.
        notice: written.ok ? null : { kind: 'error', text: written.error },
      });
      pos.live(get().onCheckpoint);
      return true;
    },

    lessonWritten: (cp, report) => {
      if (!report.ok) return;
      set((s) => ({
        lessonRuns: s.lessonRuns.map((r) =>
          r.runId === cp.runId && cp.seq > r.newestSeq
            ? {
                ...r,
                newestSeq: cp.seq,
                state: cp.state,
                step: cp.step,
                checkpoints: r.checkpoints + 1,
                bytes: r.bytes + report.bytes,
              }
            : r,
        ),
      }));
    },
  };
};
