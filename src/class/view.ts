import type { AnswerMessage, ClassError, StopAt, TeacherCommand } from './protocol';
import type { ClassState, Roster, Tally, You } from './replies';

/** What a tab knows of the live class, and what it can ask of it: the class slice's shape (client.ts). */

/**
 * Where the tab stands. `norelay`: the page is hosted without the relay (a class needs `npm run
 * class`); `notoken`: the relay is there but this tab has no teacher token; `forbidden`: the
 * token is not this relay's; `refused`: the relay said no (see `error`); `reconnecting`: the
 * connection dropped and Socket.IO is bringing it back.
 */
export type ClassStatus =
  | 'off'
  | 'connecting'
  | 'live'
  | 'reconnecting'
  | 'norelay'
  | 'notoken'
  | 'forbidden'
  | 'refused'
  | 'ended'
  | 'removed';

export interface LiveClassData {
  role: 'teacher' | 'student' | null;
  status: ClassStatus;
  code: string | null;
  state: ClassState | null;
  /** The teacher's live counts, texts and students. */
  tally: Tally | null;
  /** The teacher's list of who is in the class (to remove one). */
  roster: Roster | null;
  /** The student's own answer, result and score. */
  you: You | null;
  /** An answer not yet acknowledged (sent again after a reconnection). */
  pending: AnswerMessage | null;
  /** The relay's last refusal. */
  error: ClassError | null;
}

/** Teacher commands beside `start` and `stop` (which startClass and moveClass send). */
export type ClassCommand = Exclude<TeacherCommand, { type: 'start' | 'stop' }>;

export interface LiveClassActions {
  /** The teacher starts (or rejoins) this token's class at stop `at`. */
  startClass(at: StopAt): Promise<void>;
  /** The teacher's lesson moved: the class follows (sent once per change). */
  moveClass(at: StopAt): Promise<void>;
  /** Lock, reopen, reveal, pause, remove, end: true once the relay acknowledged it. */
  teach(cmd: ClassCommand): Promise<boolean>;
  /** A phone joins (or, with a secret kept for this code, resumes). */
  joinClass(code: string, nickname: string): Promise<void>;
  /** The student's answer at the current stop: true once stored by the relay. */
  answerClass(msg: AnswerMessage): Promise<boolean>;
  /** Drops the connection and forgets the class's view (not the secret). */
  leaveClass(): void;
}
export type LiveClass = LiveClassData & LiveClassActions;

export const IDLE: LiveClassData = {
  role: null,
  status: 'off',
  code: null,
  state: null,
  tally: null,
  roster: null,
  you: null,
  pending: null,
  error: null,
};
