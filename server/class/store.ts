import type { AnswerMessage, Refusal } from '../../src/class/protocol';
import type { AnswerRecord, You } from '../../src/class/replies';
import type { Glance } from './session';
import type { ClassMeta, Session, Student } from './stored';

/**
 * Where class sessions live: one JSON file per class (fileStore.ts, one relay) or one Redis hash
 * per class (redisStore.ts, several relays). Every method that changes a session resolves only
 * once the change is durable in that store; the relay acknowledges after it, never before.
 */
export interface ClassStore {
  /** Reads what a restart must bring back (the file store reads its directory). */
  open(): Promise<void>;
  /** Stores a new class; false when the code is taken (the caller draws another). */
  create(meta: ClassMeta): Promise<boolean>;
  load(code: string): Promise<Session | null>;
  /** The live views' counts, cheaply (Redis: counters, not the whole class); null: no class. */
  glance(code: string): Promise<Glance | null>;
  /** The id of the student (still in the class) whose secret hashes to `secretHash`. */
  studentOf(code: string, secretHash: string): Promise<string | null>;
  /** The live class this teacher (token hash) runs, if any. */
  classOf(teacherHash: string): Promise<string | null>;
  /** Applies a teacher's change to the meta atomically (against concurrent teacher commands). */
  teach(code: string, change: (meta: ClassMeta) => ClassMeta | Refusal): Promise<ClassMeta | Refusal>;
  /** Marks a student removed: their answers stop counting and their secret stops working. */
  remove(code: string, studentId: string, now: number): Promise<true | Refusal>;
  join(code: string, student: Student, now: number): Promise<true | Refusal>;
  /** Checks the answer rules and stores the answer in one atomic step. */
  answer(code: string, studentId: string, msg: AnswerMessage, now: number): Promise<AnswerRecord | Refusal>;
  /** One student's own view, without loading the whole class. */
  youOf(code: string, studentId: string): Promise<You | null>;
  /** Deletes the class and everything kept of it. */
  end(code: string): Promise<void>;
  /** Deletes every class idle longer than IDLE_MS at `now`; returns their codes. */
  sweep(now: number): Promise<string[]>;
  /** The teacher token this deployment uses: the stored one, or `fresh` stored now. */
  teacherToken(fresh: string): Promise<string>;
  close(): Promise<void>;
}
