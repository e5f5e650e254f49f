import type {
  AnalysisHead,
  DensityOptions,
  DensityPolicy,
  ExportKind,
  GuardSettings,
  RowsWindow,
  TraceFormat,
  TraceRefusal,
} from '../../traces';

/**
 * What the page asks the trace worker (trace.worker.ts): read a trace once (its text, or the picked
 * file itself, read there), analyse it under each
 * setting, then, of analysis `of` (the newest; an older one is let go), a window of rows or an
 * export.
 */
export type ToTraceWorker =
  | { kind: 'read'; source: string | Blob }
  | { kind: 'analyse'; id: number; settings: GuardSettings; options: DensityOptions }
  | { kind: 'rows'; id: number; of: number; from: number; to: number; policy: DensityPolicy }
  | { kind: 'export'; id: number; of: number; what: ExportKind };

/**
 * What the worker answers: the trace's format once read (the trace itself stays there), each
 * analysis's head (its rows stay there too), each window, each export as a Blob (null: the
 * analysis asked about was let go).
 */
export type FromTraceWorker =
  | { kind: 'read'; result: { ok: true; format: TraceFormat } | TraceRefusal }
  | { kind: 'analysis'; id: number; result: AnalysisHead | TraceRefusal }
  | { kind: 'rows'; id: number; result: RowsWindow | null }
  | { kind: 'export'; id: number; result: Blob | null };
