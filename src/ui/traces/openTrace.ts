import {
  AnalysisRows,
  EXPORT_TYPE,
  analyse,
  exportText,
  headOf,
  readTrace,
  settingsRefusal,
  type AnalysisHead,
  type DensityOptions,
  type DensityPolicy,
  type ExportKind,
  type GuardSettings,
  type RowsWindow,
  type Trace,
  type TraceFormat,
  type TraceRefusal,
} from '../../traces';
import { readSource } from './source';
import type { FromTraceWorker, ToTraceWorker } from './protocol';

/**
 * A trace opened for the view (SPEC §11): read and analysed in a module Worker, so a 50 MiB
 * trace does not freeze the page; where the page has no Worker, or it cannot start or dies (a
 * CSP without 'self' for workers, offline before it was fetched), the same calls run here. The
 * Worker's URL is the page's own file: under Trusted Types the page's default policy
 * (src/trustedTypes.ts) lets it through, as it does the import's worker.
 */
export interface OpenTrace {
  format: TraceFormat;
  /** The analysis under these settings, or their refusal (E650, E651). */
  analyse(settings: GuardSettings, options: DensityOptions): Promise<OpenAnalysis | TraceRefusal>;
  /** Stops the worker and lets the trace go. */
  close(): void;
}

/**
 * An analysis as the page holds it: its head (figures, densities, the first no-progress rows);
 * its rows, a window at a time; its exports, built where it was made (traces/window.ts).
 */
export interface OpenAnalysis {
  head: AnalysisHead;
  rows(from: number, to: number, policy: DensityPolicy): Promise<RowsWindow>;
  exported(what: ExportKind): Promise<Blob>;
}

export type OpenResult = { ok: true; trace: OpenTrace } | TraceRefusal;

/** A question to the worker, before it is given its number. */
type Question =
  Extract<ToTraceWorker, { id: number }> extends infer Q ? (Q extends { id: number } ? Omit<Q, 'id'> : never) : never;

/** Starts a trace worker, or null where the page has none. */
type SpawnWorker = () => Worker | null;

const spawnDefault: SpawnWorker = () =>
  typeof Worker === 'undefined'
    ? null
    : new Worker(new URL('./trace.worker.ts', import.meta.url), { type: 'module', name: 'harness-sim-trace' });

/** Reads `text` (or a picked file) as a trace: in a Worker when the page can start one, else on the page. */
export async function openTrace(text: string | Blob, spawn: SpawnWorker = spawnDefault): Promise<OpenResult> {
  let worker: Worker | null = null;
  try {
    worker = spawn();
  } catch {
    // A Worker the page may not start throws: read here.
  }
  if (worker) {
    const opened = await inWorker(worker, text);
    if (opened) return opened;
  }
  return onPage(text);
}

/** The same on the page's thread. */
async function onPage(source: string | Blob): Promise<OpenResult> {
  const got = await readSource(source);
  if (!got.ok) return got;
  const r = await readTrace(got.text);
  return r.ok ? { ok: true, trace: local(r.trace) } : r;
}

function local(trace: Trace): OpenTrace {
  return {
    format: trace.format,
    analyse: (settings, options) => {
      const refused = settingsRefusal(settings, options);
      if (refused) return Promise.resolve(refused);
      const rows = new AnalysisRows(analyse(trace, settings, options));
      return Promise.resolve({
        head: headOf(rows.analysis),
        rows: (from, to, policy) => Promise.resolve(rows.window(from, to, policy)),
        exported: (what) => Promise.resolve(new Blob([exportText(rows.analysis, what)], { type: EXPORT_TYPE[what] })),
      });
    },
    close: () => undefined,
  };
}

/**
 * The worker's answer, or null when it failed before answering (could not load, crashed): then
 * the page reads. A worker that dies later hands its work to the page, which reads the text
 * again once (the text is kept in this closure for that alone, never stored).
 */
function inWorker(worker: Worker, text: string | Blob): Promise<OpenResult | null> {
  type Answer = Extract<FromTraceWorker, { id: number }>['result'];
  interface Asked {
    /** What the page does instead once the worker is gone. */
    instead: () => Promise<unknown>;
    resolve: (r: Answer) => void;
    reject: (e: unknown) => void;
  }
  const waiting = new Map<number, Asked>();
  let nextId = 0;
  let dead = false;
  let closed = false;
  let page: Promise<OpenTrace | null> | null = null;
  const viaPage = (settings: GuardSettings, options: DensityOptions) => {
    page ??= readSource(text)
      .then((got) => (got.ok ? readTrace(got.text) : got))
      .then((r) => (r.ok ? local(r.trace) : null));
    return page.then((t) => (t ? t.analyse(settings, options) : Promise.reject(new Error('the trace was lost'))));
  };
  /** Asks the worker (or, once it is gone, the page) and resolves with the answer. */
  const ask = <R>(m: Question, instead: () => Promise<R>): Promise<R> => {
    if (closed) return Promise.reject(new Error('the trace was closed'));
    if (dead) return instead();
    const id = nextId++;
    return new Promise<R>((resolve, reject) => {
      waiting.set(id, { instead, resolve: resolve as (r: Answer) => void, reject });
      worker.postMessage({ ...m, id } as ToTraceWorker);
    });
  };
  const gone = () => Promise.reject(new Error('this analysis was replaced'));
  /** The page's handle on analysis `of`, made in the worker under these settings. */
  const analysisIn = (of: number, head: AnalysisHead, settings: GuardSettings, options: DensityOptions) => {
    // Once the worker is gone, the page analyses again under the same settings, once.
    let mine: Promise<OpenAnalysis> | null = null;
    const here = () =>
      (mine ??= viaPage(settings, options).then((a) => ('head' in a ? a : Promise.reject(new Error(a.code)))));
    const handle: OpenAnalysis = {
      head,
      rows: (from, to, policy) =>
        ask<RowsWindow | null>({ kind: 'rows', of, from, to, policy }, () =>
          here().then((a) => a.rows(from, to, policy)),
        ).then((r) => r ?? gone()),
      exported: (what) =>
        ask<Blob | null>({ kind: 'export', of, what }, () => here().then((a) => a.exported(what))).then(
          (b) => b ?? gone(),
        ),
    };
    return handle;
  };
  return new Promise((settle) => {
    const fail = () => {
      if (dead) return;
      dead = true;
      worker.terminate();
      settle(null);
      if (closed) return;
      for (const a of waiting.values()) a.instead().then(a.resolve as (r: unknown) => void, a.reject);
      waiting.clear();
    };
    const handle = (format: TraceFormat): OpenTrace => ({
      format,
      analyse: (settings, options) => {
        const id = nextId;
        return ask<AnalysisHead | TraceRefusal | OpenAnalysis>({ kind: 'analyse', settings, options }, () =>
          viaPage(settings, options),
        ).then((r) => ('code' in r || 'rows' in r ? r : analysisIn(id, r, settings, options)));
      },
      close: () => {
        closed = dead = true;
        waiting.clear();
        worker.terminate();
      },
    });
    worker.addEventListener('error', (e) => {
      e.preventDefault();
      fail();
    });
    worker.addEventListener('messageerror', fail);
    worker.addEventListener('message', (e: MessageEvent<FromTraceWorker>) => {
      const m = e.data;
      if (m.kind !== 'read') {
        waiting.get(m.id)?.resolve(m.result);
        waiting.delete(m.id);
      } else if (m.result.ok) settle({ ok: true, trace: handle(m.result.format) });
      else {
        dead = true;
        worker.terminate();
        settle(m.result);
      }
    });
    worker.postMessage({ kind: 'read', source: text } satisfies ToTraceWorker);
  });
}
