import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnswerMessage, Refusal } from '../../src/class/protocol';
import type { AnswerRecord, You } from '../../src/class/replies';
import { makeDirDurably, removeFileDurably, writeFileAtomic } from './atomicFile';
import { IDLE_MS, answerRefusal, glance, mergeAnswer, refuse, stopKey, studentBySecret, you } from './session';
import { SESSION, readStored, type Session, type Student } from './stored';
import type { ClassStore } from './store';

const SESSION_FILE = /^([A-Z2-9]{8})\.json$/;
const TOKEN_FILE = 'teacher-token';

interface Writer {
  busy: boolean;
  waiting: { resolve: () => void; reject: (e: unknown) => void }[];
}

/**
 * One relay's store: every session in memory (the rules run on it synchronously, so two answers
 * never interleave), and on disk as `<dir>/<CODE>.json`, rewritten atomically after each change.
 *
 * Group commit: a change resolves when a write that began after it has finished. While one write
 * is in flight, the changes that arrive wait for the next one, which carries them all; 200 answers
 * arriving together cost a handful of fsyncs, not 200.
 */
export function createFileStore(dir: string): ClassStore {
  const sessions = new Map<string, Session>();
  const writers = new Map<string, Writer>();
  const fileOf = (code: string) => join(dir, `${code}.json`);

  async function drain(code: string, w: Writer): Promise<void> {
    w.busy = true;
    while (w.waiting.length > 0) {
      const batch = w.waiting;
      w.waiting = [];
      const s = sessions.get(code);
      try {
        if (s) await writeFileAtomic(fileOf(code), JSON.stringify(s));
        else await removeFileDurably(fileOf(code));
        for (const b of batch) b.resolve();
      } catch (e) {
        for (const b of batch) b.reject(e);
      }
    }
    w.busy = false;
    if (!sessions.has(code)) writers.delete(code);
  }

  /** Resolves once the session's present state (or its absence) is on disk. */
  function persist(code: string): Promise<void> {
    let w = writers.get(code);
    if (!w) writers.set(code, (w = { busy: false, waiting: [] }));
    const writer = w;
    return new Promise<void>((resolve, reject) => {
      writer.waiting.push({ resolve, reject });
      if (!writer.busy) void drain(code, writer);
    });
  }

  const changed = (s: Session, now: number) => {
    s.version++;
    s.meta.touchedAt = now;
  };

  const stored = async <T>(code: string, value: T): Promise<T | Refusal> => {
    try {
      await persist(code);
      return value;
    } catch (e) {
      return refuse('unavailable', `could not write the class to disk: ${(e as Error).message}`);
    }
  };

  return {
    async open() {
      await makeDirDurably(dir);
      for (const name of await readdir(dir)) {
        if (name.endsWith('.tmp')) {
          // A write killed half-way: the file it was replacing is still whole.
          await rm(join(dir, name), { force: true });
          continue;
        }
        const code = SESSION_FILE.exec(name)?.[1];
        if (!code) continue;
        try {
          const s = readStored(SESSION, await readFile(join(dir, name), 'utf8'), 'the file');
          if (s.meta.code !== code) throw new Error(`the file holds class ${s.meta.code}`);
          sessions.set(code, s);
        } catch (e) {
          process.stderr.write(`class: skipped ${name}: ${(e as Error).message}\n`);
        }
      }
    },

    async create(meta) {
      if (sessions.has(meta.code)) return false;
      sessions.set(meta.code, { meta, students: {}, answers: {}, version: 1 });
      const r = await stored(meta.code, true as const);
      if (r !== true) {
        sessions.delete(meta.code);
        throw new Error(r.message);
      }
      return true;
    },

    async load(code) {
      return sessions.get(code) ?? null;
    },

    async glance(code) {
      const s = sessions.get(code);
      return s ? glance(s) : null;
    },

    async studentOf(code, secretHash) {
      const s = sessions.get(code);
      return (s && studentBySecret(s, secretHash)?.id) ?? null;
    },

    async classOf(teacherHash) {
      for (const s of sessions.values()) if (s.meta.teacherHash === teacherHash) return s.meta.code;
      return null;
    },

    async teach(code, change) {
      const s = sessions.get(code);
      if (!s) return refuse('no_class', 'no such class');
      const next = change(s.meta);
      if ('ok' in next) return next;
      s.meta = next;
      s.version++;
      return stored(code, next);
    },

    async remove(code, studentId, now) {
      const s = sessions.get(code);
      if (!s) return refuse('no_class', 'no such class');
      const st = s.students[studentId];
      if (!st || st.removed) return refuse('unknown_student', 'no such student');
      st.removed = true;
      changed(s, now);
      return stored(code, true as const);
    },

    async join(code, student: Student, now) {
      const s = sessions.get(code);
      if (!s) return refuse('no_class', 'no such class');
      s.students[student.id] = student;
      changed(s, now);
      return stored(code, true as const);
    },

    async answer(code, studentId, msg: AnswerMessage, now): Promise<AnswerRecord | Refusal> {
      const s = sessions.get(code);
      if (!s) return refuse('no_class', 'no such class');
      const no = answerRefusal(s.meta, s.students[studentId], msg);
      if (no) return no;
      const key = stopKey(s.meta.lessonId, s.meta.stop);
      const here = (s.answers[key] ??= {});
      const record = mergeAnswer(here[studentId], msg);
      here[studentId] = record;
      changed(s, now);
      return stored(code, record);
    },

    async youOf(code, studentId): Promise<You | null> {
      const s = sessions.get(code);
      return s?.students[studentId] ? you(s, studentId) : null;
    },

    async end(code) {
      if (!sessions.delete(code)) return;
      await persist(code);
    },

    async sweep(now) {
      const gone = [...sessions.values()].filter((s) => now - s.meta.touchedAt > IDLE_MS).map((s) => s.meta.code);
      for (const code of gone) {
        sessions.delete(code);
        await persist(code);
      }
      return gone;
    },

    async teacherToken(fresh) {
      const file = join(dir, TOKEN_FILE);
      try {
        const kept = (await readFile(file, 'utf8')).trim();
        if (/^[A-Za-z0-9_-]{22,}$/.test(kept)) return kept;
      } catch {
        // none kept yet
      }
      await writeFileAtomic(file, `${fresh}\n`, 0o600);
      return fresh;
    },

    async close() {
      // Every change already waited for its write; nothing is buffered.
    },
  };
}
