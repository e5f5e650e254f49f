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
