import type { Checkpoint } from '../engine';
import { storageError } from './errors';
import {
  CHECK_BUDGET_MS,
  parseRunFile,
  readRunFile,
  type FromWorker,
  type Parsed,
  type ParsedRunFile,
} from './runFile';

/**
 * An imported file is parsed and checked in a module Worker, so a 20 MiB file does not freeze
 * the page (one main-thread JSON.parse of 15 MiB took 348 ms in Chromium: e2e/import.spec.ts).
 * Where there is no Worker (Node, tests) or it cannot start (blocked, offline before it was
 * fetched), the same checks run on the page in slices.
 */

/** Starts the parsing worker, or null where the page has no Worker. */
export type SpawnWorker = () => Worker | null;

const spawnDefault: SpawnWorker = () =>
  typeof Worker === 'undefined'
    ? null
    : new Worker(new URL('./runFile.worker.ts', import.meta.url), { type: 'module', name: 'harness-sim-import' });

/**
 * parseRunFile's answer, worked out in a Worker when the page can start one. `file` is best the
 * picked Blob itself: the Worker reads it, so the page neither decodes its 20 MiB of text nor
 * clones that string into the Worker (in Chromium at 4x CPU, posting the string made one
 * main-thread task of seconds while the Worker parsed it: issue 40).
 */
export async function parseOffThread(
  file: string | Blob,
  spawn: SpawnWorker = spawnDefault,
  budgetMs = CHECK_BUDGET_MS,
): Promise<ParsedRunFile> {
  let worker: Worker | null = null;
  try {
    worker = spawn();
  } catch {
    // A Worker the page may not start (a CSP without 'self' for workers) throws: check here.
  }
  if (!worker) return onPage(file, budgetMs);
  // The worker keeps the same budget; this timer catches one that never answers at all (a
  // single step that does not end). Either way the file is refused and the worker stopped: a
  // file that outlasts the budget is never checked again on the page.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), budgetMs + OVERRUN_MS);
  });
  const answer = await Promise.race([fromWorker(worker, file), late]);
  clearTimeout(timer);
  worker.terminate();
  if (answer === 'late') return { ok: false, error: storageError('E610', String(budgetMs / 1000), '?') };
  return answer ?? onPage(file, budgetMs);
}

/** The same read and checks on the page, in slices: where no Worker could do them. */
async function onPage(file: string | Blob, budgetMs: number): Promise<ParsedRunFile> {
  const read = await readRunFile(file);
  return read.ok ? parseRunFile(read.text, undefined, budgetMs) : read;
}

/** How long past the budget the page waits for the worker's own refusal before it stops it. */
const OVERRUN_MS = 2000;

/** The worker's answer, or null when it failed (could not load, crashed): then the page checks. */
function fromWorker(worker: Worker, file: string | Blob): Promise<ParsedRunFile | null> {
  return new Promise((resolve) => {
    let run: Parsed['run'] | null = null;
    let count = 0;
    const checkpoints: Checkpoint[] = [];
    worker.addEventListener('error', (e) => {
      e.preventDefault();
      resolve(null);
    });
    worker.addEventListener('messageerror', () => resolve(null));
    worker.addEventListener('message', (e: MessageEvent<FromWorker>) => {
      const m = e.data;
      if (m.kind === 'refused') return resolve({ ok: false, error: m.error });
      if (m.kind === 'run') [run, count] = [m.run, m.count];
      else checkpoints.push(...m.checkpoints);
      if (run && checkpoints.length === count) resolve({ ok: true, run, checkpoints });
    });
    worker.postMessage(file);
  });
}
