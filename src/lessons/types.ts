import type { Bilingual, Config, DesignId, EndReason, SimCommand, StateName, StoryId, TakeoverEdit } from '../engine';
import type { ControlId } from './controls';
import type { ArticleSection } from './sections';

/**
 * A lesson is plain data: where it starts (scenario, seed, design) and a list of stops. Each stop
 * makes one move on the run and shows a caption about what that move did, so a caption is tied
 * to an event, never to a clock.
 */
export interface Lesson {
  id: string;
  title: Bilingual;
  scenario: string;
  seed: number;
  design: DesignId;
  config?: Partial<Config>;
  stops: readonly LessonStop[];
}

/**
 * What a stop does to the run.
 * - `command`: one injected command (`times` presses of it), as a control sends it.
 * - `wait`: the run goes on by itself (START, then TICKs: what the page's play does) until it
 *   stands in `state` (at step `step`, when given); "fast forward to waiting_approval" is
 *   `{ kind: 'wait', state: 'waiting_approval' }`. It approves nothing on the way.
 * - `finish`: plays to the end, approving every request on the way.
 * - `beat`: one beat of a story (stories.ts), e.g. the night of the opening story.
 * - `segment`: a fresh run with another design (or scenario, config, story's watchdog): how one
 *   lesson shows several harness designs one after the other, each on the lesson's seed.
 * - `replay_failure`: re-runs the newest checkpoint's latest failed call (failure replay).
 * - `takeover`: a person edits the newest checkpoint and hands it back; the run goes on from it.
 */
export type LessonMove =
  | { kind: 'command'; command: SimCommand; times?: number }
  | { kind: 'wait'; state: StateName; step?: number }
  | { kind: 'finish' }
  | { kind: 'beat'; story: StoryId; beat: number }
  | { kind: 'segment'; design: DesignId; scenario?: string; config?: Partial<Config>; story?: StoryId }
  | { kind: 'replay_failure' }
  | { kind: 'takeover'; edit: TakeoverEdit };

/** The panel a stop points at, so the UI can open or highlight it. */
export const FOCUSES = [
  'diagram',
  'ledger',
  'channel',
  'checkpoints',
  'sizes',
  'meters',
  'replay',
  'takeover',
] as const;
export type Focus = (typeof FOCUSES)[number];

/**
 * The student's turn: the stop waits until the student presses `control` (its move is what that
 * press sends, which is what the lesson's own script does) and the run stands in `expect`
 * (ended for `ended`, when given). `ask` shows before; the caption after.
 */
export interface YourTurn {
  control: ControlId;
  ask: Bilingual;
  expect: StateName;
  ended?: EndReason;
}

export interface LessonStop {
  move: LessonMove;
  caption: Bilingual;
  /** The article's section the caption's rule comes from (lesson-source). */
  source: ArticleSection;
  yourTurn?: YourTurn;
  focus?: Focus;
}
