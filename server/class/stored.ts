import * as v from 'valibot';
import { CHOICE, INDEX, JOIN_CODE, LESSON_ID, PHASES, STOP_KINDS, STUDENT_ID } from '../../src/class/protocol';
import { ANSWER_RECORD } from '../../src/class/replies';

/**
 * A class session as both stores keep it (one JSON file, or one Redis hash of JSON fields), as
 * schemas: what a store reads back is checked against them before the relay believes it, as the
 * page checks every ack (a file edited by hand, a Redis written by another version). Types are
 * inferred from them. The rules over this data are in session.ts.
 */

/** sha256 (hex) of a secret or token: the secret itself is never stored. */
const HASH = v.pipe(v.string(), v.minLength(1));
const TIME = v.pipe(v.number(), v.integer(), v.minValue(0));

/** What the teacher's commands move. */
export const CLASS_META = v.strictObject({
  code: JOIN_CODE,
  /** sha256 (hex) of the teacher token that started the class: only that token drives it. */
  teacherHash: HASH,
  lessonId: LESSON_ID,
  stop: INDEX,
  kind: v.picklist(STOP_KINDS),
  choices: v.array(CHOICE),
  askFuse: v.boolean(),
  phase: v.picklist(PHASES),
  paused: v.boolean(),
  /** Right answers shown so far, by stopKey (session.ts): scores and the phones' results come from them. */
  reveals: v.record(v.string(), v.strictObject({ answer: CHOICE, fuse: v.optional(v.boolean()) })),
  createdAt: TIME,
  /** Last change (ms): the session expires IDLE_MS after it. */
  touchedAt: TIME,
});
export type ClassMeta = v.InferOutput<typeof CLASS_META>;

export const STUDENT = v.strictObject({
  id: STUDENT_ID,
  nickname: v.string(),
  /** sha256 (hex) of the student's secret. */
  secretHash: HASH,
  joinedAt: TIME,
  removed: v.optional(v.boolean()),
});
export type Student = v.InferOutput<typeof STUDENT>;

export const SESSION = v.strictObject({
  meta: CLASS_META,
  students: v.record(v.string(), STUDENT),
  /** stopKey → student id → answer. */
  answers: v.record(v.string(), v.record(v.string(), ANSWER_RECORD)),
  /** Grows with every change; clients drop an older state (several relays may reorder). */
  version: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type Session = v.InferOutput<typeof SESSION>;

/** What a store read back and could not believe: the relay logs it, and a teacher's `start` starts afresh. */
export class Unreadable extends Error {}

/**
 * `text` as stored, read against `schema`; else an Unreadable that names what (`what`) and where
 * it differs, for the relay's log. The read is refused (the client is told `unavailable`);
 * writes that do not read that field still apply.
 */
export function readStored<S extends v.GenericSchema>(schema: S, text: string, what: string): v.InferOutput<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Unreadable(`${what} is not JSON`);
  }
  const r = v.safeParse(schema, value);
  if (r.success) return r.output;
  const issue = r.issues[0];
  const at = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  throw new Unreadable(`${what} is not one this relay can read${at ? ` (at ${at})` : ''}: ${issue.message}`);
}
