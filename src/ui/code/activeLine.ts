import { loopOf } from '../../engine';
import type { SimView } from '../../store/view';
import { lineOf } from './listing';

/**
 * Which lines of the article's listing (listing.ts) the machine is executing, from what the page
 * shows of the run. The listing is the article's loop, the engine is its machine, so the map is
 * by state, with two refinements the view can tell apart:
 *
 * - created          → `def step_loop(task):`: the loop is about to be entered (START enters it).
 * - planning         → `task.plan_or_replan()`.
 * - running          → the call, `result = run_step(task.current)`.
 * - tool_failed      → the `else` branch that set it (`else:`, the state, `task.record`) and the
 *                      checks the next tick makes: `if loop_detected(task)` and the retry limit;
 *                      `task.remind_or_fuse()` too once the reminder is in. Entered by a
 *                      rejection (REJECT), it is the poll's `else` instead.
 * - waiting_approval → the suspend line, `v = poll_decision(task)` (挂起轮询).
 * - completed        → the `while` line: its condition ends the loop.
 * - failed           → the fuse (`task.remind_or_fuse()`) when the loop guard tripped, else the
 *                      retry limit's `task.state = "failed"`.
 * - cancelled        → the closing comment: a person's signal sets it, outside the loop.
 *
 * A checkpoint being written (the run's newest event is its own newest checkpoint: written at
 * or after the last logged transition, and not one just read back by a restore) lights the
 * `checkpoint(task)` body, with the line that calls it where the article has one (the loop-top
 * call in running, the call after the retry limit's `failed`), else beside the state's line. In tool_failed and
 * waiting_approval the branch stays lit instead: the checkpoint the engine writes on entering
 * them (`failure`, `before_suspend`) is part of that move, and the article shows no call there.
 *
 * With the process down (a crash, the overnight timeout) nothing executes: no line.
 */
export type CodeView = Pick<SimView, 'state' | 'context' | 'alive' | 'newest' | 'log'>;

const DEF = lineOf('def step_loop(task):');
const WHILE = lineOf('while task.state not in TERMINAL');
const PLAN = lineOf('task.plan_or_replan()');
const TOP_CHECKPOINT = lineOf('            checkpoint(task)');
const LOOP_CHECK = lineOf('if loop_detected(task):');
const REMIND_OR_FUSE = lineOf('task.remind_or_fuse()');
const CALL = lineOf('result = run_step(task.current)');
const FAIL_ELSE = lineOf('task.state = "tool_failed"') - 1;
const FAIL_SET = FAIL_ELSE + 1;
const FAIL_RECORD = lineOf('task.record(result.error)');
const RETRY_CHECK = lineOf('task.retries(task.current) >= MAX_RETRY');
const SET_FAILED = lineOf('task.state = "failed"');
const FAILED_CHECKPOINT = SET_FAILED + 1;
const POLL = lineOf('v = poll_decision(task)');
const REJECTED = lineOf('拒绝理由进步骤账本');
const CANCELLED = lineOf('# cancelled');
const CHECKPOINT_BODY = range(lineOf('save(state=task.state'), lineOf('plan=task.plan)'));

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** The run's newest event is a checkpoint it wrote (not one it read back on a restore). */
function checkpointIsNewest(view: CodeView): boolean {
  const cp = view.newest;
  const last = view.log.at(-1);
  if (!cp || cp.runId !== view.context.runId || cp.seq !== view.context.seq) return false;
  if (!last) return true;
  return last.event !== 'RESTORE' && cp.time.virtual >= last.at;
}

/** The lines of the state alone, as the header comment maps them. */
function stateLines(view: CodeView): number[] {
  const ctx = view.context;
  switch (view.state) {
    case 'created':
      return [DEF];
    case 'planning':
      return [PLAN];
    case 'running':
      return [CALL];
    case 'tool_failed': {
      if (view.log.at(-1)?.event === 'REJECT') return [REJECTED - 1, REJECTED];
      const reminded = loopOf(ctx).stage === 'reminded';
      return [LOOP_CHECK, ...(reminded ? [REMIND_OR_FUSE] : []), FAIL_ELSE, FAIL_SET, FAIL_RECORD, RETRY_CHECK];
    }
    case 'waiting_approval':
      return [POLL];
    case 'completed':
      return [WHILE];
    case 'failed':
      return ctx.ended === 'loop_fuse' ? [REMIND_OR_FUSE] : [SET_FAILED];
    case 'cancelled':
      return [CANCELLED];
  }
}

/** The 1-based numbers of the lines the machine is executing, in listing order (empty: none). */
export function activeLine(view: CodeView): readonly number[] {
  if (!view.alive) return [];
  const lines = stateLines(view);
  if (view.state === 'tool_failed' || view.state === 'waiting_approval' || !checkpointIsNewest(view)) {
    return lines.sort((a, b) => a - b);
  }
  // The call site, where the article has one, then the body it runs.
  const site =
    view.state === 'running' ? [TOP_CHECKPOINT] : lines.includes(SET_FAILED) ? [...lines, FAILED_CHECKPOINT] : lines;
  return [...site, ...CHECKPOINT_BODY].sort((a, b) => a - b);
}
