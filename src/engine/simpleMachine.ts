import { assign, raise, setup } from 'xstate';
import type { Scenario } from './scenarios';
import { simulatedWorld } from './simWorld';
import {
  TASK_MACHINE_TYPES,
  executeSimpleStep,
  injectFault,
  isLastStep,
  nextExecutionFails,
  setTodo,
  withTask,
} from 'harness-core/sim';

/**
 * The simple mode (SPEC §9, article 边界与取舍: "三状态加一个失败态就够"): a five-minute script
 * runs on four states, created → running → completed, or failed (the article's 待跑 / 在跑 / 完成
 * + 失败). No planning state, no retry, no approval, no checkpoint, no ledger, no loop guard, no
 * context channel: it keeps only the todo list in memory. For a task this short a crash costs
 * at most five minutes (a reload runs it again), so the rest would be over-design.
 * Same context, events and input as the full machine, so the same host (`Sim`) drives it.
 */
export function createSimpleMachine(scenario: Scenario) {
  const world = simulatedWorld(scenario);
  return setup({
    types: TASK_MACHINE_TYPES,
    guards: {
      stepFails: ({ context }) => nextExecutionFails(world, context.task),
      isLastStep: ({ context }) => isLastStep(context.task),
    },
    actions: {
      begin: assign(({ context }) => ({
        task: withTask(context.task, { todos: setTodo(context.task.todos, 1, 'in_progress') }),
      })),
      injectFault: assign(({ context, event }) =>
        event.type === 'INJECT_FAULT' || event.type === 'FAIL_NOW'
          ? { task: injectFault(context.task, event.error) }
          : context,
      ),
      runStep: assign(({ context }) => ({ task: executeSimpleStep(world, context.task) })),
      failRun: assign(({ context }) => ({
        task: withTask(executeSimpleStep(world, context.task), { ended: 'step_failed' }),
      })),
      completeRun: assign(({ context }) => ({
        task: withTask(executeSimpleStep(world, context.task), { ended: 'completed' }),
      })),
    },
  }).createMachine({
    id: 'simple',
    context: ({ input }) => ({ task: input }),
    initial: 'created',
    states: {
      created: { on: { START: { target: 'running', actions: 'begin' } } },
      running: {
        on: {
          TICK: [
            { guard: 'stepFails', target: 'failed', actions: 'failRun' },
            { guard: 'isLastStep', target: 'completed', actions: 'completeRun' },
            { target: 'running', actions: 'runStep' },
          ],
          INJECT_FAULT: { actions: 'injectFault' },
          // The fail button: the step fails now (no retry here, so the run fails). No edge of its own.
          FAIL_NOW: { actions: ['injectFault', raise({ type: 'TICK' })] },
        },
      },
      completed: { type: 'final' },
      failed: { type: 'final' },
    },
  });
}
