import {
  MAX_CHECKPOINT_BYTES,
  checkCheckpoint,
  checkpointBytes,
  findScenario,
  type Checkpoint,
  checkAgainst,
  isObject,
  utf8Length,
} from '../engine';
import { describeError, quote, storageError } from './errors';
import { MAX_IMPORT_BYTES } from './records';
import { part } from '../i18n/en.errors';
import { RUN_FILE_SCHEMA, type RunFileInput } from './schemas';
import { RUN_SCHEMA, type NewRun, type RunMeta } from './types';

/**
 * The run file a person exports, reads, edits and imports: `{ format, run, checkpoints }` as
 * pretty JSON. Everything in an imported file is data: it is checked here in full before
 * anything is stored, and its text is only ever shown as text.
 */

/** Checkpoints an export left out: older ones past the size an import reads, and unreadable ones. */
type Omitted = NonNullable<RunFileInput['run']['omitted']>;

/**
 * The file's text, checkpoints oldest first as a person reads a history. Indented JSON, but
 * anything short (a ledger row, a ref) stays on one line: easier to read and edit than one
 * value per line, and about the size of compact JSON, so long runs still fit in a file.
 */
export function runFileText(run: RunMeta, checkpoints: readonly Checkpoint[], omitted?: Omitted): string {
  // A file that leaves checkpoints out says so in itself, not only on the page that wrote it.
  // Who drives the run, under which claim, and when this browser last wrote it: not in the file.
  const { driver, epoch, claimedAt, touched, ...own } = run;
  const head = omitted && (omitted.older > 0 || omitted.unreadable > 0) ? { ...own, omitted } : own;
  const file: Omit<RunFileInput, 'checkpoints'> & { checkpoints: Checkpoint[] } = {
    format: RUN_SCHEMA,
    run: head,
    checkpoints: [...checkpoints].sort((a, b) => a.seq - b.seq),
  };
  return prettyJson(file);
}

/** JSON indented by two spaces, except values whose JSON fits in `width` on their line. */
export function prettyJson(value: unknown, indent = '', width = 100): string {
  const flat = JSON.stringify(value) ?? 'null';
  if (typeof value !== 'object' || value === null || indent.length + flat.length <= width) return flat;
  const inner = `${indent}  `;
  const lines = Array.isArray(value)
    ? value.map((v) => inner + prettyJson(v ?? null, inner, width))
    : Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${inner}${JSON.stringify(k)}: ${prettyJson(v, inner, width)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return lines.length === 0 ? open + close : `${open}\n${lines.join(',\n')}\n${indent}${close}`;
}

export type ParsedRunFile =
  | {
      ok: true;
      run: Required<Omit<NewRun, 'design'>> & Pick<NewRun, 'design'> & { createdAt: number | null };
      checkpoints: Checkpoint[];
    }
  | { ok: false; error: string };

const refuse = (error: string): ParsedRunFile => ({ ok: false, error });

/**
 * A picked file's text, read where this runs (the import's Worker, so the page never holds a
 * 20 MiB string), or `input` itself when it is already text. A file over the import's size is
 * refused by its size, unread (E601); one that cannot be read (moved, a cloud drive offline),
 * with the reason (E611).
 */
export async function readRunFile(input: unknown): Promise<{ ok: true; text: unknown } | { ok: false; error: string }> {
  if (typeof Blob === 'undefined' || !(input instanceof Blob)) return { ok: true, text: input };
  if (input.size > MAX_IMPORT_BYTES) return { ok: false, error: storageError('E601', input.size.toLocaleString('en')) };
  try {
    return { ok: true, text: await input.text() };
  } catch (e) {
    return { ok: false, error: storageError('E611', describeError(e)) };
  }
}

/** The longest the checkpoint checks run before the page gets a turn (a frame's worth). */
const SLICE_MS = 12;
/**
 * The most a run file's check may take: past it the check stops and the file is refused (E610),
 * so no file grinds the Worker (or, where there is none, the page) for minutes. The largest file
 * accepted, 20 MiB of the costliest checkpoints, takes far less (`npm run bench`, untrusted).
 */
export const CHECK_BUDGET_MS = 10_000;
const nextTurn = () => new Promise<void>((r) => setTimeout(r, 0));

/** `fn` over `items`, with a turn for the page whenever a slice of SLICE_MS is spent. */
export async function slices<T, U>(items: readonly T[], fn: (item: T) => U, pause = nextTurn): Promise<U[]> {
  const out: U[] = [];
  let slice = performance.now();
  for (const item of items) {
    if (performance.now() - slice > SLICE_MS) {
      await pause();
      slice = performance.now();
    }
    out.push(fn(item));
  }
  return out;
}

/**
 * Checks a run file in full: size, JSON, ours, this version, the run, then every checkpoint
 * by the schema and the engine's own check, all of one run, no seq twice. The first problem
 * is the answer. The checkpoints are checked in slices of SLICE_MS with a turn for the page
 * between them, so a long file does not freeze it.
 */
export async function parseRunFile(
  text: unknown,
  pause: () => Promise<void> = nextTurn,
  budgetMs = CHECK_BUDGET_MS,
): Promise<ParsedRunFile> {
  const started = performance.now();
  if (typeof text !== 'string') return refuse(storageError('E602', part('why.notText')));
  // Every character is at least one byte: a cheap bound first, the exact count only if needed.
  if (text.length > MAX_IMPORT_BYTES || utf8Length(text) > MAX_IMPORT_BYTES) {
    return refuse(storageError('E601', utf8Length(text).toLocaleString('en')));
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return refuse(storageError('E602', quote((e as Error).message, 120)));
  }
  if (!isObject(raw) || typeof raw.format !== 'string' || !raw.format.startsWith('harness-sim.run'))
    return refuse(storageError('E603'));
  if (raw.format !== RUN_SCHEMA) return refuse(storageError('E604', quote(raw.format)));
  // The checkpoints are checked one by one below (each its own numbered reason), not walked twice.
  const list = raw.checkpoints;
  const file = checkAgainst(RUN_FILE_SCHEMA, { ...raw, checkpoints: Array.isArray(list) ? [] : list });
  if (!file.ok) return refuse(storageError('E605', file.reason));
  if (!Array.isArray(list) || list.length > 100_000)
    return refuse(storageError('E605', 'field "checkpoints" must be a list of at most 100,000'));
  const { run } = file.value;
  const runId = run.runId;
  if (!findScenario(run.scenario))
    return refuse(storageError('E605', `scenario ${quote(run.scenario)} is not one this simulator has`));
  const checkpoints: Checkpoint[] = [];
  const seen = new Set<number>();
  let slice = performance.now();
  for (const [i, item] of (list as unknown[]).entries()) {
    if (performance.now() - slice > SLICE_MS) {
      if (performance.now() - started > budgetMs)
        return refuse(storageError('E610', String(budgetMs / 1000), String(i + 1)));
      await pause();
      slice = performance.now();
    }
    const label = `${i + 1}`;
    const c = checkCheckpoint(item);
    if (!c.ok) return refuse(storageError('E606', label, c.error));
    const cp = c.checkpoint;
    const bytes = checkpointBytes(cp);
    if (bytes > MAX_CHECKPOINT_BYTES)
      return refuse(storageError('E606', label, part('why.tooBig', bytes.toLocaleString('en'))));
    if (cp.runId !== runId) return refuse(storageError('E607', label, quote(cp.runId), quote(runId)));
    if (cp.scenario !== run.scenario || cp.seed !== run.seed) {
      return refuse(
        storageError(
          'E606',
          label,
          `it is of scenario ${quote(cp.scenario)} seed ${cp.seed}, the run of ${quote(run.scenario)} seed ${String(run.seed)}`,
        ),
      );
    }
    if (seen.has(cp.seq)) return refuse(storageError('E608', cp.seq));
    seen.add(cp.seq);
    checkpoints.push(cp);
  }
  checkpoints.sort((a, b) => a.seq - b.seq);
  return {
    ok: true,
    run: {
      runId,
      scenario: run.scenario,
      seed: run.seed,
      branch: run.branch ?? null,
      ...(run.design ? { design: run.design } : {}),
      createdAt: run.createdAt ?? null,
    },
    checkpoints,
  };
}

/** The messages between the page (parseOffThread.ts) and runFile.worker.ts. */

export type Parsed = Extract<ParsedRunFile, { ok: true }>;

/** What the worker sends: a refusal, or the run and then its checkpoints in batches. */
export type FromWorker =
  | { kind: 'refused'; error: string }
  | { kind: 'run'; run: Parsed['run']; count: number }
  | { kind: 'checkpoints'; checkpoints: Checkpoint[] };

/** About this many characters of checkpoints per message: the page copies each in a few ms. */
const BATCH_CHARS = 512 * 1024;

/** The checkpoints cut into runs of about BATCH_CHARS of JSON, in order. */
export function batchesOf(checkpoints: readonly Checkpoint[], chars = BATCH_CHARS): Checkpoint[][] {
  const out: Checkpoint[][] = [];
  let batch: Checkpoint[] = [];
  let size = 0;
  for (const cp of checkpoints) {
    batch.push(cp);
    size += JSON.stringify(cp).length;
    if (size >= chars) {
      out.push(batch);
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) out.push(batch);
  return out;
}
