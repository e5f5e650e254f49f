import type { AnswerMessage, ClassError, Refusal, StopAt, TeacherCommand } from '../../src/class/protocol';
import type { AnswerRecord, ClassState, FuseSplit, Roster, Tally, You } from '../../src/class/replies';
import type { ClassMeta, Session, Student } from './stored';

/**
 * A class session and its rules, as pure functions over plain data (no I/O, no clock, no
 * randomness: those are passed in). Both stores (one JSON file, or one Redis hash) keep exactly
 * this data (stored.ts, its schemas); redisStore.ts repeats the answer rule in Lua so it is atomic there.
 */

/** A session with no change for this long is deleted (file and Redis key): 4 hours. */
export const IDLE_MS = 4 * 60 * 60 * 1000;

/** Answers and reveals are kept per lesson and stop, so the teacher may move between lessons. */
export const stopKey = (lessonId: string, stop: number): string => `${lessonId}#${stop}`;

export const refuse = (error: ClassError, message: string): Refusal => ({ ok: false, error, message });

/** The meta's fields that say which stop the class is at. */
const atStop = (at: StopAt): Pick<ClassMeta, 'lessonId' | 'stop' | 'kind' | 'choices' | 'askFuse'> => ({
  lessonId: at.lessonId,
  stop: at.stop,
  kind: at.kind,
  choices: at.kind === 'predict' ? [...at.choices] : [],
  askFuse: at.kind === 'predict' && at.askFuse,
});

export function newMeta(code: string, teacherHash: string, at: StopAt, now: number): ClassMeta {
  return {
    code,
    teacherHash,
    ...atStop(at),
    phase: 'open',
    paused: false,
    reveals: {},
    createdAt: now,
    touchedAt: now,
  };
}

/**
 * The meta after a teacher command (never `start` or `end`, which the relay handles), or the
 * refusal. `remove` changes a student, not the meta: the store applies it (see applyRemove).
 */
export function applyTeacher(meta: ClassMeta, cmd: TeacherCommand, now: number): ClassMeta | Refusal {
  const touched = { ...meta, touchedAt: now };
  switch (cmd.type) {
    case 'start':
    case 'stop': {
      const at = cmd.at;
      const revealed = meta.reveals[stopKey(at.lessonId, at.stop)] !== undefined;
      const same = at.lessonId === meta.lessonId && at.stop === meta.stop;
      return {
        ...touched,
        ...atStop(at),
        // The same stop again (a projector reconnecting) changes nothing; back to a stop already
        // revealed shows it revealed; any other stop opens afresh.
        phase: revealed ? 'revealed' : same ? meta.phase : 'open',
      };
    }
    case 'lock':
      if (meta.phase === 'revealed') return refuse('locked', 'the answer is already revealed');
      return { ...touched, phase: 'locked' };
    case 'open':
      if (meta.phase === 'revealed') return refuse('locked', 'a revealed question stays closed');
      return { ...touched, phase: 'open' };
    case 'reveal':
      if (meta.kind !== 'predict') return refuse('bad_answer', 'only a prediction has a right answer');
      if (!meta.choices.includes(cmd.answer)) return refuse('bad_answer', 'the answer is not one of the choices');
      return {
        ...touched,
        phase: 'revealed',
        reveals: {
          ...meta.reveals,
          [stopKey(meta.lessonId, meta.stop)]: {
            answer: cmd.answer,
            ...(cmd.fuse === undefined ? {} : { fuse: cmd.fuse }),
          },
        },
      };
    case 'pause':
      return { ...touched, paused: cmd.paused };
    case 'remove':
    case 'end':
      return touched;
  }
}

/**
 * Whether `student` may store `msg` now: the rules the issue names (only the stop the class is
 * on, only while it is open and not paused, only a choice it offers). Null when allowed.
 */
export function answerRefusal(meta: ClassMeta, student: Student | undefined, msg: AnswerMessage): Refusal | null {
  if (!student || student.removed) return refuse('unknown_student', 'not a student of this class');
  if (msg.stop !== meta.stop) return refuse('wrong_stop', `the class is at stop ${meta.stop}`);
  if (meta.paused) return refuse('paused', 'the class is paused');
  if (meta.phase !== 'open') return refuse('locked', 'answers are locked');
  if (msg.kind === 'choice') {
    if (meta.kind !== 'predict') return refuse('bad_answer', 'this stop asks no prediction');
    if (!meta.choices.includes(msg.choice)) return refuse('bad_answer', 'not one of the choices');
  } else if (meta.kind !== 'selftest') return refuse('bad_answer', 'this stop asks no self-test');
  return null;
}

/** The stored answer after `msg` replaces (or adds to) `old`. */
export function mergeAnswer(old: AnswerRecord | undefined, msg: AnswerMessage): AnswerRecord {
  if (msg.kind === 'choice')
    return msg.fuse === undefined ? { choice: msg.choice } : { choice: msg.choice, fuse: msg.fuse };
  const texts = old && 'texts' in old ? old.texts : {};
  return { texts: { ...texts, [msg.question]: msg.text } };
}

const present = (s: Session): Student[] => Object.values(s.students).filter((st) => !st.removed);

const isRight = (a: AnswerRecord | undefined, r: { answer: string; fuse?: boolean }): boolean =>
  !!a && 'choice' in a && a.choice === r.answer && (r.fuse === undefined || a.fuse === undefined || a.fuse === r.fuse);

/** The current stop's answers by choice (every choice present, 0 too), of students still in the class. */
function histogram(s: Session): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(s.meta.choices.map((c) => [c, 0]));
  const here = s.answers[stopKey(s.meta.lessonId, s.meta.stop)] ?? {};
  for (const [id, a] of Object.entries(here))
    if ('choice' in a && !s.students[id]?.removed && a.choice in counts) counts[a.choice] = (counts[a.choice] ?? 0) + 1;
  return counts;
}

/** The current stop's answers to the fuse question (those who left it unsure count in neither). */
function fuseSplit(s: Session): FuseSplit {
  const split = { yes: 0, no: 0 };
  const here = s.answers[stopKey(s.meta.lessonId, s.meta.stop)] ?? {};
  for (const [id, a] of Object.entries(here))
    if ('choice' in a && a.fuse !== undefined && !s.students[id]?.removed) split[a.fuse ? 'yes' : 'no']++;
  return split;
}

function answeredHere(s: Session): number {
  const here = s.answers[stopKey(s.meta.lessonId, s.meta.stop)] ?? {};
  return Object.keys(here).filter((id) => s.students[id] && !s.students[id].removed).length;
}

/**
 * The counts the live views need, without the whole session: what the Redis store reads from
 * its counters in one step, and the file store from the session.
 */
export interface Glance {
  meta: ClassMeta;
  version: number;
  joined: number;
  answered: number;
  histogram: Record<string, number>;
  /** The fuse question's split, where the stop asks it (askFuse); absent elsewhere. */
  fuses?: FuseSplit;
  /** Self-test answers at the current stop (empty elsewhere), oldest writer first. */
  texts: Tally['texts'];
}

export function glance(s: Session): Glance {
  const here = s.answers[stopKey(s.meta.lessonId, s.meta.stop)] ?? {};
  const texts: Tally['texts'] = [];
  const students = present(s).sort((a, b) => a.joinedAt - b.joinedAt);
  // Texts in the order their writers joined: stable as more arrive.
  for (const st of students) {
    const a = here[st.id];
    if (a && 'texts' in a)
      for (const q of ['q1', 'q2'] as const) {
        const text = a.texts[q];
        if (text) texts.push({ question: q, text });
      }
  }
  return {
    meta: s.meta,
    version: s.version,
    joined: students.length,
    answered: answeredHere(s),
    histogram: histogram(s),
    ...(s.meta.askFuse ? { fuses: fuseSplit(s) } : {}),
    texts,
  };
}

/** What every phone and the projector draw (`class:state`). */
export function stateOf(g: Glance): ClassState {
  const m = g.meta;
  const r = m.phase === 'revealed' ? m.reveals[stopKey(m.lessonId, m.stop)] : undefined;
  return {
    code: m.code,
    lessonId: m.lessonId,
    stop: m.stop,
    kind: m.kind,
    phase: m.phase,
    choices: m.choices,
    askFuse: m.askFuse,
    paused: m.paused,
    joined: g.joined,
    answered: g.answered,
    revealed: r ? { ...r, histogram: g.histogram, ...(m.askFuse && g.fuses ? { fuses: g.fuses } : {}) } : null,
    version: g.version,
  };
}

/** The teacher's live counts (`class:tally`). Texts carry no names: the projector shows them anonymously. */
export function tallyOf(g: Glance): Tally {
  return {
    code: g.meta.code,
    stop: g.meta.stop,
    joined: g.joined,
    answered: g.answered,
    histogram: g.histogram,
    texts: g.texts,
    version: g.version,
  };
}

export const classState = (s: Session): ClassState => stateOf(glance(s));
export const tally = (s: Session): Tally => tallyOf(glance(s));

/** Who is in the class, in the order they joined (`class:roster`, for the teacher's `remove`). */
export function roster(s: Session): Roster {
  return {
    code: s.meta.code,
    students: present(s)
      .sort((a, b) => a.joinedAt - b.joinedAt)
      .map((st) => ({ id: st.id, nickname: st.nickname })),
    version: s.version,
  };
}

/** One student's own view: their answer here, whether it was right once revealed, their score. */
export function you(s: Session, id: string): You {
  const st = s.students[id];
  const key = stopKey(s.meta.lessonId, s.meta.stop);
  const answer = s.answers[key]?.[id] ?? null;
  const r = s.meta.phase === 'revealed' ? s.meta.reveals[key] : undefined;
  let right = 0;
  const reveals = Object.entries(s.meta.reveals);
  for (const [k, rev] of reveals) if (isRight(s.answers[k]?.[id], rev)) right++;
  return {
    id,
    nickname: st?.nickname ?? '',
    answer,
    correct: r ? isRight(answer ?? undefined, r) : null,
    score: { right, revealed: reveals.length },
  };
}

/** The student whose secret hashes to `secretHash`, if still in the class. */
export function studentBySecret(s: Session, secretHash: string): Student | undefined {
  return Object.values(s.students).find((st) => st.secretHash === secretHash && !st.removed);
}
