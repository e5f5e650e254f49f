import * as v from 'valibot';
import { CHOICE, INDEX, LESSON_ID, PHASES, REFUSAL, SELF_TEST_QUESTIONS, STOP_KINDS, STUDENT_ID } from './protocol';

/**
 * What the relay says to the page (issue 43): the events it pushes (a class's state, its tally,
 * roster and a student's own record) and its acks to each client request. Every one is a schema,
 * its type `v.InferOutput` of it; the page reads each against its schema before it believes it.
 * What the page says to the relay, and the pieces both use, are in protocol.ts.
 */

const COUNT = v.pipe(v.number(), v.integer(), v.minValue(0));
const FUSE_SPLIT = v.strictObject({ yes: COUNT, no: COUNT });

/** What every phone and the projector need to draw the class (event `class:state`, to everyone in it). */
export const CLASS_STATE = v.strictObject({
  code: v.string(),
  lessonId: LESSON_ID,
  stop: INDEX,
  kind: v.picklist(STOP_KINDS),
  phase: v.picklist(PHASES),
  choices: v.array(CHOICE),
  askFuse: v.boolean(),
  paused: v.boolean(),
  /** Students in the class now (joined and not removed). */
  joined: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Students who answered this stop. */
  answered: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Once revealed: the right answer and the class's split (choice → count); before, null. */
  revealed: v.nullable(
    v.strictObject({
      answer: CHOICE,
      fuse: v.optional(v.boolean()),
      histogram: v.record(v.string(), v.number()),
      /** Where the stop also asked whether the fuse trips (`askFuse`): the class's yes and no. */
      fuses: v.optional(FUSE_SPLIT),
    }),
  ),
  /**
   * Grows with every change of the class: a client keeps the highest it has seen and drops an
   * older one (with several relays, two updates may arrive out of order).
   */
  version: v.number(),
});
export type ClassState = v.InferOutput<typeof CLASS_STATE>;

/** The class's split on the fuse question: students who said it trips, and who said it does not. */
export type FuseSplit = v.InferOutput<typeof FUSE_SPLIT>;

/** The teacher's live view (event `class:tally`, teacher only): counts as answers arrive. */
export const TALLY = v.strictObject({
  code: v.string(),
  stop: INDEX,
  joined: v.number(),
  answered: v.number(),
  /** choice → count, every choice of the stop present (0 too). */
  histogram: v.record(v.string(), v.number()),
  /** Self-test answers, without names (the projector shows them anonymously), oldest first. */
  texts: v.array(v.strictObject({ question: v.picklist(SELF_TEST_QUESTIONS), text: v.string() })),
  version: v.number(),
});
export type Tally = v.InferOutput<typeof TALLY>;

/**
 * Who is in the class, for `remove` (event `class:roster`, teacher only, when someone joins or
 * is removed): id and nickname, plain text ('' for anonymous), in the order they joined.
 */
export const ROSTER = v.strictObject({
  code: v.string(),
  students: v.array(v.strictObject({ id: STUDENT_ID, nickname: v.string() })),
  version: v.number(),
});
export type Roster = v.InferOutput<typeof ROSTER>;

/** A student's stored answer at one stop: a choice (predict), or their texts by question (selftest). */
export const ANSWER_RECORD = v.union([
  v.strictObject({ choice: CHOICE, fuse: v.optional(v.boolean()) }),
  v.strictObject({ texts: v.strictObject({ q1: v.optional(v.string()), q2: v.optional(v.string()) }) }),
]);
export type AnswerRecord = v.InferOutput<typeof ANSWER_RECORD>;

/** One student's own view (event `student:you`, to that student only; also in join/resume acks). */
export const YOU = v.strictObject({
  id: STUDENT_ID,
  nickname: v.string(),
  /** Their answer at the current stop, if any (kept across reconnects). */
  answer: v.nullable(ANSWER_RECORD),
  /** Once revealed: whether their answer was right; else null. */
  correct: v.nullable(v.boolean()),
  /** Right answers, and how many predictions of the class have been revealed so far. */
  score: v.strictObject({ right: v.number(), revealed: v.number() }),
});
export type You = v.InferOutput<typeof YOU>;

/** Server → client events. `class:ended` and `student:removed` carry `{ code }`; the phone then stops. */
export const SERVER_EVENTS = [
  'class:state',
  'class:tally',
  'class:roster',
  'student:you',
  'student:removed',
  'class:ended',
] as const;

// ── Acks ────────────────────────────────────────────────────────────────────────────────────

/** `student:join` / `student:resume` succeeded: keep `secret` (sessionStorage) to resume. */
const JOINED = v.strictObject({ ok: v.literal(true), secret: v.string(), state: CLASS_STATE, you: YOU });
/** A teacher command succeeded (`start` and `stop` return the code and the state). */
const DONE = v.strictObject({ ok: v.literal(true), code: v.string(), state: v.nullable(CLASS_STATE) });
/** `student:answer` is durable (on disk, or in Redis) when this arrives. */
const STORED = v.strictObject({ ok: v.literal(true), you: YOU });
/** Every ack the relay sends; the page reads an ack against it before it believes it (client.ts). */
export const ACK = v.union([REFUSAL, JOINED, DONE, STORED]);
export type Joined = v.InferOutput<typeof JOINED>;
export type Done = v.InferOutput<typeof DONE>;
export type Stored = v.InferOutput<typeof STORED>;
export type Ack = v.InferOutput<typeof ACK>;
