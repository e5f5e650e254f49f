import * as v from 'valibot';

/**
 * The live class's wire protocol (issue 43), shared by the relay (server/class/) and the page:
 * every message either way is a schema here, its type `v.InferOutput` of it. No Node, no DOM.
 *
 * Transport: Socket.IO. Every client → server event carries one payload and an acknowledgement
 * callback, answered with an ack (replies.ts); the relay validates the payload against the event's
 * schema and refuses anything else with `{ ok: false, error }` (never a crash, never a change).
 * Server → client events carry one payload and no ack; they and the acks are in replies.ts.
 *
 * Roles: the teacher's socket connects with `auth: { teacher: <token> }` (the token from the
 * `#teacher=` fragment `npm run class` prints); a student's socket connects with no auth and
 * sends `student:join` (first time) or `student:resume` (every reconnect, with its secret).
 * A socket is bound to one student by the server: no message names a student id to act as.
 */

/** Caps on what a client may send: the relay refuses more (error `too_large` or `invalid`). */
export const LIMITS = {
  /** A nickname, in UTF-16 units after trimming. */
  nickname: 32,
  /** One self-test answer. */
  answerText: 500,
  /** One message as JSON, in bytes (UTF-8). */
  messageBytes: 4096,
  /** A prediction's choice id (a state name like `waiting_approval`, or a step number as text). */
  choice: 32,
  /** Choices at one stop. */
  choices: 16,
  /** A lesson id. */
  lessonId: 64,
  /** Stops in one lesson. */
  stops: 200,
} as const;

/** Join codes: this many characters of {@link CODE_ALPHABET} (31^8 ≈ 8.5e11 codes). */
export const CODE_LENGTH = 8;
/** Upper-case letters and digits a phone keyboard types and a projector shows unambiguously: no 0/O, 1/I/L. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * The page's addresses for a class: the student view is `?class` (the join page, code typed) or
 * `?class=<CODE>` (the QR's address: joins at once); the teacher's link carries its token in the
 * fragment, `#teacher=<token>` (keys.ts's TEACHER_FRAGMENT), so it never reaches a server log.
 */
export const STUDENT_QUERY = 'class';

/** What a stop asks of the phones. `watch`: nothing (caption only); `predict`: one of `choices`; `selftest`: typed text. */
export const STOP_KINDS = ['watch', 'predict', 'selftest'] as const;

/** Where a question stands: answers accepted (`open`), frozen (`locked`), or the right one shown (`revealed`). */
export const PHASES = ['open', 'locked', 'revealed'] as const;

/** The article's self-test questions, as src/lessons/selftest.ts names them. */
export const SELF_TEST_QUESTIONS = ['q1', 'q2'] as const;

/** Why the relay refused a message (the `error` of a refusal {@link Ack}). */
export const CLASS_ERRORS = [
  /** The payload does not match the event's schema. */
  'invalid',
  /** The message is over LIMITS.messageBytes. */
  'too_large',
  /** Too many messages from this connection (or too many wrong join codes from this address). */
  'rate_limited',
  /** This connection may not send this (a teacher command from a student, an answer from the teacher). */
  'forbidden',
  /** No live class has this code (or it ended / expired). */
  'no_class',
  /** The secret names no student of this class (or the student was removed). */
  'unknown_student',
  /** The answer is for a stop the class is not on. */
  'wrong_stop',
  /** The question is locked or revealed: answers are frozen. */
  'locked',
  /** The class is paused. */
  'paused',
  /** The choice is not one of the stop's choices, or the kind of answer does not fit the stop. */
  'bad_answer',
  /** The event name is not part of this protocol. */
  'unknown_event',
  /** The relay could not store it (disk or Redis): nothing was acknowledged, try again. */
  'unavailable',
] as const;
export type ClassError = (typeof CLASS_ERRORS)[number];

// ── Pieces ──────────────────────────────────────────────────────────────────────────────────

export const INDEX = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(LIMITS.stops - 1));
export const JOIN_CODE = v.pipe(
  v.string(),
  v.transform((s) => s.trim().toUpperCase()),
  v.length(CODE_LENGTH),
  v.check((s) => [...s].every((c) => CODE_ALPHABET.includes(c)), 'not a join code'),
);
/** A student's secret as the relay issues it: 22 base64url characters (128 bits). */
const SECRET = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22}$/));
/** A student's public id (the teacher's handle for `remove`): 12 base64url characters. */
export const STUDENT_ID = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{12}$/));
export const LESSON_ID = v.pipe(v.string(), v.regex(/^[a-zA-Z0-9_-]+$/), v.maxLength(LIMITS.lessonId));
/**
 * Text, not half a character: a lone UTF-16 surrogate is no text a person typed, and Redis's Lua
 * (cjson) cannot decode it, so the relay with several nodes would refuse that student's every answer.
 */
const WELL_FORMED = v.check((s: string) => !/\p{Cs}/u.test(s), 'half of a character (a lone surrogate)');
export const CHOICE = v.pipe(v.string(), v.minLength(1), v.maxLength(LIMITS.choice), WELL_FORMED);
/** A nickname is plain text: shown with textContent, never as markup; empty means anonymous. */
const NICKNAME = v.pipe(v.string(), v.trim(), v.maxLength(LIMITS.nickname), WELL_FORMED);
const ANSWER_TEXT = v.pipe(v.string(), v.trim(), v.maxLength(LIMITS.answerText), WELL_FORMED);

// ── Client → server ─────────────────────────────────────────────────────────────────────────

/** `student:join`: a phone joins with the code (from the QR or typed) and an optional nickname. */
const JOIN = v.strictObject({ code: JOIN_CODE, nickname: v.optional(NICKNAME, '') });
/** `student:resume`: a phone that joined before comes back (reconnect, reload) with its secret. */
const RESUME = v.strictObject({ code: JOIN_CODE, secret: SECRET });
/**
 * `student:answer`: the student's own answer at stop `stop` (the one the class is on), while it is
 * open; sending again replaces it until the teacher locks. `fuse` is the prediction's second
 * question (does the fuse trip?) when the projector asks it.
 */
export const ANSWER = v.variant('kind', [
  v.strictObject({ kind: v.literal('choice'), stop: INDEX, choice: CHOICE, fuse: v.optional(v.boolean()) }),
  v.strictObject({
    kind: v.literal('text'),
    stop: INDEX,
    question: v.picklist(SELF_TEST_QUESTIONS),
    text: ANSWER_TEXT,
  }),
]);

/** The stop the class moves to (`teacher` command `stop`, which is also skip and back). */
export const STOP = v.pipe(
  v.strictObject({
    lessonId: LESSON_ID,
    stop: INDEX,
    kind: v.picklist(STOP_KINDS),
    /** The choices the projector's Predict first offers (`predict` stops only). */
    choices: v.optional(v.pipe(v.array(CHOICE), v.maxLength(LIMITS.choices)), []),
    /** The prediction also asks whether the fuse trips. */
    askFuse: v.optional(v.boolean(), false),
  }),
  v.check((s) => s.kind !== 'predict' || s.choices.length >= 2, 'a predict stop offers at least two choices'),
  v.check((s) => new Set(s.choices).size === s.choices.length, 'choices repeat'),
);

/** `teacher`: the commands only the teacher's connection may send. */
export const TEACHER_COMMAND = v.variant('type', [
  /** Starts a class (or returns the one this token already runs): ack `{ ok, code, state }`. */
  v.strictObject({ type: v.literal('start'), at: STOP }),
  /** Moves the class to a stop (next, skip, back): its question opens afresh. */
  v.strictObject({ type: v.literal('stop'), at: STOP }),
  v.strictObject({ type: v.literal('lock') }),
  /** Reopens a locked question (not a revealed one). */
  v.strictObject({ type: v.literal('open') }),
  /** Shows the right answer: the phones learn whether they were right and their score. */
  v.strictObject({ type: v.literal('reveal'), answer: CHOICE, fuse: v.optional(v.boolean()) }),
  v.strictObject({ type: v.literal('pause'), paused: v.boolean() }),
  v.strictObject({ type: v.literal('remove'), student: STUDENT_ID }),
  /** Ends the class and deletes its data. */
  v.strictObject({ type: v.literal('end') }),
]);

/** Every client → server event and its payload schema. */
export const CLIENT_EVENTS = {
  'student:join': JOIN,
  'student:resume': RESUME,
  'student:answer': ANSWER,
  teacher: TEACHER_COMMAND,
} as const;
export type ClientEvent = keyof typeof CLIENT_EVENTS;
export type AnswerMessage = v.InferOutput<typeof ANSWER>;
export type StopAt = v.InferOutput<typeof STOP>;
export type TeacherCommand = v.InferOutput<typeof TEACHER_COMMAND>;

// ── Refusals ────────────────────────────────────────────────────────────────────────────────

/** A refusal: nothing changed. `message` is for a developer's console, not a student. */
export const REFUSAL = v.strictObject({ ok: v.literal(false), error: v.picklist(CLASS_ERRORS), message: v.string() });
export type Refusal = v.InferOutput<typeof REFUSAL>;

/**
 * Reads a client message against its event's schema: the typed payload, or the refusal to ack.
 * Both ends use it (the page to check before sending, the relay to refuse).
 */
export function readMessage<E extends ClientEvent>(
  event: E,
  payload: unknown,
): { ok: true; value: v.InferOutput<(typeof CLIENT_EVENTS)[E]> } | Refusal {
  const r = v.safeParse(CLIENT_EVENTS[event], payload);
  if (r.success) return { ok: true, value: r.output as v.InferOutput<(typeof CLIENT_EVENTS)[E]> };
  const issue = r.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  return { ok: false, error: 'invalid', message: `${event}: ${path ? `${path}: ` : ''}${issue.message}` };
}

/** UTF-8 length of a message as JSON, the measure LIMITS.messageBytes caps. */
export function messageBytes(payload: unknown): number {
  let json: string | undefined;
  try {
    json = JSON.stringify(payload);
  } catch {
    return Infinity;
  }
  return json === undefined ? 0 : new TextEncoder().encode(json).length;
}
