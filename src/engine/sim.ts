import { createActor } from 'xstate';
import { createTaskContext, designOf, errorText, restoreContext, toCheckpoint, validateConfig } from 'harness-core/sim';
import { answerTitle } from './rejections';
import { relinkTitles } from './stepWords';
import type {
  ApprovalRequest,
  Checkpoint,
  CheckpointDue,
  Design,
  StateName,
  TaskContext,
  TaskEvent,
} from 'harness-core/sim';
import { findScenario, type Scenario } from './scenarios';
import { Meters } from './meters';
import { accountMove, replanDue, rereadOnResume, stalled } from './simRules';
import type { DownReason, SimCommand, SimOptions, TransitionRecord } from './simTypes';
import { CommandRecord } from './commandRecord';
import { canTake } from './can';
import { originOf, type Move, type Origin } from './moves';
import { sendLogged } from './transitionLog';
import { machineFor, resumeActor, stateOf, type TaskActor, type TaskMachine, type TaskSnapshot } from './machines';

export { machineFor, resumeActor, stateOf, type TaskMachine, type TaskSnapshot } from './machines';
export type { SimCommand, SimOptions, TransitionRecord } from './simTypes';

/**
 * The simulator's host of one run: the harness process (an XState actor, gone after a crash)
 * and what outlives it (the newest checkpoint "on disk", the world's meters). No timers, no
 * storage, no page: time is the ticks it is sent, wall time is injected, and a lesson or a
 * property test drives it with plain-data commands.
 */
export class Sim {
  readonly scenario: Scenario;
  readonly machine: TaskMachine;
  readonly design: Design;
  private readonly wallClock: () => number;
  private readonly onCheckpoint: ((cp: Checkpoint, context: TaskContext) => void) | undefined;
  private readonly onApprovalRequest: ((request: ApprovalRequest) => void) | undefined;
  /** Approval requests sent to a person by this simulator, in order. */
  readonly requestsSent: ApprovalRequest[] = [];
  private actor: TaskActor | null = null;
  private listeners = new Set<() => void>();
  /** The newest checkpoint kept: what a restart reads. */
  newest: Checkpoint | null = null;
  /** The checkpoint the process last read to go on (a restart, a reload, an approval), or null. */
  resumedFrom: Checkpoint | null = null;
  /** The world's meters: they survive the process. */
  readonly meters = new Meters();
  private started = false;
  /** When the current process started, on the world's clock (the watchdog counts from it). */
  private startedAt = 0;
  /** Why the process is down, or null while it runs. */
  down: DownReason | null = null;
  /** When the process went down, on the world's clock (null while it runs). */
  downAt: number | null = null;
  readonly log: TransitionRecord[] = [];
  /** The commands that moved this run since it was created (commandRecord.ts): what a share link replays. */
  private readonly record: CommandRecord;
  /** Where this Sim began, and every move since, passed time included (moves.ts): what a timeline replays. */
  readonly origin: Origin;
  private readonly moveList: Move[] = [];
  private last: TaskSnapshot;

  constructor(opts: SimOptions) {
    const scenario = typeof opts.scenario === 'string' ? findScenario(opts.scenario) : opts.scenario;
    if (!scenario) throw new Error(errorText('E301', String(opts.scenario)));
    const design = designOf(opts.from?.design ?? opts.design);
    const config = validateConfig({
      ...scenario.config,
      ...opts.config,
      ...(design.density ? { density: design.density } : {}),
    });
    if (!config.ok) throw new Error(config.error);
    this.scenario = scenario;
    this.machine = machineFor(scenario);
    this.design = design;
    this.wallClock = opts.wallClock ?? (() => 0);
    this.onCheckpoint = opts.onCheckpoint;
    this.onApprovalRequest = opts.onApprovalRequest;
    this.record = new CommandRecord(opts.from === undefined);
    this.origin = originOf(opts, config.config, design.id);
    if (opts.from) {
      this.newest = opts.newest !== undefined ? opts.newest : opts.from;
      this.last = this.resume(opts.from, opts.shownOnly === true);
      this.log.push({ at: this.last.context.task.clock, event: 'RESTORE', from: opts.from.state, to: opts.from.state });
    } else {
      const input = {
        scenario,
        seed: opts.seed ?? 1,
        runId: opts.runId ?? 'run-1',
        config: config.config,
        design: design.id,
      };
      this.last = this.spawn(createTaskContext(input), 'created');
    }
  }

  /** Checkpoints are kept (every design but `no-checkpoint`, and never in the simple mode). */
  get checkpointing(): boolean {
    return this.design.checkpoints && !this.scenario.simple;
  }

  get clock(): number {
    return this.meters.clock;
  }

  get tokens(): number {
    return this.meters.tokens;
  }

  get wasted(): number {
    return this.meters.wasted;
  }

  private spawn(context: TaskContext, state: StateName): TaskSnapshot {
    // A run in `created` needs no resolved snapshot: the initial state has no entry actions,
    // so starting from the input is the same run, without resolveState's walk of the context.
    const actor =
      state === 'created' ? createActor(this.machine, { input: context }) : resumeActor(this.machine, context, state);
    this.start(actor);
    this.startedAt = context.clock;
    const snap = actor.getSnapshot();
    this.started = stateOf(snap) !== 'created';
    this.meters.adopt(snap.context.task);
    return snap;
  }

  private start(actor: TaskActor): void {
    actor.on('checkpoints', (e) => {
      for (const due of e.due) this.keep(due);
    });
    actor.on('approval.requested', (e) => {
      this.requestsSent.push(e.request);
      this.onApprovalRequest?.(e.request);
    });
    actor.start();
    this.actor = actor;
  }

  /**
   * This run as it stands, going on alone (timeline.ts keeps these as keyframes): the same
   * process, meters, checkpoints, log and records, sharing nothing either changes later. It
   * calls nobody (no onCheckpoint, no onApprovalRequest) and nobody listens to it. A field
   * added to Sim that is changed in place (an array, a set) needs its own copy below.
   */
  copy(): Sim {
    const c = Object.create(Sim.prototype) as Sim;
    Object.assign(c, this, {
      onCheckpoint: undefined,
      onApprovalRequest: undefined,
      requestsSent: [...this.requestsSent],
      actor: null,
      listeners: new Set(),
      meters: this.meters.copy(),
      log: [...this.log],
      record: this.record.copy(),
      moveList: [...this.moveList],
    });
    // The context is immutable data but for its run's memo (harness-core's RunMemo, one per
    // run): the copy goes on with an empty one of its own.
    const ctx = this.context;
    const task = { ...ctx, memo: new (ctx.memo.constructor as new () => TaskContext['memo'])() };
    if (this.actor) c.start(resumeActor(this.machine, task, this.state));
    else c.last = this.machine.resolveState({ value: this.state, context: { task } });
    return c;
  }

  /** A process that reads `cp` and stands where it says; the world's clock and tokens go on. */
  private resume(cp: Checkpoint, shownOnly = false): TaskSnapshot {
    const { steps, replanAdds = [] } = this.scenario;
    const read = relinkTitles(restoreContext(cp, this.scenario), [...steps, ...replanAdds], answerTitle);
    const world = { clock: Math.max(read.clock, this.meters.clock), tokens: Math.max(read.tokens, this.meters.tokens) };
    const ctx = shownOnly ? { ...read, ...world } : rereadOnResume({ ...read, ...world }, this.design, this.meters);
    this.resumedFrom = cp;
    return this.spawn(ctx, cp.state);
  }

  /** The clock and tokens are the world's: a new process does not turn them back. */
  private worldMeters(): Pick<TaskContext, 'clock' | 'tokens'> {
    return { clock: this.meters.clock, tokens: this.meters.tokens };
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

  /** Would the run take this command now? Its machine says (can.ts); buttons are enabled by this. */
  can(cmd: SimCommand): boolean {
    return canTake(this.snapshot, this.alive, cmd);
  }

  /** Sends an event or runs a command. Returns false when nothing happened. */
  send(cmd: SimCommand): boolean {
    const replayable = this.record.replayable(cmd, this.newest);
    const changed = this.apply(cmd);
    if (!changed) return false;
    this.record.note(cmd, replayable);
    this.moveList.push(cmd);
    for (const l of this.listeners) l();
    return true;
  }

  /**
   * Time passes in the world while the process is down and nobody is there (a story's night):
   * the world's clock goes on to `until`. A live process moves its clock by its own TICKs, so
   * this does nothing while it runs. Not a command a link can carry: it ends the run's record.
   */
  passTime(until: number): boolean {
    if (this.actor || until <= this.meters.clock) return false;
    this.meters.clock = until;
    this.record.end();
    this.moveList.push({ type: 'PASS_TIME', until });
    for (const l of this.listeners) l();
    return true;
  }

  /** What moved the run since it was created, or null when a replay cannot give it (commandRecord.ts). */
  get commands(): readonly SimCommand[] | null {
    return this.record.commands;
  }

  /** Every move since `origin`, in order: commands as sent (a restart's `from` kept) and passed time. */
  get moves(): readonly Move[] {
    return this.moveList;
  }

  private apply(cmd: SimCommand): boolean {
    switch (cmd.type) {
      case 'CRASH':
        return this.crash('crash');
      case 'RESTART':
        return this.restart(cmd.from === undefined ? this.newest : cmd.from);
      case 'APPROVE':
        return this.approve('from' in cmd && cmd.from !== undefined ? cmd.from : this.newest);
      default:
        return this.deliver(cmd);
    }
  }

  private deliver(event: TaskEvent): boolean {
    const actor = this.actor;
    if (!actor) return false;
    if (event.type === 'TICK' && replanDue(this.scenario, this.state, this.context)) event = { type: 'REPLAN' };
    const before = actor.getSnapshot();
    if (before.status !== 'active') return false;
    // The log gets a line per transition taken (transitionLog.ts).
    const after = sendLogged(actor, event, this.log, this.checkpointing);
    if (!after) return false;
    this.last = after;
    if (event.type === 'START') this.started = true;
    this.account(before, after);
    return true;
  }

  /** Meters that outlive the process, and what the world does on its own after a transition. */
  private account(before: TaskSnapshot, after: TaskSnapshot) {
    accountMove(this.meters, this.design, before, after);
    // The overnight watchdog kills a process that has stood still too long.
    if (stalled(after, this.startedAt)) this.crash('timeout');
  }

  private crash(why: DownReason): boolean {
    if (!this.actor) return false;
    this.last = this.actor.getSnapshot();
    this.actor.stop();
    this.actor = null;
    this.down = why;
    this.downAt = this.meters.clock;
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
    const from = stateOf(this.last);
    if (this.checkpointing && stored) {
      this.newest = stored;
      this.last = this.resume(stored);
    } else if (this.last.status === 'done') {
      // The run had ended before the crash: its outcome is out in the world, nothing is redone.
      this.last = this.spawn(ctx, from);
    } else {
      const wasStarted = this.started;
      const input = {
        scenario: this.scenario,
        seed: ctx.seed,
        runId: ctx.runId,
        config: ctx.config,
        design: this.design.id,
      };
      this.last = this.spawn({ ...createTaskContext(input), ...this.worldMeters() }, 'created');
      if (wasStarted) this.deliver({ type: 'START' });
    }
    this.down = null;
    this.downAt = null;
    this.log.push({ at: this.clock, event: 'RESTORE', from, to: stateOf(this.last) });
    return true;
  }

  /**
   * APPROVE reads the checkpoint written on suspending and resumes from it (the article: 批准
   * 则读档从断点续跑), whether or not the process was restarted while waiting: what goes on is
   * exactly what was saved. Without a matching checkpoint it goes on from memory.
   */
  private approve(stored: Checkpoint | null): boolean {
    const pending = this.actor ? this.context.approval.pending : null;
    const matches =
      stored !== null && stored.state === 'waiting_approval' && stored.approval.pending?.id === pending?.id;
    // A process that was just restarted from this very checkpoint already stands on it.
    const standsOnIt =
      this.resumedFrom?.seq === stored?.seq &&
      this.resumedFrom?.runId === stored?.runId &&
      this.state === stored?.state;
    if (pending && this.checkpointing && matches && !standsOnIt && this.actor) {
      this.actor.stop();
      this.newest = stored;
      this.last = this.resume(stored);
      this.log.push({ at: this.clock, event: 'RESTORE', from: 'waiting_approval', to: 'waiting_approval' });
    }
    return this.deliver({ type: 'APPROVE' });
  }
}
