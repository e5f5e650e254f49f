/** Traces from real agents (SPEC §11): read a trace file, analyse it by the article's rules, export. */
export { TRACE_FORMATS, readTrace } from './read';
export { ARTICLE_GUARD, analyse, settingsRefusal } from './analyse';
export { DEFAULT_EVERY_N, DEFAULT_KEY_ACTIONS, POLICIES } from './densities';
export { ANALYSIS_FORMAT, analysisJson, callsCsv, csvField, densitiesCsv } from './export';
export {
  AnalysisRows,
  EXPORT_TYPE,
  NO_PROGRESS_SHOWN,
  exportText,
  headOf,
  type AnalysisHead,
  type ExportKind,
  type RowsWindow,
} from './window';
export { MAX_TRACE_BYTES } from './limits';
export { traceRefusal } from './errors';
export type {
  Analysis,
  CallRow,
  DensityOptions,
  DensityPolicy,
  DensityRow,
  GuardSettings,
  JsonValue,
  KeyActionRule,
  ReadResult,
  Trace,
  TraceCall,
  TraceFormat,
  TraceRefusal,
  TraceStage,
} from './types';
