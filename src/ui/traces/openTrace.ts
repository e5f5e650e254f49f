import {
  analyse,
  readTrace,
  settingsRefusal,
  type Analysis,
  type DensityOptions,
  type GuardSettings,
  type Trace,
  type TraceFormat,
  type TraceRefusal,
} from '../../traces';
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
  analyse(settings: GuardSettings, options: DensityOptions): Promise<Analysis | TraceRefusal>;
  /** Stops the worker and lets the trace go. */
  close(): void;
}

export type OpenResult = { ok: true; trace: OpenTrace } | TraceRefusal;

/** Starts a trace worker, or null where the page has none. */
export type SpawnWorker = () => Worker | null;

const spawnDefault: SpawnWorker = () =>
  typeof Worker === 'undefined'
    ? null
    : new Worker(new URL('./trace.worker.ts', import.meta.url), { type: 'module', name: 'harness-sim-trace' });

/** Reads `text` as a trace: in a Worker when the page can start one, else on the page. */
export async function openTrace(text: string, spawn: SpawnWorker = spawnDefault): Promise<OpenResult> {
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
async function onPage(text: string): Promise<OpenResult> {
  const r = await readTrace(text);
  return r.ok ? { ok: true, trace: local(r.trace) } : r;
}

function local(trace: Trace): OpenTrace {
  return {
    format: trace.format,
    analyse: (settings, options) =>
      Promise.resolve(settingsRefusal(settings, options) ?? analyse(trace, settings, options)),
    close: () => undefined,
  };
}

/**
 * The worker's answer, or null when it failed before answering (could not load, crashed): then
 * the page reads. A worker that dies later hands its work to the page, which reads the text
 * again once (the text is kept in this closure for that alone, never stored).
 */
function inWorker(worker: Worker, text: string): Promise<OpenResult | null> {
  interface Asked {
    settings: GuardSettings;
    options: DensityOptions;
    resolve: (r: Analysis | TraceRefusal) => void;
    reject: (e: unknown) => void;
  }
  const waiting = new Map<number, Asked>();
  let nextId = 0;
  let dead = false;
  let closed = false;
  let page: Promise<OpenTrace | null> | null = null;
  const viaPage = (settings: GuardSettings, options: DensityOptions) => {
    page ??= readTrace(text).then((r) => (r.ok ? local(r.trace) : null));
    return page.then((t) => (t ? t.analyse(settings, options) : Promise.reject(new Error('the trace was lost'))));
  };
  return new Promise((settle) => {
    const fail = () => {
      if (dead) return;
      dead = true;
      worker.terminate();
      settle(null);
      if (closed) return;
      for (const a of waiting.values()) viaPage(a.settings, a.options).then(a.resolve, a.reject);
      waiting.clear();
    };
    const handle = (format: TraceFormat): OpenTrace => ({
      format,
      analyse: (settings, options) => {
        if (closed) return Promise.reject(new Error('the trace was closed'));
        if (dead) return viaPage(settings, options);
        const id = nextId++;
        return new Promise((resolve, reject) => {
          waiting.set(id, { settings, options, resolve, reject });
          worker.postMessage({ kind: 'analyse', id, settings, options } satisfies ToTraceWorker);
        });
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
      if (m.kind === 'analysis') {
        waiting.get(m.id)?.resolve(m.result);
        waiting.delete(m.id);
      } else if (m.result.ok) settle({ ok: true, trace: handle(m.result.format) });
      else {
        dead = true;
        worker.terminate();
        settle(m.result);
      }
    });
    worker.postMessage({ kind: 'read', text } satisfies ToTraceWorker);
  });
}
