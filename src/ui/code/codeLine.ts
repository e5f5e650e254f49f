import type { StateName, TaskContext, TaskEventType, TransitionRecord } from '../../engine';
import type { SimView } from '../../store/view';
import { LISTING, type CodeLine } from './listing';
import { SIMPLE_LISTING } from './simpleListing';

/**
 * One row of a transition table: the move (source state, event, target state; `from: '*'` for
 * any active state), the qualifiers that tell apart moves on the same edge, and the one line of
 * the listing that move executes (`null`: the listing has none for it; `code` is what that line
 * says, so a test can hold the number to the text).
 */
interface Row {
  readonly from: StateName | '*';
  readonly event: TaskEventType;
  readonly to: StateName;
  /** true: only when the move kept a checkpoint (its record's `wrote`); false: only when it kept none. */
  readonly wrote?: boolean;
  /** true: only when the run's design keeps checkpoints; false: only when it keeps none. */
  readonly checkpointing?: boolean;
  /** true: only when waiting suspends the machine (the design's `suspends`); false: only when it blocks. */
  readonly suspends?: boolean;
  /** Only under this loop guard (the run's config): the coarse `tool-only` one never reminds. */
  readonly guard?: TaskContext['config']['guard'];
  /** Only when the run ended for this reason (the move into a terminal state is the last one). */
  readonly ended?: NonNullable<TaskContext['ended']>;
  readonly line: number | null;
  readonly code?: string;
  /** Where the listing and the engine order the same work differently, the sentence that says so. */
  readonly note?:
    | 'code.noteFuse'
    | 'code.noteReplan'
    | 'code.noteLast'
    | 'code.noteFromMemory'
    | 'code.noteNoDisk'
    | 'code.noteBlocking'
    | 'code.noteFuseNoReminder';
}

/**
 * The article's `step_loop` (listing.ts), move by move. The engine splits what the listing does
 * in one pass of its loop into moves; each row lights the line that does what the move does:
 *
 * - planning → running produces the plan (`plan_or_replan`); the `phase_switch` checkpoint it
 *   writes is the loop-top `checkpoint(task)` the listing runs next, once the state is running.
 * - running → running is a step done (`task.advance()`), or that loop-top call when the step
 *   kept a checkpoint (before a side-effect or risky step, a new phase, the density policy).
 * - A move that leaves running lights the branch that set its target. Its checkpoint
 *   (`before_suspend`, `failure`, the terminal one) has no call in the listing: the view says so.
 * - tool_failed → running is the retry (25); → failed is the retry limit (22, or its
 *   `checkpoint(task)` on 23 when it wrote one) or the loop guard's fuse: the listing checks
 *   the loop at the top of running, the engine as the retry begins, so the fuse is line 10.
 * - The poll, approve (29, 读档续跑) and reject (31) are the waiting branch's lines; a design
 *   without checkpoints approves from memory, and the view says so beside line 29's comment.
 * - START (created → planning) and CANCEL have no line: the listing runs created and planning in
 *   one branch, and says cancel is set from outside the loop (its comment on line 32).
 */
export const ARTICLE_LINES = [
  { from: 'created', event: 'START', to: 'planning', line: null },
  { from: 'planning', event: 'TICK', to: 'running', wrote: true, line: 7, code: 'checkpoint(task)' },
  { from: 'planning', event: 'TICK', to: 'running', wrote: false, line: 4, code: 'task.plan_or_replan()' },
  { from: 'running', event: 'TICK', to: 'running', wrote: true, line: 7, code: 'checkpoint(task)' },
  { from: 'running', event: 'TICK', to: 'running', wrote: false, line: 14, code: 'task.advance()' },
  // 计划动态调整也在此: the article adjusts a dynamic plan where a step moves on.
  { from: 'running', event: 'REPLAN', to: 'planning', line: 14, code: 'task.advance()', note: 'code.noteReplan' },
  { from: 'running', event: 'TICK', to: 'waiting_approval', line: 16, code: 'task.state = "waiting_approval"' },
  { from: 'running', event: 'TICK', to: 'tool_failed', line: 18, code: 'task.state = "tool_failed"' },
  // The last step's advance: the `while` then finds a terminal state and ends.
  { from: 'running', event: 'TICK', to: 'completed', line: 14, code: 'task.advance()', note: 'code.noteLast' },
  { from: 'tool_failed', event: 'TICK', to: 'running', line: 25, code: 'task.state = "running"' },
  {
    from: 'tool_failed',
    event: 'TICK',
    to: 'failed',
    ended: 'loop_fuse',
    guard: 'article',
    line: 10,
    code: 'task.remind_or_fuse()',
    note: 'code.noteFuse',
  },
  // Line 10's comment says 先提醒: the coarse guard fused without a reminder, and the view says so.
  {
    from: 'tool_failed',
    event: 'TICK',
    to: 'failed',
    ended: 'loop_fuse',
    guard: 'tool-only',
    line: 10,
    code: 'task.remind_or_fuse()',
    note: 'code.noteFuseNoReminder',
  },
  {
    from: 'tool_failed',
    event: 'TICK',
    to: 'failed',
    ended: 'retries_exhausted',
    wrote: true,
    line: 23,
    code: 'checkpoint(task)',
  },
  {
    from: 'tool_failed',
    event: 'TICK',
    to: 'failed',
    ended: 'retries_exhausted',
    wrote: false,
    line: 22,
    code: 'task.state = "failed"',
    // Its comment says 落盘 (written to disk): true of the article's design, not of this run.
    note: 'code.noteNoDisk',
  },
  // 挂起轮询 is the article's design; a blocking wait holds the process instead, and says so.
  {
    from: 'waiting_approval',
    event: 'TICK',
    to: 'waiting_approval',
    suspends: true,
    line: 27,
    code: 'v = poll_decision(task)',
  },
  {
    from: 'waiting_approval',
    event: 'TICK',
    to: 'waiting_approval',
    suspends: false,
    line: 27,
    code: 'v = poll_decision(task)',
    note: 'code.noteBlocking',
  },
  // 读档续跑 with a checkpoint to read; a design that keeps none goes on from memory, and says so.
  {
    from: 'waiting_approval',
    event: 'APPROVE',
    to: 'running',
    checkpointing: true,
    line: 29,
    code: 'task.state = "running"',
  },
  {
    from: 'waiting_approval',
    event: 'APPROVE',
    to: 'running',
    checkpointing: false,
    line: 29,
    code: 'task.state = "running"',
    note: 'code.noteFromMemory',
  },
  { from: 'waiting_approval', event: 'REJECT', to: 'tool_failed', line: 31, code: 'task.state = "tool_failed"' },
  { from: '*', event: 'CANCEL', to: 'cancelled', line: null },
] as const satisfies readonly Row[];

/**
 * The simple mode's sketch (simpleListing.ts) against its four-state machine
 * (src/engine/simpleMachine.ts): no checkpoint, no ledger, so no qualifier.
 */
export const SIMPLE_LINES = [
  { from: 'created', event: 'START', to: 'running', line: 2, code: 'task.state = "running"' },
  { from: 'running', event: 'TICK', to: 'running', line: 10, code: 'task.advance()' },
  { from: 'running', event: 'TICK', to: 'completed', line: 8, code: 'task.state = "completed"' },
  { from: 'running', event: 'TICK', to: 'failed', line: 6, code: 'task.state = "failed"' },
] as const satisfies readonly Row[];

/** What the code view reads of the shown run: the same last log line the diagram's edge is drawn from. */
type CodeLineView = Pick<SimView, 'alive' | 'simple' | 'log' | 'context' | 'checkpointing' | 'design'>;

/** Which listing the view shows: the article's, or the simple mode's sketch. */
export type ListingId = 'article' | 'simple';

/** A move as `code-view[data-transition]` names it: `source.EVENT.target`. */
const transitionName = (r: Pick<TransitionRecord, 'from' | 'event' | 'to'>): string => `${r.from}.${r.event}.${r.to}`;

/**
 * Where the code view stands. `line`: the move just taken and the one line it executed.
 * Otherwise no line, and why: the process is `down`; no move `yet`; the process has just
 * `restarted` (a restart or a fork reads a checkpoint, or begins again: not a move of the
 * listing); or the move has no line in the listing (`unlisted`: START, CANCEL).
 */
export type CodeStatus =
  | { kind: 'line'; listing: ListingId; transition: string; line: number; wrote: number; note: Row['note'] }
  | { kind: 'down' | 'yet' | 'restarted'; listing: ListingId }
  | { kind: 'unlisted'; listing: ListingId; transition: string; event: TaskEventType };

function matches(row: Row, r: TransitionRecord, view: CodeLineView): boolean {
  if (row.event !== r.event || row.to !== r.to || (row.from !== '*' && row.from !== r.from)) return false;
  if (row.wrote !== undefined && row.wrote !== (r.wrote ?? 0) > 0) return false;
  if (row.checkpointing !== undefined && row.checkpointing !== view.checkpointing) return false;
  if (row.suspends !== undefined && row.suspends !== view.design.suspends) return false;
  if (row.guard !== undefined && row.guard !== view.context.config.guard) return false;
  return row.ended === undefined || row.ended === view.context.ended;
}

/** Where the code view stands for this view of the run (see CodeStatus). */
export function codeStatusOf(view: CodeLineView): CodeStatus {
  const listing: ListingId = view.simple ? 'simple' : 'article';
  if (!view.alive) return { kind: 'down', listing };
  const r = view.log.at(-1);
  if (!r) return { kind: 'yet', listing };
  if (r.event === 'RESTORE') return { kind: 'restarted', listing };
  const table: readonly Row[] = view.simple ? SIMPLE_LINES : ARTICLE_LINES;
  const row = table.find((x) => matches(x, r, view));
  const transition = transitionName(r);
  if (!row || row.line === null) return { kind: 'unlisted', listing, transition, event: r.event };
  return { kind: 'line', listing, transition, line: row.line, wrote: r.wrote ?? 0, note: row.note };
}

/**
 * The one line the move just taken executed, and that move (`source.EVENT.target`, as
 * `code-view[data-transition]` names it), or null when no line is lit: what `code-line[data-active]`
 * shows, for a test to compute from a run.
 */
export function codeLineOf(view: CodeLineView): { transition: string; line: number } | null {
  const s = codeStatusOf(view);
  return s.kind === 'line' ? { transition: s.transition, line: s.line } : null;
}

/** The lines of a listing. */
export const listingOf = (id: ListingId): readonly CodeLine[] => (id === 'simple' ? SIMPLE_LISTING : LISTING);
