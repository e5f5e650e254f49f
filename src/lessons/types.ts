import * as v from 'valibot';
import { TAKEOVER_EDIT_SCHEMA } from 'harness-core/sim';
import {
  DESIGN_IDS,
  INJECTABLE_ERRORS,
  STATE_SCHEMA,
  STORIES,
  STORY_IDS,
  findScenario,
  isSeed,
  validateConfig,
  type Config,
  SIM_COMMAND_TYPES,
  type SimCommandType,
} from '../engine';
import { CONTROL_COMMANDS, CONTROL_IDS } from './controls';
import type { MessageKey } from '../i18n/words';
import { END_REASONS, TEXT, WORDS } from './problem';
import { ARTICLE_SECTIONS } from './sections';
import { SHOWS_SCHEMA } from './validateShows';

export type { CallClaim, ClockClaim, StopShows } from './validateShows';

/*
 * A lesson's schema is its type: each type below is what its schema lets through
 * (`v.InferOutput`), and validate.ts numbers the schema's refusals (L1xx) for the teacher.
 */

const INT = v.pipe(v.number(), v.integer(), v.minValue(0));
const POSITIVE = v.pipe(v.number(), v.integer(), v.minValue(1));
const STORY = v.picklist(STORY_IDS);

/** The fields a lesson and a challenge share: where a run starts. */
export const SCENARIO_ID = v.pipe(
  v.string(),
  v.check((id) => findScenario(id) !== undefined),
);
export const SEED = v.custom<number>(isSeed);
export const DESIGN = v.picklist(DESIGN_IDS);
/** A partial config the engine accepts (validateConfig's own message says why not). */
export const PARTIAL_CONFIG = v.custom<Partial<Config>>((c) => validateConfig(c).ok);

/** Commands without a payload: every command but the three that carry one. */
type WithPayload = 'REJECT' | 'INJECT_FAULT' | 'FAIL_NOW';
const PLAIN_COMMANDS = SIM_COMMAND_TYPES.filter(
  (t): t is Exclude<SimCommandType, WithPayload> => t !== 'REJECT' && t !== 'INJECT_FAULT' && t !== 'FAIL_NOW',
);

/** A command as a control sends it; never `from` (a lesson restarts from its own checkpoints). */
const COMMAND = v.variant('type', [
  v.strictObject({ type: v.picklist(PLAIN_COMMANDS) }),
  v.strictObject({ type: v.literal('REJECT'), reason: TEXT }),
  v.strictObject({ type: v.picklist(['INJECT_FAULT', 'FAIL_NOW']), error: v.picklist(INJECTABLE_ERRORS) }),
]);

const beats = (story: (typeof STORY_IDS)[number]) => STORIES[story].beats.length;

/**
 * What a stop does to the run.
 * - `command`: one injected command (`times` presses of it), as a control sends it.
 * - `wait`: the run goes on by itself (START, then TICKs: what the page's play does) until it
 *   stands in `state` (at step `step`, when given); "fast forward to waiting_approval" is
 *   `{ kind: 'wait', state: 'waiting_approval' }`. It approves nothing on the way.
 * - `finish`: plays to the end, approving every request on the way.
 * - `beat`: one beat of a story (stories.ts), e.g. the night of the opening story; with
 *   `through`, every beat from `beat` to `through` in one stop.
 * - `segment`: a fresh run with another design (or scenario, config, story's watchdog): how one
 *   lesson shows several harness designs one after the other, each on the lesson's seed.
 * - `replay_failure`: re-runs the newest checkpoint's latest failed call (failure replay).
 * - `takeover`: a person edits the newest checkpoint and hands it back; the run goes on from it.
 * - `fork`: a new branch of the run from one of its checkpoints (the history's "fork from
 *   here"): the newest one that is not terminal, so a cancelled or failed run goes on from
 *   where it stood before it ended.
 */
const MOVE = v.variant('kind', [
  v.strictObject({ kind: v.literal('command'), command: COMMAND, times: v.exactOptional(POSITIVE) }),
  v.strictObject({ kind: v.literal('wait'), state: STATE_SCHEMA, step: v.exactOptional(POSITIVE) }),
  v.strictObject({ kind: v.literal('finish') }),
  v.pipe(
    v.strictObject({ kind: v.literal('beat'), story: STORY, beat: INT, through: v.exactOptional(INT) }),
    v.forward(
      v.check((m) => m.beat < beats(m.story)),
      ['beat'],
    ),
    v.forward(
      v.check((m) => m.through === undefined || (m.through >= m.beat && m.through < beats(m.story))),
      ['through'],
    ),
  ),
  v.strictObject({
    kind: v.literal('segment'),
    design: DESIGN,
    scenario: v.exactOptional(SCENARIO_ID),
    config: v.exactOptional(PARTIAL_CONFIG),
    story: v.exactOptional(STORY),
  }),
  v.strictObject({ kind: v.literal('replay_failure') }),
  v.strictObject({ kind: v.literal('takeover'), edit: TAKEOVER_EDIT_SCHEMA }),
  v.strictObject({ kind: v.literal('fork') }),
]);
export type LessonMove = v.InferOutput<typeof MOVE>;

/**
 * The read-outs a stop's caption cites (its `focus`): presenter mode shows these, and only these,
 * beside the diagram (src/ui/present/Evidence.tsx), each with the hook it reads. `diagram` is the
 * diagram itself (its lit state); the others one figure each:
 * - `step` the current step (`current-step`), `loop` the loop guard's stage and count,
 *   `guard` the design badge's guard, `requests` approval requests, `ended` why the run ended,
 *   `down` why the process is down;
 * - the meters: `clock`, `tokens`, `wasted` (steps wasted), `checkpoints` (the newest
 *   checkpoint's number), `stored` (checkpoints on disk, bytes written), `sizes` (position-only
 *   against full-state bytes);
 * - the newest checkpoint: `newest` (its number, trigger, state and step: the article's item ①),
 *   and its items ② `cp-done`, ③ `cp-refs`, ④ `cp-todos`, ⑤ `cp-plan`;
 * - `ledger` the ledger's newest row, `channel` the context channel's newest message, `plan`
 *   the plan's version and length, `rereads` files re-read, `side` the queued second task.
 */
export const FOCUSES = [
  'diagram',
  'step',
  'loop',
  'guard',
  'requests',
  'ended',
  'down',
  'clock',
  'tokens',
  'wasted',
  'checkpoints',
  'stored',
  'sizes',
  'newest',
  'cp-done',
  'cp-refs',
  'cp-todos',
  'cp-plan',
  'ledger',
  'channel',
  'plan',
  'rereads',
  'side',
] as const;
export type Focus = (typeof FOCUSES)[number];

/**
 * The student's turn: the stop waits until the student presses `control` (its move is what that
 * press sends, which is what the lesson's own script does) and the run stands in `expect`
 * (ended for `ended`, when given). `ask` shows before; the caption after.
 */
const YOUR_TURN = v.strictObject({
  control: v.picklist(CONTROL_IDS),
  ask: WORDS,
  expect: STATE_SCHEMA,
  ended: v.exactOptional(v.picklist(END_REASONS)),
});

/** The refusal (its code) of a your-turn whose control does not send the stop's move. */
export const NOT_THE_MOVE = 'L126';

const STOP = v.pipe(
  v.strictObject({
    /**
     * A short kebab-case name of what the stop shows (`restart-from-27`), unique within its
     * lesson: the guide's notes are keyed by it, so inserting a stop cannot shift them.
     */
    id: v.pipe(v.string(), v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/), v.maxLength(40)),
    caption: WORDS,
    /** The article's section the caption's rule comes from (lesson-source). */
    source: v.picklist(ARTICLE_SECTIONS),
    /** The read-outs the caption cites, most important first (FOCUSES); none when it cites only its words. */
    focus: v.exactOptional(
      v.pipe(
        v.array(v.picklist(FOCUSES)),
        v.check((f) => new Set(f).size === f.length),
        v.readonly(),
      ),
    ),
    /**
     * Predict-then-reveal asks which step the run goes on from, instead of which state comes
     * next (a RESTART after a crash: how far does this density fall back?).
     */
    predict: v.exactOptional(v.literal('step')),
    /** What the run shows after this stop (held to the run by lessons.test.ts). */
    shows: SHOWS_SCHEMA,
    move: MOVE,
    yourTurn: v.exactOptional(YOUR_TURN),
  }),
  // The lesson's own script does what the student is asked: the move is that control's command.
  v.forward(
    v.check(
      (s) =>
        s.yourTurn === undefined ||
        (s.move.kind === 'command' && s.move.command.type === CONTROL_COMMANDS[s.yourTurn.control]),
      NOT_THE_MOVE,
    ),
    ['yourTurn', 'control'],
  ),
);
export type LessonStop = v.InferOutput<typeof STOP>;

/** The refusal (its code) of a stop id another stop of the lesson already has. */
export const TAKEN_ID = 'L144';

/**
 * A lesson is plain data: where it starts (scenario, seed, design) and a list of stops. Each stop
 * makes one move on the run and shows a caption about what that move did, so a caption is tied
 * to an event, never to a clock.
 */
export const LESSON_SCHEMA = v.strictObject({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/)),
  title: WORDS,
  scenario: SCENARIO_ID,
  seed: SEED,
  design: DESIGN,
  config: v.exactOptional(PARTIAL_CONFIG),
  stops: v.pipe(
    v.array(STOP),
    v.minLength(1),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const stops = dataset.value;
      const seen = new Set<string>();
      for (const [i, stop] of stops.entries()) {
        if (seen.has(stop.id))
          return addIssue({
            message: TAKEN_ID,
            path: [
              { type: 'array', origin: 'value', input: stops, key: i, value: stop },
              { type: 'object', origin: 'value', input: stop, key: 'id', value: stop.id },
            ],
          });
        seen.add(stop.id);
      }
    }),
    v.readonly(),
  ),
});
export type Lesson = v.InferOutput<typeof LESSON_SCHEMA>;

/** A stop played on the run on screen: the timeline marks it at the event it ended at. */
export interface StopOnRun {
  /** The stop, 0-based. */
  at: number;
  /** The event of the run's timeline it ended at (-1: where that run begins). */
  event: number;
  caption: MessageKey;
}
