import {
  STORIES,
  Sim,
  StoryRun,
  checkpointBytes,
  storySimOptions,
  MINUTE,
  type DesignId,
  type EndReason,
  type Sample,
  type StateName,
  type StoryId,
} from '../engine';

/**
 * The comparison runner (SPEC §9): one story, one seed, two designs, stepped in lockstep on one
 * virtual clock. Each move goes to whichever pane is behind in virtual time, so the two clocks
 * move together and two diagrams side by side show the same moment; a pane that has ended waits.
 */

export interface CompareConfig {
  designs: readonly [DesignId, DesignId];
  script: StoryId;
  seed: number;
}

/** One pane's figures, the compare view's table (and `compare-result`'s data attributes). */
export interface PaneMeters {
  design: DesignId;
  stepsWasted: number;
  tokens: number;
  modelCalls: number;
  /** Virtual minutes on the world's clock. */
  minutes: number;
  /** The world's clock, in virtual ms (a checkpoint write moves it by seconds: SPEC §5). */
  clockMs: number;
  checkpoints: number;
  /** Bytes of every checkpoint written (checkpointBytes of each). */
  bytesWritten: number;
  finalState: StateName;
  ended: EndReason | null;
  /** The process was killed (the overnight timeout, or a crash) and is down at the end. */
  killed: boolean;
  /** When it was killed (virtual minutes), or null while it runs. */
  killedAt: number | null;
  rereads: number;
  /** Virtual minutes the process was held by a blocking wait. */
  heldMinutes: number;
  /** When the queued second task finished (virtual minutes), or null if it never ran to the end. */
  sideTaskDoneAt: number | null;
  /** The story is over for this pane. */
  done: boolean;
}

export class ComparePane {
  readonly run: StoryRun;
  checkpoints = 0;
  bytesWritten = 0;
  /** Moves made (the story's steps), and the largest clock jump one move made. */
  moves = 0;
  longestMoveMs = 0;

  constructor(
    readonly design: DesignId,
    script: StoryId,
    seed: number,
  ) {
    const story = STORIES[script];
    const sim = new Sim({
      ...storySimOptions(story, design, seed),
      runId: `compare-${design}`,
      onCheckpoint: (cp) => {
        this.checkpoints++;
        this.bytesWritten += checkpointBytes(cp);
      },
    });
    this.run = new StoryRun(story, sim);
  }

  get sim(): Sim {
    return this.run.sim;
  }

  get done(): boolean {
    return this.run.done;
  }

  get clock(): number {
    return this.sim.clock;
  }

  /** Tokens and steps over virtual time, for the chart. */
  get samples(): readonly Sample[] {
    return this.run.samples;
  }

  /** One move of this pane's story. */
  next(): boolean {
    const before = this.clock;
    const moved = this.run.next();
    if (moved) {
      this.moves++;
      this.longestMoveMs = Math.max(this.longestMoveMs, this.clock - before);
    }
    return moved;
  }

  get meters(): PaneMeters {
    const { sim } = this;
    const m = sim.meters;
    return {
      design: this.design,
      stepsWasted: m.wasted,
      tokens: m.tokens,
      modelCalls: m.modelCalls,
      minutes: Math.round(m.clock / MINUTE),
      clockMs: m.clock,
      checkpoints: this.checkpoints,
      bytesWritten: this.bytesWritten,
      finalState: sim.state,
      ended: sim.context.ended,
      killed: sim.down !== null,
      killedAt: sim.downAt === null ? null : Math.round(sim.downAt / MINUTE),
      rereads: m.rereads,
      heldMinutes: Math.round(m.heldMs / MINUTE),
      sideTaskDoneAt: m.side.doneAt === null ? null : Math.round(m.side.doneAt / MINUTE),
      done: this.done,
    };
  }
}

export class CompareRun {
  readonly panes: readonly [ComparePane, ComparePane];

  constructor(readonly config: CompareConfig) {
    const [a, b] = config.designs;
    this.panes = [new ComparePane(a, config.script, config.seed), new ComparePane(b, config.script, config.seed)];
  }

  get done(): boolean {
    return this.panes.every((p) => p.done);
  }

  /** The pane that moves next: the one behind in virtual time (on a tie, the one with fewer moves, then the left). */
  private behind(): ComparePane | null {
    const live = this.panes.filter((p) => !p.done);
    if (live.length === 0) return null;
    return live.reduce((x, y) => (y.clock < x.clock || (y.clock === x.clock && y.moves < x.moves) ? y : x));
  }

  /** One move of the pane that is behind; false when both stories are over. */
  step(): boolean {
    const pane = this.behind();
    if (!pane) return false;
    pane.next();
    return true;
  }

  finish(): this {
    while (this.step());
    return this;
  }

  get meters(): readonly [PaneMeters, PaneMeters] {
    return [this.panes[0].meters, this.panes[1].meters];
  }
}
