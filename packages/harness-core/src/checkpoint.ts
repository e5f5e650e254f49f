import type { ArtifactRef, Attempt, CheckpointTrigger, PlanAnswer, Step, StateName, TaskContext } from './types.js';
import { canonicalArgs } from './canonical.js';
import { errorText } from './errors.js';
import { isObject, utf8Length } from './json.js';
import { readLoop } from './loopGuard.js';
import { designOf } from './designs.js';
import { CHECKPOINT_SCHEMA_V, checkAgainst } from './schema.js';
import { RunMemo } from './memo.js';
import { CHECKPOINT_SCHEMA, MAX_CHECKPOINT_BYTES, type Checkpoint, type LedgerRow } from './checkpointShape.js';
import { fromRanges, todoRanges } from './ranges.js';
import { rebuildSteps } from './restore.js';
import { consistencyProblem } from './consistency.js';
import type { PlanLookup } from './world.js';

/**
 * Checkpoints of SPEC §5: the position, not the luggage. Plain JSON a person can read and
 * edit: state and step, the done list, artifact refs, the todo snapshot and the plan snapshot,
 * plus what replay and approval need. Never the message history: that is rebuilt on resume.
 */

/** A ledger row as stored: what the plan already says (`planned`) is left out. */
function toRow(a: Attempt, planned: Step | undefined): LedgerRow {
  return {
    step: a.step,
    attempt: a.attempt,
    outcome: a.outcome,
    at: a.at,
    ...(planned && canonicalArgs(planned.args) === a.args ? {} : { args: a.input.args }),
    ...(a.input.fault ? { fault: a.input.fault } : {}),
    ...(a.error ? { error: a.error } : {}),
    ...(a.actor === 'human' ? { actor: 'human' as const } : {}),
    ...(a.ref && a.ref !== planned?.produces ? { ref: a.ref } : {}),
  };
}

/**
 * The ledger rows as stored. A run's ledger only grows, so the next checkpoint reuses the rows
 * of the common prefix (found by identity, in the run's memo; speed device: docs/design/speed.md).
 */
function storedLedger(memo: RunMemo, ledger: readonly Attempt[], steps: readonly Step[]): LedgerRow[] {
  const lastStored = memo.stored as {
    ledger: readonly Attempt[];
    steps: readonly Step[];
    rows: readonly LedgerRow[];
  } | null;
  const last = lastStored?.steps === steps ? lastStored : null;
  let shared = 0;
  if (last) {
    const n = Math.min(ledger.length, last.ledger.length);
    while (shared < n && ledger[shared] === last.ledger[shared]) shared++;
  }
  const rows = last ? last.rows.slice(0, shared) : [];
  for (let i = shared; i < ledger.length; i++) {
    const a = ledger[i] as Attempt;
    rows.push(toRow(a, steps[a.step - 1]));
  }
  memo.stored = { ledger, steps, rows };
  return rows;
}

/** Builds the checkpoint of a run as it stands in `state`: cheap, it shares the context's data. */
export function toCheckpoint(ctx: TaskContext, state: StateName, trigger: CheckpointTrigger, wall: number): Checkpoint {
  const steps = ctx.plan.steps;
  const cursor = Math.min(ctx.cursor, steps.length);
  const todos = todoRanges(ctx.todos);
  const design = designOf(ctx.design);
  return {
    schema: CHECKPOINT_SCHEMA,
    runId: ctx.runId,
    seq: ctx.seq,
    trigger,
    scenario: ctx.scenarioId,
    seed: ctx.seed,
    ...(design.id === 'article' ? {} : { design: design.id }),
    state,
    step: cursor,
    done: todos.done,
    // Shared with the context: both are immutable (a checkpoint is never mutated). The
    // `no-refs` design keeps the position only: its resumed run must re-read the files.
    refs: design.refs ? (ctx.refs as ArtifactRef[]) : [],
    todos: { in_progress: todos.in_progress, pending: todos.pending, skipped: todos.skipped },
    plan: {
      mode: ctx.plan.mode,
      version: ctx.plan.version,
      total: steps.length,
      revisions: ctx.plan.revisions as number[],
      ...(ctx.plan.answers?.length ? { answers: ctx.plan.answers as PlanAnswer[] } : {}),
      ...(ctx.plan.mode === 'dynamic' ? { remaining: steps.slice(cursor - 1) } : {}),
    },
    ledger: storedLedger(ctx.memo, ctx.ledger, steps),
    loop: { ...readLoop(ctx.ledger, cursor, ctx.config).counts },
    approval: ctx.approval,
    world: ctx.world,
    config: ctx.config,
    meters: { clock: ctx.clock, tokens: ctx.tokens },
    waitingSince: ctx.waitingSince,
    ended: ctx.ended,
    time: { virtual: ctx.clock, wall },
  };
}

/** The stored form: compact JSON (the UI pretty-prints it for people). */
export const serializeCheckpoint = (cp: Checkpoint): string => JSON.stringify(cp);

/** Bytes of the checkpoint as stored (UTF-8 of its JSON). */
export function checkpointBytes(cp: Checkpoint): number {
  return utf8Length(serializeCheckpoint(cp));
}

export type ParseResult = { ok: true; checkpoint: Checkpoint } | { ok: false; error: string };

/** Migrations from older schema ids to the current one: `id → (record) → record`. */
export type Migrations = Readonly<Record<string, (old: Record<string, unknown>) => Record<string, unknown>>>;

/**
 * Schema `harness-sim.checkpoint/1` is the first: no older version exists to migrate from yet.
 * A later version adds its predecessor here, and a fixture of it under `__fixtures__/`.
 */
export const MIGRATIONS: Migrations = {};

type Obj = Record<string, unknown>;
const isStr = (v: unknown): v is string => typeof v === 'string';

/**
 * What the schema (schema.ts, the one description of the record) cannot say: the ranges parse.
 * The first problem found is reported, naming its field.
 */
function firstProblem(c: Obj): string | null {
  const shape = checkAgainst(CHECKPOINT_SCHEMA_V, c);
  if (!shape.ok) return shape.reason;
  const cp = shape.value;
  const ranges: [string, string][] = [
    ['done', cp.done],
    ['todos.in_progress', cp.todos.in_progress],
    ['todos.pending', cp.todos.pending],
    ['todos.skipped', cp.todos.skipped],
  ];
  const bad = ranges.find(([, r]) => fromRanges(r) === null);
  return bad ? `field "${bad[0]}" is not a list of step ranges` : null;
}

/**
 * Reads a stored or imported checkpoint: `ok` with the checkpoint, or `error` with a reason a
 * person can read. Refuses what is not JSON, not ours, of another schema version (unless a
 * migration exists), over 1 MiB, or damaged; and checks it fits its plan, found by its id in `plans`.
 */
export function parseCheckpoint(text: string, plans: PlanLookup, migrations: Migrations = MIGRATIONS): ParseResult {
  const bytes = utf8Length(text);
  if (bytes > MAX_CHECKPOINT_BYTES) return { ok: false, error: errorText('E204', bytes.toLocaleString('en')) };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: errorText('E201', (e as Error).message) };
  }
  return checkCheckpoint(raw, plans, migrations);
}

/** The same checks on a value already parsed from JSON (IndexedDB stores objects). */
export function checkCheckpoint(raw: unknown, plans: PlanLookup, migrations: Migrations = MIGRATIONS): ParseResult {
  if (!isObject(raw) || !isStr(raw.schema) || !raw.schema.startsWith('harness-sim.checkpoint')) {
    return { ok: false, error: errorText('E202') };
  }
  let c: Obj = raw;
  if (c.schema !== CHECKPOINT_SCHEMA) {
    const migrate = migrations[c.schema as string];
    if (!migrate) return { ok: false, error: errorText('E203', JSON.stringify(c.schema).slice(0, 80)) };
    c = migrate(c);
  }
  const problem = firstProblem(c);
  if (problem) return { ok: false, error: errorText('E205', problem) };
  const plan = plans(c.scenario as string);
  if (!plan) return { ok: false, error: errorText('E206', (c.scenario as string).slice(0, 80)) };
  const cp = c as unknown as Checkpoint;
  if (cp.step > cp.plan.total || cp.plan.total === 0)
    return { ok: false, error: errorText('E205', 'its step lies outside its plan') };
  if (cp.plan.mode !== plan.mode)
    return { ok: false, error: errorText('E205', `its plan mode differs from scenario ${plan.id}`) };
  // Planning makes version 1 and each revision adds one (plan.ts): the version bounds the
  // revisions. A one-shot plan is revised only to answer a rejection (each revision an answer).
  const revisions = cp.plan.revisions.length;
  const answers = cp.plan.answers ?? [];
  const answered = new Set(answers.map((a) => a.rev));
  if (
    revisions !== Math.max(cp.plan.version - 1, 0) ||
    answered.size !== answers.length ||
    answers.some((a) => a.rev >= revisions) ||
    (cp.plan.mode !== 'dynamic' && answered.size !== revisions)
  )
    return { ok: false, error: errorText('E205', 'its plan revisions do not match its plan version') };
  if (rebuildSteps(cp, plan)?.length !== cp.plan.total)
    return { ok: false, error: errorText('E205', 'its plan does not match its scenario') };
  const disagreement = consistencyProblem(cp);
  if (disagreement) return { ok: false, error: errorText('E205', disagreement) };
  return { ok: true, checkpoint: cp };
}
