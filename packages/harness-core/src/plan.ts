import type { Plan, Step, TaskContext, TodoStatus } from './types.js';
import { currentStep, setTodo } from './task.js';
import { canonicalArgs } from './canonical.js';
import type { TaskWorld } from './world.js';

/** The plan as data (SPEC §1): producing it, and revising a dynamic one (REPLAN). */

/** Planning produced the plan (first time) or the revision: the todos are the plan's steps. */
export function producePlan(world: TaskWorld, ctx: TaskContext): TaskContext {
  const cost = world.planCost(ctx);
  const version = Math.max(ctx.plan.version, 1);
  return {
    ...ctx,
    plan: { ...ctx.plan, version },
    todos: setTodo(ctx.todos, ctx.cursor, 'in_progress'),
    tokens: ctx.tokens + cost.tokens,
    clock: ctx.clock + cost.ms,
  };
}

/** Re-numbers the steps of a dynamic plan after `adds` are inserted before step `at`. */
export function revisePlan(plan: Plan, adds: readonly Omit<Step, 'n'>[], at: number): Plan {
  const version = Math.max(plan.version, 1) + 1;
  const before = plan.steps.slice(0, at - 1);
  const inserted = adds.map((s, i): Step => ({ ...s, n: at + i }));
  const after = plan.steps.slice(at - 1).map((s) => ({ ...s, n: s.n + adds.length }));
  return {
    mode: plan.mode,
    version,
    steps: [...before, ...inserted, ...after],
    revisions: [...plan.revisions, at],
    ...(plan.answers ? { answers: plan.answers } : {}),
  };
}

const sameCall = (a: Omit<Step, 'n'>, b: Omit<Step, 'n'>): boolean =>
  a.tool === b.tool && canonicalArgs(a.args) === canonicalArgs(b.args);

/**
 * The steps the model inserts before the current step to address the person's rejection of it
 * (SPEC §2: 拒绝则把拒绝理由作为工具结果转 tool_failed，模型带着理由换路径重试), or null when there is
 * nothing to insert: the latest thing that happened is not a rejection of this step, the world
 * has no answer to the reason, or the plan already holds that answer right before the step (a
 * second rejection is not answered by a second backup).
 */
export function rejectionAnswer(world: TaskWorld, ctx: TaskContext): readonly Omit<Step, 'n'>[] | null {
  const step = currentStep(ctx);
  const last = ctx.ledger.at(-1);
  if (!step || !world.answerRejection || last?.outcome !== 'rejected' || last.step !== step.n) return null;
  const adds = world.answerRejection(step, last.error?.message ?? '');
  if (adds.length === 0) return null;
  const before = ctx.plan.steps.slice(Math.max(0, step.n - 1 - adds.length), step.n - 1);
  if (before.length === adds.length && before.every((s, i) => sameCall(s, adds[i] as Omit<Step, 'n'>))) return null;
  return adds;
}

/** A plan may be revised now: it is dynamic, or the model has a rejection to answer. */
export const mayReplan = (world: TaskWorld, ctx: TaskContext): boolean =>
  ctx.plan.mode === 'dynamic' || rejectionAnswer(world, ctx) !== null;

/** Step numbers at or after `at` moved along by `by`. */
const shifted = (n: number, at: number, by: number): number => (n >= at ? n + by : n);

/** Moves per-step world inputs of steps at or after `at` along by `by` places. */
function shiftFrom<T>(map: Readonly<Record<number, T>>, at: number, by: number): Record<number, T> {
  const out: Record<number, T> = {};
  for (const [k, v] of Object.entries(map)) out[Number(k) >= at ? Number(k) + by : Number(k)] = v;
  return out;
}

/**
 * REPLAN: plan version + 1 with steps inserted at the cursor: the model's answer to a rejection
 * of the current step (recorded in `answers`), else the plan's added steps. What was recorded
 * of the steps from the cursor on (their ledger rows, approvals, messages) moves along with them.
 */
export function replan(world: TaskWorld, ctx: TaskContext): TaskContext {
  // A rejection's answer, or the call a model-driven harness's model chose (world.modelSteps):
  // both are recorded in `answers`, so a checkpoint rebuilds the steps the model made.
  const answer = rejectionAnswer(world, ctx) ?? world.modelSteps?.(ctx) ?? null;
  const adds = answer ?? world.plan.replanAdds ?? [];
  const at = ctx.cursor;
  const revised = revisePlan(ctx.plan, adds, at);
  const plan: Plan = answer
    ? {
        ...revised,
        answers: [
          ...(ctx.plan.answers ?? []),
          { rev: ctx.plan.revisions.length, steps: revised.steps.slice(at - 1, at - 1 + adds.length) },
        ],
      }
    : revised;
  const todos = [...ctx.todos.slice(0, at - 1), ...adds.map((): TodoStatus => 'pending'), ...ctx.todos.slice(at - 1)];
  const by = adds.length;
  return {
    ...ctx,
    plan,
    todos: todos.map((t, i) => (i === at - 1 ? 'in_progress' : t === 'in_progress' ? 'pending' : t)),
    world: {
      faults: ctx.world.faults,
      risky: ctx.world.risky.map((n) => shifted(n, at, by)),
      approach: shiftFrom(ctx.world.approach, at, by),
      args: shiftFrom(ctx.world.args, at, by),
    },
    ...(by === 0
      ? {}
      : {
          ledger: ctx.ledger.map((a) => (a.step >= at ? { ...a, step: a.step + by } : a)),
          channel: ctx.channel.map((m) => (m.step >= at ? { ...m, step: m.step + by } : m)),
          approval: { ...ctx.approval, approved: ctx.approval.approved.map((n) => shifted(n, at, by)) },
        }),
  };
}
