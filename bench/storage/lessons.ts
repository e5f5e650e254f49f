import { within } from '../chromium';
import { figure, median, range, type Figure } from '../lib';
import type { LessonStopSample } from '../storage-app/api';
import { PAGE_LIMIT, benchPage, onDisk } from './page';

/** A lesson stop's runs written (src/store/lessonRuns.ts): one transaction, against a put per checkpoint. */

const SAMPLES = 10;
const WARMUP = 2;

export async function lessonFigures(tmp: string, url: string, say: (text: string) => void): Promise<Figure[]> {
  say(`a lesson stop's runs, one transaction against a put each, on disk (${WARMUP} + ${SAMPLES} samples)`);
  const samples = await onDisk(tmp, 'lesson', async (context) => {
    const page = await benchPage(context, url);
    return within(
      page.evaluate(([n, w]) => (window.__storageBench as NonNullable<Window['__storageBench']>).lessonStop(n, w), [
        SAMPLES,
        WARMUP,
      ] as const),
      PAGE_LIMIT,
      'a lesson stop written',
    );
  });
  const s = samples[0] as LessonStopSample;
  const batch = samples.map((x) => x.batchMs);
  const puts = samples.map((x) => x.putsMs);
  const what = `three-endings' last stop replayed: ${s.runs} runs, ${s.checkpoints} checkpoints; a fresh profile on disk; interleaved, ${SAMPLES} samples after ${WARMUP} discarded`;
  return [
    figure(
      "a lesson stop's runs in one transaction (replaceRuns), p50",
      median(batch),
      'ms',
      undefined,
      `${what}; ${range(batch, 0)} ms`,
    ),
    figure(
      '… the same runs, createRun and one put per checkpoint, p50',
      median(puts),
      'ms',
      undefined,
      `${range(puts, 0)} ms`,
    ),
    figure('… one put per checkpoint / one transaction (p50s)', median(puts) / median(batch), '×'),
  ];
}
