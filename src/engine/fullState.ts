import {
  type Attempt,
  type TaskContext,
  type Tool,
  type ToolName,
  serializeCheckpoint,
  toCheckpoint,
  utf8Length,
} from 'harness-core/sim';
import { intAt } from './random';

/**
 * The luggage a full-state checkpoint carries (LangGraph's default: all graph state, message
 * history included), measured for comparison with ours, which stores only the position.
 * The history is modelled, not kept: its size is summed from the ledger, so measuring it
 * costs no memory.
 */

/** Bytes of the system prompt with the tool schemas, sent first in every conversation. */
const SYSTEM_PROMPT_BYTES = 6_200;

/** Size ranges (bytes) of what a tool returns into the conversation: file bodies are large. */
const RESULT_BYTES: Record<ToolName, readonly [number, number]> = {
  read_file: [3_000, 9_000],
  write_file: [120, 240],
  run_sql: [800, 3_200],
  http_call: [300, 900],
  shell: [400, 2_000],
};

/** One attempt as two messages: the model's tool call (with its reasoning) and the tool result. */
function attemptBytes(a: Attempt, seed: number): number {
  const call = 260 + a.args.length + intAt(seed, 0, 200, a.step, a.attempt, 5);
  // The simulator's steps use its five tools only (scenarios); a harness's own tool never reaches here.
  const [lo, hi] = RESULT_BYTES[a.tool as ToolName];
  const result = a.outcome === 'ok' ? intAt(seed, lo, hi, a.step, a.attempt, 6) : 200 + (a.error?.message.length ?? 0);
  return call + result;
}

/** Bytes a full-state checkpoint would take at this point: our position plus the whole history. */
export function fullStateBytes(ctx: TaskContext, stateBytes: number): number {
  let history = SYSTEM_PROMPT_BYTES;
  for (const a of ctx.ledger) history += attemptBytes(a, ctx.seed);
  for (const m of ctx.channel) history += utf8Length(m.text.en);
  return stateBytes + history;
}

/** Both sizes at once, for the UI's position-vs-luggage bar and the benchmark. */
export function sizesAt(ctx: TaskContext, state: Parameters<typeof toCheckpoint>[1]) {
  const position = utf8Length(serializeCheckpoint(toCheckpoint(ctx, state, 'manual', 0)));
  return { position, fullState: fullStateBytes(ctx, position) };
}

/** What a resumed run rebuilds in place of the history it never saved (SPEC §5). */
export interface WorkingSet {
  /** The newest artifact files, newest first (bodies are read back from the file system). */
  recentFiles: string[];
  /** Records in outside systems (job ids). */
  records: string[];
  /** Tools the remaining steps use. */
  tools: Tool[];
  done: number;
  total: number;
  step: number;
}

export function workingSet(ctx: TaskContext, recent = 5): WorkingSet {
  const files = ctx.refs.filter((r) => !r.ref.includes('#')).map((r) => r.ref);
  const records = ctx.refs.filter((r) => r.ref.includes('#')).map((r) => r.ref);
  const tools = [...new Set(ctx.plan.steps.slice(ctx.cursor - 1).map((s) => s.tool))];
  return {
    recentFiles: files.slice(-recent).reverse(),
    records: records.slice(-recent).reverse(),
    tools,
    done: ctx.todos.filter((t) => t === 'done').length,
    total: ctx.plan.steps.length,
    step: Math.min(ctx.cursor, ctx.plan.steps.length),
  };
}
