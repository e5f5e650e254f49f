import * as v from 'valibot';
import type { Checkpoint, TakeoverEdit } from './checkpointShape.js';
import {
  CHECKPOINT_TRIGGERS,
  DENSITY_POLICIES,
  DESIGN_IDS,
  END_REASONS,
  GUARD_KINDS,
  INJECTABLE_ERRORS,
  OUTCOMES,
  PLAN_MODES,
  STATE_NAMES,
  STEP_EFFECTS,
  type Step,
  type StoredConfig,
} from './types.js';
import { inert, quote } from './quote.js';

/**
 * The engine's records described once, as valibot schemas: the checkpoint (schema
 * `harness-sim.checkpoint/1`), its config, a plan step, a takeover edit. Every object is
 * strict (an unknown or prototype key is refused), every string and list bounded. The config's
 * own rule (remindAt < fuseAt ≤ maxAttemptsPerStep) is here; rules across the record (a step
 * inside its plan, the plan fits its scenario) stay in `checkCheckpoint`, which runs after
 * these. valibot: small, tree-shaken,
 * no dependencies; its issues carry the path, so a refusal names the field.
 */

/** Longest text anywhere in a record (an error message, a title, a reason). */
export const MAX_TEXT = 2000;
const MAX_LIST = 200_000;
const MAX_KEYS = 1000;

const nat = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const pos = v.pipe(v.number(), v.safeInteger(), v.minValue(1));
const int = v.pipe(v.number(), v.safeInteger());
const text = (max = MAX_TEXT) => v.pipe(v.string(), v.maxLength(max));
const list = <T extends v.GenericSchema>(item: T, max = MAX_LIST) => v.pipe(v.array(item), v.maxLength(max));

/** A key of a record: no prototype names (they would reach Object.prototype when read back). */
const safeKey = (re: RegExp) =>
  v.pipe(
    v.string(),
    v.regex(re),
    v.check((k) => k !== '__proto__' && k !== 'constructor' && k !== 'prototype', 'a prototype key is refused'),
  );
const stepKey = safeKey(/^\d{1,6}$/);
const dict = <T extends v.GenericSchema>(key: ReturnType<typeof safeKey>, value: T) =>
  v.pipe(
    v.record(key, value),
    v.check((o) => Object.keys(o).length <= MAX_KEYS, `at most ${MAX_KEYS} keys`),
  );

export const STATE_SCHEMA = v.picklist(STATE_NAMES);
export const TRIGGER_SCHEMA = v.picklist(CHECKPOINT_TRIGGERS);
export const DESIGN_SCHEMA = v.picklist(DESIGN_IDS);
export const END_REASON_SCHEMA = v.picklist(END_REASONS);
const INJECTABLE = v.picklist(INJECTABLE_ERRORS);
/** Longest tool name or error type: open strings (the known lists are ERROR_TYPES, TOOL_NAMES). */
export const MAX_NAME = 64;
// A name may end up as a key (a host's table of its tools): no prototype names.
const name = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(MAX_NAME),
  v.check((k) => k !== '__proto__' && k !== 'constructor' && k !== 'prototype', 'a prototype name is refused'),
);
const ERROR_TYPE = name;
const TOOL = name;

export const ARGS_SCHEMA = v.pipe(
  dict(safeKey(/^.{1,64}$/su), v.union([text(), v.pipe(v.number(), v.finite()), v.boolean()])),
  v.check((o) => Object.keys(o).length <= 50, 'at most 50 args'),
);
const bilingual = v.strictObject({ zh: text(500), en: text(500) });

export const STEP_SCHEMA = v.strictObject({
  n: pos,
  title: bilingual,
  tool: TOOL,
  args: ARGS_SCHEMA,
  effect: v.picklist(STEP_EFFECTS),
  phase: text(100),
  produces: v.exactOptional(text(200)),
  renames: v.exactOptional(text(200)),
  minutes: v.exactOptional(pos),
});

/**
 * A checkpoint's config, whole: every field in its range and SPEC §3's invariant `remindAt <
 * fuseAt ≤ maxAttemptsPerStep`, so a checkpoint's config is checked once, here
 * (`validateConfig` checks a harness author's partial config, with its numbered errors).
 */
export const CONFIG_SCHEMA = v.pipe(
  v.strictObject({
    remindAt: pos,
    fuseAt: pos,
    maxAttemptsPerStep: pos,
    density: v.picklist(DENSITY_POLICIES),
    everyN: pos,
    processTimeoutMs: v.nullable(pos),
    pollMs: pos,
    flakiness: v.pipe(v.number(), v.minValue(0), v.ltValue(1)),
    heedReminder: v.exactOptional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
    guard: v.exactOptional(v.picklist(GUARD_KINDS)),
  }),
  v.check(
    (c) => c.remindAt < c.fuseAt && c.fuseAt <= c.maxAttemptsPerStep,
    'its config breaks remindAt < fuseAt ≤ maxAttemptsPerStep',
  ),
);

const ranges = text(200_000);

const LEDGER_ROW = v.strictObject({
  step: nat,
  attempt: nat,
  outcome: v.picklist(OUTCOMES),
  at: nat,
  args: v.exactOptional(ARGS_SCHEMA),
  fault: v.exactOptional(INJECTABLE),
  error: v.exactOptional(v.strictObject({ type: ERROR_TYPE, message: text() })),
  actor: v.exactOptional(v.literal('human')),
  ref: v.exactOptional(text(200)),
});
const REF = v.strictObject({ step: nat, ref: text(200), from: v.exactOptional(text(200)) });

export const CHECKPOINT_SCHEMA_V = v.strictObject({
  schema: v.literal('harness-sim.checkpoint/1'),
  runId: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  seq: nat,
  trigger: TRIGGER_SCHEMA,
  scenario: text(100),
  seed: int,
  state: STATE_SCHEMA,
  step: pos,
  done: ranges,
  refs: list(REF),
  todos: v.strictObject({ in_progress: ranges, pending: ranges, skipped: ranges }),
  plan: v.strictObject({
    mode: v.picklist(PLAN_MODES),
    version: nat,
    total: nat,
    revisions: list(nat, 10_000),
    answers: v.exactOptional(list(v.strictObject({ rev: nat, steps: list(STEP_SCHEMA, 100) }), 10_000)),
    remaining: v.exactOptional(list(STEP_SCHEMA, 100_000)),
  }),
  ledger: list(LEDGER_ROW),
  loop: dict(safeKey(/^.{1,4000}$/su), nat),
  approval: v.strictObject({
    issued: nat,
    pending: v.nullable(v.strictObject({ id: text(200), step: nat, requestedAt: nat })),
    approved: list(nat, 100_000),
    by: v.exactOptional(dict(stepKey, text(200))),
  }),
  world: v.strictObject({
    faults: list(INJECTABLE, 10_000),
    risky: list(nat, 100_000),
    approach: dict(stepKey, nat),
    args: dict(stepKey, ARGS_SCHEMA),
  }),
  config: CONFIG_SCHEMA,
  meters: v.strictObject({ clock: nat, tokens: nat }),
  waitingSince: v.nullable(nat),
  ended: v.nullable(END_REASON_SCHEMA),
  time: v.strictObject({ virtual: nat, wall: nat }),
  branch: v.exactOptional(v.strictObject({ from: v.pipe(v.string(), v.minLength(1), v.maxLength(200)), seq: nat })),
  design: v.exactOptional(DESIGN_SCHEMA),
});

export const TAKEOVER_EDIT_SCHEMA = v.variant('kind', [
  v.strictObject({ kind: v.literal('mark_done'), step: pos, ref: v.exactOptional(text(200)) }),
  v.strictObject({ kind: v.literal('skip'), step: pos }),
  v.strictObject({ kind: v.literal('set_args'), step: pos, args: ARGS_SCHEMA }),
]);

/** Types derived from the schemas; `SchemaMatchesEngine` (below) holds them to the engine's own at compile time. */
export type CheckpointInput = v.InferOutput<typeof CHECKPOINT_SCHEMA_V>;
export type StepInput = v.InferOutput<typeof STEP_SCHEMA>;
export type ConfigInput = v.InferOutput<typeof CONFIG_SCHEMA>;
export type TakeoverEditInput = v.InferOutput<typeof TAKEOVER_EDIT_SCHEMA>;

export type SchemaResult<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Bounds on any input before a schema sees it: how deep, how many values in all. */
export const MAX_DEPTH = 32;
export const MAX_NODES = 2_000_000;
const PROTO_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Why `input` is not plain bounded data, or null: a walk without recursion (a 200,000-deep
 * array cannot overflow it) that refuses prototype keys anywhere, which valibot's `record`
 * would silently drop rather than refuse.
 */
export function plainDataProblem(input: unknown): string | null {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value: input, depth: 0, path: '' }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop() as (typeof stack)[number];
    if (++nodes > MAX_NODES) return `the value holds more than ${MAX_NODES.toLocaleString('en')} values`;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_DEPTH) return `field "${path}" nests deeper than ${MAX_DEPTH} levels`;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++)
        stack.push({ value: value[i], depth: depth + 1, path: path ? `${path}.${i}` : String(i) });
      continue;
    }
    for (const key of Object.keys(value)) {
      const at = path ? `${path}.${key}` : key;
      if (PROTO_KEYS.has(key)) return `field ${quote(at)}: a prototype key is refused`;
      stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1, path: at });
    }
  }
  return null;
}

/** The first issue as `field "a.b.0": message`, so a refusal names where it went wrong. */
export function checkAgainst<S extends v.GenericSchema>(schema: S, input: unknown): SchemaResult<v.InferOutput<S>> {
  const plain = plainDataProblem(input);
  if (plain) return { ok: false, reason: plain };
  const r = v.safeParse(schema, input, { abortEarly: true });
  if (r.success) return { ok: true, value: r.output };
  const issue = r.issues[0];
  const path = v.getDotPath(issue);
  return { ok: false, reason: `${path ? `field ${quote(path)}` : 'the value'}: ${inert(issue.message)}` };
}

/** Compile-time: a value the schema accepts is an engine value (checked where it is used). */
export type Assignable<A extends B, B> = A;
export type SchemaMatchesEngine = [
  Assignable<StepInput, Step>,
  Assignable<ConfigInput, StoredConfig>,
  Assignable<TakeoverEditInput, TakeoverEdit>,
  Assignable<CheckpointInput, Omit<Checkpoint, 'trigger'>>,
];
