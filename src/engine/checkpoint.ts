import { findScenario, type Scenario } from './scenarios';
import type {
  ApprovalBook,
  Args,
  ArtifactRef,
  Attempt,
  CheckpointTrigger,
  EndReason,
  StoredConfig,
  InjectableError,
  Outcome,
  Plan,
  PlanMode,
  Step,
  StateName,
  TaskContext,
  TodoStatus,
  ToolError,
  WorldQueue,
} from './types';
import { INJECTABLE_ERRORS, STATE_NAMES } from './types';
import { canonicalArgs } from './canonical';
import { DEFAULT_CONFIG, validateConfig } from './config';
import { errorText } from './errors';
import { readLoop } from './loopGuard';
import { isFailure, rowsOfStep } from './ledger';
import { adviseAfterFailure, rejectionMessage, revisePlan } from './task';
import { designOf, isDesignId, type DesignId } from './designs';
import { RunMemo } from './memo';

/**
 * Checkpoints of SPEC §5: the position, not the luggage. Plain JSON a person can read and
 * edit: state and step, the done list, artifact refs, the todo snapshot and the plan snapshot,
 * plus what replay and approval need. Never the message history: that is rebuilt on resume.
 */

export const CHECKPOINT_SCHEMA = 'harness-sim.checkpoint/1';
/** Records above this are refused, whatever they hold (ui-contract: "oversize: over 1 MiB"). */
export const MAX_CHECKPOINT_BYTES = 1024 * 1024;

/**
 * A ledger row as stored. What the plan already says is left out: the tool (always the step's),
 * the args when they are the planned ones, the ref when it is the one the step produces.
 */
export interface LedgerRow {
  step: number;
  attempt: number;
  outcome: Outcome;
  at: number;
  args?: Args;
  fault?: InjectableError;
  error?: ToolError;
  actor?: 'human';
  ref?: string;
}

/** Step-number ranges as text, e.g. "1-26,28": short and readable. */
export type Ranges = string;

export interface Checkpoint {
  schema: typeof CHECKPOINT_SCHEMA;
  runId: string;
  seq: number;
  trigger: CheckpointTrigger;
  scenario: string;
  seed: number;
  /** The run's harness design; absent means `article` (SPEC §9). */
  design?: DesignId;
  /** 1. state and step number (the step in progress or to run next). */
  state: StateName;
  step: number;
  /** 2. done steps. */
  done: Ranges;
  /** 3. artifact references (bodies live in the file system). */
  refs: ArtifactRef[];
  /** 4. the todo snapshot, by status. */
  todos: Record<Exclude<TodoStatus, 'done'>, Ranges>;
  /** 5. the plan snapshot: a pointer for one-shot plans, the remaining steps for dynamic ones. */
  plan: { mode: PlanMode; version: number; total: number; revisions: number[]; remaining?: Step[] };
  ledger: LedgerRow[];
  /** Loop-guard counts at the current step (derived from the ledger; shown for people). */
  loop: Record<string, number>;
  approval: ApprovalBook;
  world: WorldQueue;
  config: StoredConfig;
  meters: { clock: number; tokens: number };
  waitingSince: number | null;
  ended: EndReason | null;
  /** Virtual time (ms since the run's start) and wall time (ms since 1970) of the write. */
  time: { virtual: number; wall: number };
  /** Set on a fork: the run and checkpoint this branch started from. */
  branch?: { from: string; seq: number };
}

export function toRanges(ns: readonly number[]): Ranges {
  const parts: string[] = [];
  for (let i = 0; i < ns.length; ) {
    let j = i;
    while (j + 1 < ns.length && (ns[j + 1] as number) === (ns[j] as number) + 1) j++;
    parts.push(i === j ? String(ns[i]) : `${ns[i]}-${ns[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

export function fromRanges(text: Ranges): number[] | null {
  if (text === '') return [];
  const out: number[] = [];
  for (const part of text.split(',')) {
    const m = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(part);
    if (!m) return null;
    const lo = Number(m[1]);
    const hi = m[2] === undefined ? lo : Number(m[2]);
    if (hi < lo || (out.length > 0 && lo <= (out[out.length - 1] as number))) return null;
    for (let k = lo; k <= hi; k++) out.push(k);
  }
  return out;
}

/** The todo list as ranges per status, in one pass (a checkpoint is built on the hot path). */
function todoRanges(todos: readonly TodoStatus[]): Record<TodoStatus, Ranges> {
  const parts: Record<TodoStatus, string[]> = { pending: [], in_progress: [], done: [], skipped: [] };
  for (let i = 0; i < todos.length; ) {
    const status = todos[i] as TodoStatus;
    let j = i;
    while (j + 1 < todos.length && todos[j + 1] === status) j++;
    parts[status].push(i === j ? String(i + 1) : `${i + 1}-${j + 1}`);
    i = j + 1;
  }
  return { pending: parts.pending.join(','), in_progress: parts.in_progress.join(','), done: parts.done.join(','), skipped: parts.skipped.join(',') };
}

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
 * The ledger rows as stored. A run's ledger only grows, so the next checkpoint shares the rows
 * of the common prefix with the last one (found by identity, kept in the run's memo) and
 * converts only the new attempts; one slot, not a map per attempt (docs/BENCHMARKS.md, engine).
 */
function storedLedger(memo: RunMemo, ledger: readonly Attempt[], steps: readonly Step[]): LedgerRow[] {
  const lastStored = memo.stored as { ledger: readonly Attempt[]; steps: readonly Step[]; rows: readonly LedgerRow[] } | null;
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
export function toCheckpoint(
  ctx: TaskContext,
  state: StateName,
  trigger: CheckpointTrigger,
  wall: number,
): Checkpoint {
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
  return new TextEncoder().encode(serializeCheckpoint(cp)).length;
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
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNat = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isStr = (v: unknown): v is string => typeof v === 'string';
const TRIGGERS: readonly CheckpointTrigger[] = [
  'phase_switch', 'before_side_effect', 'before_risky', 'before_suspend', 'terminal', 'manual', 'failure', 'every_step', 'every_n',
];
const OUTCOMES: readonly Outcome[] = ['ok', 'error', 'rejected', 'skipped', 'edited'];
const ENDS: readonly (EndReason | null)[] = [null, 'completed', 'loop_fuse', 'retries_exhausted', 'cancelled', 'step_failed'];
const ERROR_TYPES = [...INJECTABLE_ERRORS, 'rejected'];

function isArgs(v: unknown): v is Args {
  return isObj(v) && Object.values(v).every((x) => ['string', 'number', 'boolean'].includes(typeof x));
}

/** Each check names the field it found wrong; the first wrong one is reported. */
function firstProblem(c: Obj): string | null {
  const checks: [string, boolean][] = [
    ['runId', isStr(c.runId) && c.runId.length > 0 && c.runId.length <= 200],
    ['seq', isNat(c.seq)],
    ['trigger', TRIGGERS.includes(c.trigger as CheckpointTrigger)],
    ['scenario', isStr(c.scenario)],
    ['seed', typeof c.seed === 'number' && Number.isInteger(c.seed)],
    ['design', c.design === undefined || isDesignId(c.design)],
    ['state', STATE_NAMES.includes(c.state as StateName)],
    ['step', isNat(c.step) && c.step >= 1],
    ['done', isStr(c.done) && fromRanges(c.done) !== null],
    ['refs', Array.isArray(c.refs) && c.refs.every((r) => isObj(r) && isNat(r.step) && isStr(r.ref) && (r.from === undefined || isStr(r.from)))],
    ['todos', isObj(c.todos) && ['in_progress', 'pending', 'skipped'].every((k) => isStr((c.todos as Obj)[k]) && fromRanges((c.todos as Obj)[k] as string) !== null)],
    ['plan', isObj(c.plan) && ['one_shot', 'dynamic'].includes(c.plan.mode as string) && isNat(c.plan.version) && isNat(c.plan.total) && Array.isArray(c.plan.revisions) && c.plan.revisions.every(isNat)],
    ['ledger', Array.isArray(c.ledger) && c.ledger.every(isRow)],
    ['loop', isObj(c.loop) && Object.values(c.loop).every(isNat)],
    ['approval', isObj(c.approval) && isNat(c.approval.issued) && Array.isArray(c.approval.approved) && c.approval.approved.every(isNat) && (c.approval.pending === null || (isObj(c.approval.pending) && isStr(c.approval.pending.id) && isNat(c.approval.pending.step) && isNat(c.approval.pending.requestedAt)))],
    ['world', isObj(c.world) && Array.isArray(c.world.faults) && c.world.faults.every((f) => INJECTABLE_ERRORS.includes(f as InjectableError)) && Array.isArray(c.world.risky) && c.world.risky.every(isNat) && isObj(c.world.approach) && Object.values(c.world.approach).every(isNat) && isObj(c.world.args) && Object.values(c.world.args).every(isArgs)],
    ['meters', isObj(c.meters) && isNat(c.meters.clock) && isNat(c.meters.tokens)],
    ['waitingSince', c.waitingSince === null || isNat(c.waitingSince)],
    ['ended', ENDS.includes(c.ended as EndReason | null)],
    ['time', isObj(c.time) && isNat(c.time.virtual) && isNat(c.time.wall)],
    ['branch', c.branch === undefined || (isObj(c.branch) && isStr(c.branch.from) && isNat(c.branch.seq))],
  ];
  const bad = checks.find(([, ok]) => !ok);
  return bad ? `field "${bad[0]}" is missing or malformed` : null;
}

function isRow(r: unknown): r is LedgerRow {
  return (
    isObj(r) &&
    isNat(r.step) &&
    isNat(r.attempt) &&
    OUTCOMES.includes(r.outcome as Outcome) &&
    isNat(r.at) &&
    (r.args === undefined || isArgs(r.args)) &&
    (r.fault === undefined || INJECTABLE_ERRORS.includes(r.fault as InjectableError)) &&
    (r.error === undefined || (isObj(r.error) && ERROR_TYPES.includes(r.error.type as string) && isStr(r.error.message))) &&
    (r.actor === undefined || r.actor === 'human') &&
    (r.ref === undefined || isStr(r.ref))
  );
}

/**
 * Reads a stored or imported checkpoint: `ok` with the checkpoint, or `error` with a reason a
 * person can read. Refuses what is not JSON, not ours, of another schema version (unless a
 * migration exists), over 1 MiB, or damaged; and checks it fits its scenario's plan.
 */
export function parseCheckpoint(text: string, migrations: Migrations = MIGRATIONS): ParseResult {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_CHECKPOINT_BYTES) return { ok: false, error: errorText('E204', bytes.toLocaleString('en')) };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: errorText('E201', (e as Error).message) };
  }
  return checkCheckpoint(raw, migrations);
}

/** The same checks on a value already parsed from JSON (IndexedDB stores objects). */
export function checkCheckpoint(raw: unknown, migrations: Migrations = MIGRATIONS): ParseResult {
  if (!isObj(raw) || !isStr(raw.schema) || !raw.schema.startsWith('harness-sim.checkpoint')) {
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
  const config = validateConfig(c.config);
  if (!config.ok) return { ok: false, error: errorText('E205', `its config is refused (${config.error})`) };
  const scenario = findScenario(c.scenario as string);
  if (!scenario) return { ok: false, error: errorText('E206', (c.scenario as string).slice(0, 80)) };
  const cp = c as unknown as Checkpoint;
  if (cp.step > cp.plan.total || cp.plan.total === 0) return { ok: false, error: errorText('E205', 'its step lies outside its plan') };
  if (cp.plan.mode !== scenario.mode) return { ok: false, error: errorText('E205', `its plan mode differs from scenario ${scenario.id}`) };
  if (rebuildSteps(cp, scenario).length !== cp.plan.total) return { ok: false, error: errorText('E205', 'its plan does not match its scenario') };
  return { ok: true, checkpoint: cp };
}

/** The plan's steps: the scenario's (revised as recorded); a dynamic plan's remaining steps as stored. */
function rebuildSteps(cp: Checkpoint, scenario: Scenario): Step[] {
  let plan: Plan = { mode: scenario.mode, version: 1, steps: scenario.steps, revisions: [] };
  for (const at of cp.plan.revisions) plan = revisePlan(plan, scenario.replanAdds ?? [], at);
  if (cp.plan.mode !== 'dynamic' || !cp.plan.remaining) return plan.steps.slice();
  const prefix = plan.steps.slice(0, cp.step - 1);
  return [...prefix, ...cp.plan.remaining.map((s, i) => ({ ...s, n: cp.step + i }))];
}

/**
 * The working state a checkpoint stands for: what a restarted process holds after reading it.
 * The context channel is rebuilt from the ledger (the hint for the current step's latest
 * failure), not restored: it was never stored.
 */
export function restoreContext(cp: Checkpoint, scenario: Scenario): TaskContext {
  const steps = rebuildSteps(cp, scenario);
  const todos: TodoStatus[] = steps.map(() => 'pending');
  const set = (ranges: string, status: TodoStatus) => {
    for (const n of fromRanges(ranges) ?? []) if (n <= todos.length) todos[n - 1] = status;
  };
  set(cp.done, 'done');
  set(cp.todos.in_progress, 'in_progress');
  set(cp.todos.skipped, 'skipped');
  const ledger: Attempt[] = cp.ledger.map((r) => {
    const planned = steps[r.step - 1];
    const args = r.args ?? planned?.args ?? {};
    const ref = r.ref ?? (r.outcome === 'ok' ? planned?.produces : undefined);
    return {
      step: r.step,
      attempt: r.attempt,
      tool: planned?.tool ?? 'shell',
      args: canonicalArgs(args),
      outcome: r.outcome,
      ...(r.error ? { error: r.error } : {}),
      input: r.fault ? { args, fault: r.fault } : { args },
      actor: r.actor ?? 'model',
      at: r.at,
      ...(ref ? { ref } : {}),
    };
  });
  const ctx: TaskContext = {
    runId: cp.runId,
    design: cp.design ?? 'article',
    scenarioId: cp.scenario,
    seed: cp.seed,
    // A config stored before a setting existed gets that setting's default.
    config: { ...DEFAULT_CONFIG, ...cp.config },
    plan: { mode: cp.plan.mode, version: cp.plan.version, steps, revisions: cp.plan.revisions },
    cursor: cursorFrom(cp.step, todos),
    todos,
    refs: cp.refs,
    ledger,
    approval: cp.approval,
    world: cp.world,
    clock: cp.meters.clock,
    tokens: cp.meters.tokens,
    channel: [],
    seq: cp.seq,
    waitingSince: cp.waitingSince,
    ended: cp.ended,
    memo: new RunMemo(),
  };
  return { ...ctx, channel: rebuiltChannel(ctx) };
}

/** The checkpoint's step, or past it when a person closed it (done or skipped) in a takeover. */
function cursorFrom(step: number, todos: readonly TodoStatus[]): number {
  let n = step;
  while (todos[n - 1] === 'done' || todos[n - 1] === 'skipped') n++;
  return n;
}

/** Replays the current step's rows through the same advice the live run gave. */
function rebuiltChannel(ctx: TaskContext): TaskContext['channel'] {
  const rows = rowsOfStep(ctx.ledger, ctx.cursor);
  let c: TaskContext = { ...ctx, ledger: ctx.ledger.slice(0, ctx.ledger.length - rows.length), channel: [] };
  for (const row of rows) {
    c = { ...c, ledger: [...c.ledger, row], clock: row.at };
    if (row.outcome === 'rejected') c = { ...c, channel: [...c.channel, rejectionMessage(row)] };
    if (isFailure(row)) c = adviseAfterFailure(c);
  }
  return c.channel;
}
