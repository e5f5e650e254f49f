import type { Plan, Step, TaskContext, TodoStatus } from './types.js';
import { setTodo } from './task.js';
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
  return { mode: plan.mode, version, steps: [...before, ...inserted, ...after], revisions: [...plan.revisions, at] };
}

/** Moves per-step world inputs of steps at or after `at` along by `by` places. */
function shiftFrom<T>(map: Readonly<Record<number, T>>, at: number, by: number): Record<number, T> {
  const out: Record<number, T> = {};
  for (const [k, v] of Object.entries(map)) out[Number(k) >= at ? Number(k) + by : Number(k)] = v;
  return out;
}

/** REPLAN: plan version + 1 with the plan's added steps inserted at the cursor. */
export function replan(world: TaskWorld, ctx: TaskContext): TaskContext {
  const adds = world.plan.replanAdds ?? [];
  const at = ctx.cursor;
  const plan = revisePlan(ctx.plan, adds, at);
  const todos = [...ctx.todos.slice(0, at - 1), ...adds.map((): TodoStatus => 'pending'), ...ctx.todos.slice(at - 1)];
  const by = adds.length;
  return {
    ...ctx,
    plan,
    todos: todos.map((t, i) => (i === at - 1 ? 'in_progress' : t === 'in_progress' ? 'pending' : t)),
    world: {
      faults: ctx.world.faults,
      risky: ctx.world.risky.map((n) => (n >= at ? n + by : n)),
      approach: shiftFrom(ctx.world.approach, at, by),
      args: shiftFrom(ctx.world.args, at, by),
    },
  };
}
