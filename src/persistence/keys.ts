import type { Key } from './backend';

/**
 * The names the page's database and its tabs' channels go by (the opener: harness-core's
 * `openDatabase`), then the keys of its records. The folder the page is served from (`/` at a host's root; `/` too where there is no page).
 * Two copies of the build under different folders of one host (two courses) must never see each
 * other's runs, so the database, the tab channels and the run locks are named from it: at the
 * root the names are the plain ones, elsewhere they carry the folder.
 */
const SITE_PATH = typeof location === 'undefined' ? '/' : new URL('.', location.href).pathname;

/** `name` for the site under `path`: itself at the root, `name@/folder/` elsewhere. */
export const sited = (name: string, path = SITE_PATH): string => (path === '/' ? name : `${name}@${path}`);

export const DB_NAME = sited('harness-sim');
export const STORE_NAME = 'records';

/**
 * Where records live in it. One run index per run, one record per checkpoint, and the ledger
 * chunks its checkpoints share. Every key starts with the kind and the run id, so a run's
 * records are one key range (and one delete when a person asks for it).
 */
export const runKey = (runId: string): Key => ['run', runId];
export const checkpointKey = (runId: string, seq: number): Key => ['cp', runId, seq];
export const chunkKey = (runId: string, hash: string): Key => ['chunk', runId, hash];
/**
 * A checkpoint's history line (records.ts `HistoryLine`): the few fields the runs panel lists,
 * written with the checkpoint, so a run's history is listed without reading its records back.
 */
export const lineKey = (runId: string, seq: number): Key => ['line', runId, seq];
/** The store's write counter: which run this browser wrote to last (RunMeta.touched). */
export const orderKey: Key = ['order', 'writes'];

/** A key as a person reads it in a notice: `cp/run-1/7`. */
export function keyText(key: unknown): string {
  if (Array.isArray(key))
    return key.map((k) => (typeof k === 'string' || typeof k === 'number' ? String(k) : '?')).join('/');
  return typeof key === 'string' || typeof key === 'number' ? String(key) : Object.prototype.toString.call(key);
}

type ParsedKey =
  | { kind: 'run'; runId: string }
  | { kind: 'cp'; runId: string; seq: number }
  | { kind: 'chunk'; runId: string; hash: string }
  | { kind: 'line'; runId: string; seq: number }
  | { kind: 'order' }
  | { kind: 'foreign' };

/** What a key names, or `foreign` for a key this simulator never writes. */
export function parseKey(key: unknown): ParsedKey {
  if (!Array.isArray(key) || typeof key[1] !== 'string') return { kind: 'foreign' };
  const [kind, runId, last] = key as unknown[];
  if (kind === 'order' && runId === 'writes' && key.length === 2) return { kind: 'order' };
  if (kind === 'run' && key.length === 2) return { kind: 'run', runId: runId as string };
  if (kind === 'cp' && key.length === 3 && Number.isInteger(last))
    return { kind: 'cp', runId: runId as string, seq: last as number };
  if (kind === 'line' && key.length === 3 && Number.isInteger(last))
    return { kind: 'line', runId: runId as string, seq: last as number };
  if (kind === 'chunk' && key.length === 3 && typeof last === 'string')
    return { kind: 'chunk', runId: runId as string, hash: last };
  return { kind: 'foreign' };
}

/** What every lesson run's id starts with (store/lessonRuns.ts): never the id of an import. */
export const LESSON_RUN_PREFIX = 'lesson:';
