import type { Analysis, DensityOptions, GuardSettings, TraceFormat, TraceRefusal } from '../../traces';

/** What the page asks the trace worker (trace.worker.ts): read a trace once, then analyse it under each setting. */
export type ToTraceWorker =
  { kind: 'read'; text: string } | { kind: 'analyse'; id: number; settings: GuardSettings; options: DensityOptions };

/** What the worker answers: the trace's format once read (the trace itself stays there), and each analysis. */
export type FromTraceWorker =
  | { kind: 'read'; result: { ok: true; format: TraceFormat } | TraceRefusal }
  | { kind: 'analysis'; id: number; result: Analysis | TraceRefusal };
