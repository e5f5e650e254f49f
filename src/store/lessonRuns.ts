import type { Sim } from '../engine';
import type { UpToRuns } from './runs';
import { LESSON_RUN_PREFIX } from '../persistence';
import type { StopOnRun } from '../lessons/types';
import type { LessonReplay, SliceArgs } from './types';

/**
 * A lesson's runs, stored like any run (issue 39): each stop is the lesson replayed from its
 * start (lessons/player.ts), and that replay's runs (its start, each segment, a fork) are
 * written to storage in one transaction before the page shows them, replacing the lesson's
 * earlier ones. The student's own presses then go through the publish gate as any run's do.
 * They are kept apart from the student's free runs by their ids (`lesson:<lesson>:…`): the
 * runs list of free play and the run a reload resumes never include them.
 */

/** What every run of lesson `lessonId` starts with: a replay drops them all (this tab's and a reload's). */
const lessonRunPrefix = (lessonId: string): string => `${LESSON_RUN_PREFIX}${lessonId}:`;

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

type Above = UpToRuns;

const none = {
  /** The stops of the lesson shown, on the run they were played on (`sim`; none on any other run). */
  lessonStops: null as { sim: Sim; stops: readonly StopOnRun[] } | null,
};

/** The sixth slice: a lesson's runs shown, stored as any run's (the list itself is storage's). */
export const createLessonSlice = (...[set, get]: SliceArgs<typeof none, Above>) => {
  /** The latest replay asked to be shown: an earlier one that lands after it is not shown. */
  let shows = 0;
  return {
    ...none,

    /**
     * Stores the replay's runs in one write (replacing the lesson's earlier ones), then shows its
     * run as the page's. False when a later replay was asked for meanwhile (this one is not shown).
     */
    showLesson: async (lessonId: string, pos: LessonReplay): Promise<boolean> => {
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
      get().driveAlone();
      get().adopt(pos.sim, {
        history: listed?.items ?? [],
        resumed: null,
        lastWrite: null,
        lessonRun: true,
        bytesWritten: stored.find((r) => r.runId === runId)?.bytes ?? 0,
      });
      get().setLessonRuns(stored);
      set({ lessonStops: { sim: pos.sim, stops: pos.stops ?? [] } });
      // Not stored, the lesson still plays (in memory), and the page says why its disk is empty.
      get().setNotice(written.ok ? null : { kind: 'error', text: written.error });
      pos.live(get().onCheckpoint);
      return true;
    },
  };
};

export type LessonSlice = ReturnType<typeof createLessonSlice>;
/** This slice and every slice above it: what the next slice's `get` sees. */
export type UpToLesson = UpToRuns & LessonSlice;
