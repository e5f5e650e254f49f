import { createActor, type Actor, type SnapshotFrom } from 'xstate';
import { attemptsExhausted, createTaskContext, loopFused } from './task';
import { findScenario, type Scenario } from './scenarios';
import type { ApprovalRequest, Config, InjectableError, StateName, TaskContext } from './types';
import { validateConfig } from './config';
import { errorText } from './errors';
import { restoreContext, toCheckpoint, type Checkpoint } from './checkpoint';
import { createTaskMachine, type CheckpointDue, type TaskEvent } from './taskMachine';

/**
 * The simulator's host of one run: the harness process (an XState actor, gone after a crash)
 * and what outlives it (the newest checkpoint "on disk", the world's clock and meters). No
 * timers, no storage, no page: time is the ticks it is sent, wall time is injected, and a
 * lesson or a property test drives it with plain-data commands.
 */

export type TaskMachine = ReturnType<typeof createTaskMachine>;
export type TaskSnapshot = SnapshotFrom<TaskMachine>;
export type TaskActor = Actor<TaskMachine>;

/** Commands beyond the machine's events: the process's fate and compound button presses. */
export type SimCommand =
  | TaskEvent
  | { type: 'CRASH' }
  /** Start the process again from `from` (what the disk holds; null: nothing) or the newest kept. */
  | { type: 'RESTART'; from?: Checkpoint | null }
  /** The fail button: the current step's next execution fails, run until that shows. */
  | { type: 'FAIL_NOW'; error: InjectableError };

export interface SimOptions {
  scenario: Scenario | string;
  seed?: number;
  runId?: string;
  config?: Partial<Config>;
  /** Counterfactual switch: with false no checkpoint is kept and a restart begins at step 1. */
  checkpointing?: boolean;
  /** Wall clock for checkpoint stamps (ms since 1970); injected, 0 by default. */
  wallClock?: () => number;
  /** Resume from this checkpoint instead of starting a new run. */
  from?: Checkpoint;
  /** Called with each checkpoint as it is made (and the context it was made from). */
  onCheckpoint?: (cp: Checkpoint, context: TaskContext) => void;
  /** Called when an approval request goes out to a person (once per request, ever). */
  onApprovalRequest?: (request: ApprovalRequest) => void;
}

/** A state transition as the event log shows it. */
export interface TransitionRecord {
  at: number;
  event: TaskEvent['type'] | 'RESTORE';
  from: StateName;
  to: StateName;
}

/** Events the log shows even when the state stays (a tick in running is a step done). */
const LOGGED: ReadonlySet<string> = new Set(['TICK', 'START', 'APPROVE', 'REJECT', 'CANCEL', 'REPLAN']);

const machines = new Map<string, TaskMachine>();

/** One machine per scenario (its world), made once. */
export function machineFor(scenario: Scenario): TaskMachine {
  let m = machines.get(scenario.id);
  if (!m) {
    m = createTaskMachine(scenario);
    if (machines.size > 16) machines.clear();
    machines.set(scenario.id, m);
  }
  return m;
}

/** The leaf state of a snapshot: one of the eight names. */
export function stateOf(snapshot: TaskSnapshot): StateName {
  return snapshot.value as StateName;
}

/** An actor resumed at a checkpoint: the state it records, the context it stands for. */
export function resumeActor(machine: TaskMachine, context: TaskContext, state: StateName): TaskActor {

  // No invokes or delayed events in this machine, so the resolved snapshot is complete.
  const snapshot = machine.resolveState({ value: state, context: { task: context } });
  return createActor(machine, { snapshot, input: context });
}

export class Sim {
  readonly scenario: Scenario;
  readonly machine: TaskMachine;
  readonly checkpointing: boolean;
  private readonly wallClock: () => number;
  private readonly onCheckpoint: ((cp: Checkpoint, context: TaskContext) => void) | undefined;
  private readonly onApprovalRequest: ((request: ApprovalRequest) => void) | undefined;
  /** Approval requests sent to a person by this simulator, in order. */
  readonly requestsSent: ApprovalRequest[] = [];
  private actor: TaskActor | null = null;
  private listeners = new Set<() => void>();
  /** The newest checkpoint kept: what a restart reads. */
  newest: Checkpoint | null = null;
  /** The world's meters: they survive the process. */
  clock = 0;
  tokens = 0;
  wasted = 0;
  /** Steps done at any time in any life of the process (a redo of one is waste). */
  private doneEver = new Set<number>();
  private seenLedger = 0;
  private started = false;
  /** Why the process is down, or null while it runs. */
  down: 'crash' | 'timeout' | null = null;
  readonly log: TransitionRecord[] = [];
  private last: TaskSnapshot;

  constructor(opts: SimOptions) {
    const scenario = typeof opts.scenario === 'string' ? findScenario(opts.scenario) : opts.scenario;
    if (!scenario) throw new Error(errorText('E301', String(opts.scenario)));
    const config = validateConfig({ ...scenario.config, ...opts.config });
    if (!config.ok) throw new Error(config.error);
    this.scenario = scenario;
    this.machine = machineFor(scenario);
    this.checkpointing = opts.checkpointing ?? true;
    this.wallClock = opts.wallClock ?? (() => 0);
    this.onCheckpoint = opts.onCheckpoint;
    this.onApprovalRequest = opts.onApprovalRequest;
    if (opts.from) {
      this.newest = opts.from;
      this.last = this.spawn(restoreContext(opts.from, scenario), opts.from.state);
      this.log.push({ at: this.last.context.task.clock, event: 'RESTORE', from: opts.from.state, to: opts.from.state });
    } else {
      const input = { scenario, seed: opts.seed ?? 1, runId: opts.runId ?? 'run-1', config: config.config };
      this.last = this.spawn(createTaskContext(input), 'created');
    }
  }

  private spawn(context: TaskContext, state: StateName): TaskSnapshot {
    // A run in `created` needs no resolved snapshot: the initial state has no entry actions,
    // so starting from the input is the same run, without resolveState and XState's walk of
    // every object of a restored context (measured: a new Sim fell from ~25 to ~17 µs).
    const actor = state === 'created' ? createActor(this.machine, { input: context }) : resumeActor(this.machine, context, state);
    actor.on('checkpoints', (e) => {
      for (const due of e.due) this.keep(due);
    });
    actor.on('approval.requested', (e) => {
      this.requestsSent.push(e.request);
      this.onApprovalRequest?.(e.request);
    });
    actor.start();
    this.actor = actor;
    const snap = actor.getSnapshot();
    this.started = stateOf(snap) !== 'created';
    this.seenLedger = snap.context.task.ledger.length;
    for (const a of snap.context.task.ledger) if (a.outcome === 'ok') this.doneEver.add(a.step);
    this.clock = Math.max(this.clock, snap.context.task.clock);
    this.tokens = Math.max(this.tokens, snap.context.task.tokens);
    return snap;
  }

  private keep(e: CheckpointDue) {
    if (!this.checkpointing) return;
    const cp = toCheckpoint(e.context, e.state, e.trigger, this.wallClock());
    this.newest = cp;
    this.onCheckpoint?.(cp, e.context);
  }

  get alive(): boolean {
    return this.actor !== null;
  }

  /** The last snapshot of the process (kept, greyed out in the UI, after a crash). */
  get snapshot(): TaskSnapshot {
    return this.actor?.getSnapshot() ?? this.last;
  }

  get state(): StateName {
    return stateOf(this.snapshot);
  }

  get context(): TaskContext {
    return this.snapshot.context.task;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Would the machine take this event now? (Buttons are enabled by this.) */
  can(event: TaskEvent): boolean {
    return this.actor !== null && this.actor.getSnapshot().can(event);
  }

  /** Sends an event or runs a command. Returns false when nothing happened. */
  send(cmd: SimCommand): boolean {
    const changed = this.apply(cmd);
    if (changed) for (const l of this.listeners) l();
    return changed;
  }

  private apply(cmd: SimCommand): boolean {
    switch (cmd.type) {
      case 'CRASH':
        return this.crash('crash');
      case 'RESTART':
        return this.restart(cmd.from === undefined ? this.newest : cmd.from);
      case 'FAIL_NOW':
        return this.failNow(cmd.error);
      default:
        return this.deliver(cmd);
    }
  }

  private deliver(event: TaskEvent): boolean {
    const actor = this.actor;
    if (!actor) return false;
    if (event.type === 'TICK' && this.replanDue()) event = { type: 'REPLAN' };
    const before = actor.getSnapshot();
    if (before.status !== 'active') return false;
    actor.send(event);
    const after = actor.getSnapshot();
    // XState keeps the same snapshot when no transition was enabled: nothing happened.
    if (after === before) return false;
    this.last = after;
    const from = stateOf(before);
    const to = stateOf(after);
    if (from !== to || LOGGED.has(event.type)) {
      this.log.push({ at: after.context.task.clock, event: event.type, from, to });
    }
    if (event.type === 'START') this.started = true;
    this.account(after.context.task);
    this.afterTransition(after);
    return true;
  }

  /** Meters that outlive the process: clock, tokens, and steps done twice (waste). */
  private account(ctx: TaskContext) {
    for (let i = this.seenLedger; i < ctx.ledger.length; i++) {
      const a = ctx.ledger[i];
      if (a?.outcome !== 'ok') continue;
      if (this.doneEver.has(a.step)) this.wasted++;
      else this.doneEver.add(a.step);
    }
    this.seenLedger = ctx.ledger.length;
    this.clock = Math.max(this.clock, ctx.clock);
    this.tokens = Math.max(this.tokens, ctx.tokens);
  }

  /**
   * A dynamic scenario's model revises its plan when it first reaches the step the scenario
   * names: on that tick its move is REPLAN instead of running the step. Decided from the
   * context alone, so a run resumed from a checkpoint makes the same move.
   */
  private replanDue(): boolean {
    const at = this.scenario.autoReplanAt;
    const ctx = this.context;
    return at !== undefined && this.state === 'running' && ctx.cursor === at && !ctx.plan.revisions.includes(at);
  }

  /** What the world does on its own after a transition: the overnight timeout kills the process. */
  private afterTransition(snap: TaskSnapshot) {
    const ctx = snap.context.task;
    const timeout = ctx.config.processTimeoutMs;
    if (stateOf(snap) === 'waiting_approval' && timeout !== null && ctx.waitingSince !== null && ctx.clock - ctx.waitingSince >= timeout) {
      this.crash('timeout');
    }
  }

  private crash(why: 'crash' | 'timeout'): boolean {
    if (!this.actor) return false;
    this.last = this.actor.getSnapshot();
    this.actor.stop();
    this.actor = null;
    this.down = why;
    return true;
  }

  /**
   * Starts the process again. With checkpoints it reads the newest one and stands where it
   * says (same state, step, todos, pending approval: never sent again). Without, it has
   * nothing to read: it begins at step 1 and every step it redoes counts as waste.
   */
  private restart(stored: Checkpoint | null): boolean {
    if (this.actor) return false;
    const ctx = this.last.context.task;
    // The clock and tokens are the world's: a new process does not turn them back.
    const world = { clock: this.clock, tokens: this.tokens };
    const from = stateOf(this.last);
    if (this.checkpointing && stored) {
      this.newest = stored;
      this.last = this.spawn({ ...restoreContext(stored, this.scenario), ...world }, stored.state);
    } else {
      const wasStarted = this.started;
      const input = { scenario: this.scenario, seed: ctx.seed, runId: ctx.runId, config: ctx.config };
      this.last = this.spawn({ ...createTaskContext(input), ...world }, 'created');
      if (wasStarted) this.deliver({ type: 'START' });
    }
    this.down = null;
    this.log.push({ at: this.clock, event: 'RESTORE', from, to: stateOf(this.last) });
    return true;
  }

  /**
   * The fail button (ui-contract): the current step's next execution fails with `error`, and
   * the run goes on until that failure and where it leads show: tool_failed below the fuse,
   * failed when it trips the fuse or uses up the step's attempts.
   */
  private failNow(error: InjectableError): boolean {
    if (!this.actor) return false;
    const state = () => this.state;
    if (state() === 'tool_failed') {
      if (!this.deliver({ type: 'TICK' })) return false;
      if (state() !== 'running') return true;
    }
    if (state() !== 'running') return false;
    const failures = this.context.ledger.length;
    this.deliver({ type: 'INJECT_FAULT', error });
    this.deliver({ type: 'TICK' });
    // A risky step suspends before it runs: the fault stays queued for its execution.
    const c = this.context;
    if (state() === 'tool_failed' && c.ledger.length > failures && (loopFused(c) || attemptsExhausted(c))) {
      this.deliver({ type: 'TICK' });
    }
    return true;
  }
}
