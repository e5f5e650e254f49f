import type { Said } from '../i18n/words';
import { isTerminal, type Config, type InjectableError, type DesignId } from 'harness-core';
import { Sim, type SimOptions } from './sim';
import { nextMove } from './can';
import type { SimCommand } from './simTypes';
import { clockAt } from './timeOfDay';
import { MINUTE } from './world';

/**
 * The article's opening story as scripts (SPEC §9): what a person does and when, as plain data,
 * played the same way against any harness design, so two designs on one virtual clock show
 * the article's three endings.
 */
export const STORY_IDS = ['opening-story', 'opening-story-failing'] as const;
export type StoryId = (typeof STORY_IDS)[number];

const HOUR = 60 * MINUTE;

type Beat =
  /** Play until the run waits for approval (or ends, or the process dies). */
  | { kind: 'until_waiting' }
  /** The person approves the pending request. */
  | { kind: 'approve' }
  /**
   * The person is away until `until` on the run's clock (timeOfDay.ts: the next morning, or
   * dawn): the run goes on by itself (polling, or retrying) until then, unless it ends first.
   * A process killed in the night stays down, and the night still passes: nobody is there to
   * restart it. With `broken`, that step's tool fails with the same error on every attempt.
   */
  | { kind: 'night'; until: number; broken?: { step: number; error: InjectableError } }
  /** The person is back: restarts the process if it is down, approves, and plays to the end. */
  | { kind: 'morning' };

interface Story {
  id: StoryId;
  scenario: string;
  title: Said;
  /** The overnight watchdog every design runs with in this story. */
  config: Partial<Config>;
  beats: readonly Beat[];
}

const OVERNIGHT: Partial<Config> = { processTimeoutMs: 8 * HOUR };

/** When the person is back (文章：你第二天才回来): the next morning, Day 2 · 09:00. */
const NEXT_MORNING = clockAt(2, 9);
/** When the failing night ends (重试到天亮): dawn, Day 2 · 06:00. */
const DAWN = clockAt(2, 6);

export const STORIES: Readonly<Record<StoryId, Story>> = {
  'opening-story': {
    id: 'opening-story',
    scenario: 'migration-40',
    title: 'story.opening-story.title',
    config: OVERNIGHT,
    beats: [{ kind: 'until_waiting' }, { kind: 'night', until: NEXT_MORNING }, { kind: 'morning' }],
  },
  'opening-story-failing': {
    id: 'opening-story-failing',
    scenario: 'migration-40',
    title: 'story.opening-story-failing.title',
    config: OVERNIGHT,
    beats: [
      { kind: 'until_waiting' },
      { kind: 'approve' },
      { kind: 'night', until: DAWN, broken: { step: 27, error: 'permission_denied' } },
    ],
  },
};

export const isStoryId = (v: unknown): v is StoryId =>
  typeof v === 'string' && (STORY_IDS as readonly string[]).includes(v);

/** The options a Sim needs to play `story` (its scenario and watchdog) with `design`. */
export function storySimOptions(story: Story, design: DesignId, seed = 1): SimOptions {
  return { scenario: story.scenario, seed, design, config: story.config };
}

/** One point of a run's cost over virtual time (for the side-by-side chart). */
export interface Sample {
  minutes: number;
  tokens: number;
  /** Steps done so far in every life of the process (redone steps count again: work paid for). */
  work: number;
}

/** A story never needs more moves than this (a night of polls or retries is a few hundred). */
const MOVE_LIMIT = 20_000;

/**
 * Plays a story on a Sim, one move at a time (a page animates it; a test runs it to the end).
 * Pure over the Sim: no timers, the moves are the story's beats.
 */
/** What a story writes its run with: commands, and time passing while the process is down. */
interface StoryWriter {
  send(cmd: SimCommand): boolean;
  passTime(until: number): boolean;
}

export class StoryRun {
  readonly samples: Sample[] = [];
  private beat = 0;
  private moves = 0;

  /**
   * `writer`: where its commands and passed time go, the Sim itself by default; the page's story
   * writes through the store's run slice, the one writer of the page's Sim (store/run.ts).
   */
  constructor(
    readonly story: Story,
    readonly sim: Sim,
    private readonly writer: StoryWriter = sim,
  ) {
    this.sample();
  }

  static start(story: Story, design: DesignId, opts: Partial<SimOptions> = {}): StoryRun {
    return new StoryRun(story, new Sim({ ...storySimOptions(story, design), ...opts }));
  }

  get done(): boolean {
    return this.beat >= this.story.beats.length;
  }

  /** The beat being played, or null when the story is over. */
  get current(): Beat | null {
    return this.story.beats[this.beat] ?? null;
  }

  /** Makes one move of the current beat; false when the story is over. */
  next(): boolean {
    const beat = this.current;
    if (!beat || this.moves++ > MOVE_LIMIT) {
      this.beat = this.story.beats.length;
      return false;
    }
    if (this.move(beat)) this.sample();
    else this.beat++;
    return true;
  }

  /** Plays the story to its end. */
  finish(): this {
    while (this.next());
    return this;
  }

  /** One move of `beat`: true if it moved the run, false if the beat is over. */
  private move(beat: Beat): boolean {
    const sim = this.sim;
    const ended = isTerminal(sim.state) || !sim.alive;
    switch (beat.kind) {
      case 'until_waiting':
        if (ended || sim.can({ type: 'APPROVE' })) return false;
        return this.writer.send(nextMove(sim));
      case 'approve':
        if (sim.can({ type: 'APPROVE' })) this.writer.send({ type: 'APPROVE' });
        return false;
      case 'night': {
        if (sim.clock >= beat.until) return false;
        if (!sim.alive) return this.writer.passTime(beat.until);
        if (isTerminal(sim.state)) return false;
        const b = beat.broken;
        if (b && sim.state === 'running' && sim.context.cursor === b.step && sim.context.world.faults.length === 0) {
          this.writer.send({ type: 'INJECT_FAULT', error: b.error });
        }
        return this.writer.send({ type: 'TICK' });
      }
      case 'morning':
        if (!sim.alive) return this.writer.send({ type: 'RESTART' });
        if (isTerminal(sim.state)) return false;
        return this.writer.send(nextMove(sim, true));
    }
  }

  private sample() {
    const { meters } = this.sim;
    this.samples.push({ minutes: Math.round(meters.clock / MINUTE), tokens: meters.tokens, work: meters.work });
  }
}
