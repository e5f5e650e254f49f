import { utf8Length, type Checkpoint } from '../engine';
import type { Tx } from './backend';
import type { ChunkCache } from './chunks';
import { runKey } from './keys';
import { slices } from './runFile';
import { prepare, type Prepared } from './stored';

/** The steps of an import around its one write transaction (recordStore.ts runs them). */

/** Every checkpoint chunked for storing: ~100 ms for a 15 MiB file, so in slices with turns for the page. */
export const prepareAll = (checkpoints: readonly Checkpoint[], cache: ChunkCache): Promise<Prepared[]> =>
  slices(checkpoints, (cp) => prepare(cp, cache));

/** How long the import's staging runs before the page gets a turn. */
export const STAGE_SLICE_MS = 8;

/**
 * `stageOne` over `items` inside the import's one write transaction, with a turn for the page
 * whenever STAGE_SLICE_MS is spent. A transaction cannot wait on a timer (it commits once no
 * request is pending), so the turn is one of its own requests (`turn`, a cheap read): its
 * answer comes back as a task of its own. Without the turns, staging 948 checkpoints of a
 * 19 MiB file (their `put`s and structured clones) ran in one main-thread task of 6.5 s at 4x
 * CPU (docs/BENCHMARKS.md).
 */
export async function stageInSlices<T>(
  items: readonly T[],
  stageOne: (item: T, i: number) => Promise<void>,
  turn: () => Promise<unknown>,
  now: () => number = () => performance.now(),
): Promise<void> {
  let slice = now();
  for (const [i, item] of items.entries()) {
    if (now() - slice > STAGE_SLICE_MS) {
      await turn();
      slice = now();
    }
    await stageOne(item, i);
  }
}

/** Size of a checkpoint's JSON once its run id is `to` instead of `from`. */
export function renamedSize(p: Prepared, from: string, to: string): number {
  return p.size - utf8Length(JSON.stringify(from)) + utf8Length(JSON.stringify(to));
}

/** What every lesson run's id starts with (store/lessonRuns.ts): never the id of an import. */
const LESSON_RUN_PREFIX = 'lesson:';

/** `runId` (a lesson run's under `imported-…`), or, when taken (an import never overwrites), the first free `runId (imported n)`. */
export async function freeRunId(tx: Tx, asked: string): Promise<string> {
  // A lesson's run (`lesson:…`, store/lessonRuns.ts) imported is the person's own: listed, resumed.
  const runId = asked.startsWith(LESSON_RUN_PREFIX) ? `imported-${asked.slice(LESSON_RUN_PREFIX.length)}` : asked;
  const taken = async (id: string) => (await tx.has(runKey(id))) || (await tx.keys(['cp', id])).length > 0;
  if (!(await taken(runId))) return runId;
  const base = runId.slice(0, 180);
  for (let n = 1; ; n++) {
    const id = `${base} (imported${n === 1 ? '' : ` ${n}`})`;
    if (!(await taken(id))) return id;
  }
}
