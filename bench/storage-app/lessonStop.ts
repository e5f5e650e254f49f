import { findLesson, playTo } from '../../src/lessons';
import type { PageStore } from '../../src/persistence';
import type { LessonStopSample } from './api';

/**
 * A lesson stop's runs written as the page writes them (one `replaceRuns`, src/store/lessonRuns.ts)
 * and as a free run's would be (`createRun`, then a put per checkpoint), interleaved.
 */

/** Three-endings' last stop, replayed from its start under fresh run ids: its runs, as the page stores them. */
function lessonRuns(freshRunId: () => string) {
  const lesson = findLesson('three-endings');
  if (!lesson) throw new Error('no three-endings lesson');
  const id = freshRunId();
  return playTo(lesson, lesson.stops.length - 1, { runId: (n) => `${id}.${n}` }).runs.filter(
    (r) => r.checkpoints.length > 0,
  );
}

export async function lessonStop(
  store: PageStore,
  freshRunId: () => string,
  samples: number,
  warmup: number,
): Promise<LessonStopSample[]> {
  const batch = async () => {
    const runs = lessonRuns(freshRunId);
    const t0 = performance.now();
    const r = await store.replaceRuns('', runs);
    if (!r.ok) throw new Error(r.error);
    return performance.now() - t0;
  };
  const puts = async () => {
    const runs = lessonRuns(freshRunId);
    const t0 = performance.now();
    for (const { meta, checkpoints } of runs) {
      const created = await store.createRun(meta);
      if (!created.ok) throw new Error(created.error);
      for (const cp of checkpoints) {
        const r = await store.put(cp);
        if (!r.ok) throw new Error(`put of checkpoint #${cp.seq} failed: ${r.message}`);
      }
    }
    return performance.now() - t0;
  };
  const out: LessonStopSample[] = [];
  for (let i = 0; i < warmup + samples; i++) {
    // Interleaved: each way goes first every other sample.
    let batchMs: number;
    let putsMs: number;
    if (i % 2) {
      batchMs = await batch();
      putsMs = await puts();
    } else {
      putsMs = await puts();
      batchMs = await batch();
    }
    const runs = lessonRuns(freshRunId);
    if (i >= warmup)
      out.push({ batchMs, putsMs, checkpoints: runs.reduce((n, r) => n + r.checkpoints.length, 0), runs: runs.length });
  }
  return out;
}
