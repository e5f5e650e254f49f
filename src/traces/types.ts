import type { JsonValue } from 'harness-core';
import type { Bilingual, LoopStage } from '../engine';

/**
 * What a trace is once read (SPEC §11): a list of tool calls in time order, whatever file it
 * came from, so a simulated run and a real agent's trace go through the same analysis.
 */

/** A JSON value as a trace carries it (arguments, results): harness-core's. */
export type { JsonValue };

/** The files read (read.ts TRACE_FORMATS): OTLP/JSON with the GenAI conventions, a Claude Code transcript, our run file. */
export const TRACE_FORMAT_IDS = ['otlp', 'claude-code', 'run-file'] as const;
export type TraceFormat = (typeof TRACE_FORMAT_IDS)[number];

/** One tool call of a trace. */
export interface TraceCall {
  /** 0-based place in time order. */
  index: number;
  tool: string;
  args: JsonValue;
  /** Canonical JSON of `args` (keys sorted at every level): the args part of the loop key. */
  argsKey: string;
  ok: boolean;
  /** The failure's type (`error.type`, `error`, or the ledger's error type); null when ok. */
  errorType: string | null;
  /** Model tokens spent on the way to this call (input + output). */
  tokens: number;
  /** Start time in ms since 1970 (fractional for OTLP's nanoseconds), or null when the trace has none. */
  start: number | null;
  /** A short digest of the call's result, or null when the trace does not record one. */
  result: string | null;
}

/** A trace, read. */
export interface Trace {
  format: TraceFormat;
  calls: TraceCall[];
  /** Lines, spans or rows that are not tool calls and gave nothing else either, by kind. */
  skipped: Record<string, number>;
  tokensNotAttributed: {
    /** Tokens spent after the last tool call (the model's closing reply): after a fuse, they count as after it. */
    afterLastCall: number;
    /** Tokens the trace gives no place in time (a run file's meter): never counted after a fuse. */
    unplaced: number;
  };
  /** Prompt-cache tokens, counted apart from `tokens` (a transcript's `cache_read_input_tokens` and its writes). */
  cache: { read: number; written: number };
}

/** The loop guard the view runs: the article's (tool + args + error type) or the coarse tool-only one. */
export interface GuardSettings {
  remindAt: number;
  fuseAt: number;
  /** The coarse guard: the key is the tool alone and there is no reminder. */
  coarse: boolean;
}

/** SPEC §3's stages, after a call: the stage of the latest failure's key, as the engine's `readLoop` reads it. */
export type TraceStage = LoopStage;

/** Which tools count as key actions (side effects) for the `key-actions` density. */
export interface KeyActionRule {
  /** Tool names matched exactly. */
  names: readonly string[];
  /** Parts of a name matched anywhere, case-insensitive. */
  patterns: readonly string[];
}

export interface DensityOptions {
  /** N of `every-n` (default 10). */
  everyN?: number;
  /** Replaces the format's default list of key actions. */
  keyActions?: KeyActionRule;
}

export type DensityPolicy = 'every-call' | 'every-n' | 'key-actions' | 'none';

/** One row per call, in order. */
export interface CallRow {
  /** 1-based position. */
  position: number;
  tool: string;
  /** Canonical args, cut short for a table. */
  args: string;
  ok: boolean;
  errorType: string | null;
  tokens: number;
  /** The loop key this call counted toward (null when it succeeded). */
  key: string | null;
  /** That key's count after the call (0 when it succeeded). */
  count: number;
  stage: TraceStage;
  /** Past the fuse point: a call the article's harness would not have made. */
  afterFuse: boolean;
  /** Whether it is a key action (a checkpoint goes before it under `key-actions`). */
  keyAction: boolean;
}

/** An ok call that repeats the previous ok call of the same tool and args, with the same result. */
export interface NoProgressRow {
  position: number;
  tool: string;
  args: string;
  /** Position of the call it repeats. */
  repeats: number;
  /** How many times in a row this tool and args gave this result so far (2 for the first repeat). */
  times: number;
}

/** One density policy over the trace's calls. */
export interface DensityRow {
  policy: DensityPolicy;
  /** N for `every-n`, null otherwise. */
  n: number | null;
  checkpoints: number;
  /** For a crash just before each call: the calls done since the last checkpoint, worst and mean. */
  lostWorst: number;
  lostMean: number;
}

/** The analysis of a trace under one guard setting. */
export interface Analysis {
  format: TraceFormat;
  settings: GuardSettings;
  calls: number;
  failures: number;
  tokens: number;
  rows: CallRow[];
  /** 1-based position of the call at which the guard first reminded / fused, or null. */
  remindAt: number | null;
  fuseAt: number | null;
  /** The key that fused, or null. */
  fusedKey: string | null;
  /** Calls after the fuse point, and the tokens they and the closing reply spent. */
  afterFuse: number;
  tokensAfterFuse: number;
  /** Position of the first later success of the fused call's tool and args (its key, under the coarse guard). */
  recoveredAt: number | null;
  recovered: boolean;
  noProgress: NoProgressRow[];
  densities: DensityRow[];
  skipped: Record<string, number>;
}

/** A trace refused, numbered (E640–E659), in both languages. */
export interface TraceRefusal {
  ok: false;
  code: string;
  message: Bilingual;
}

export type ReadResult = { ok: true; trace: Trace } | TraceRefusal;
