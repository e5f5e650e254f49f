import type { Redis } from 'ioredis';
import type { ClassError, Refusal } from '../../src/class/protocol';
import { ANSWER_RECORD, type AnswerRecord } from '../../src/class/replies';
import { IDLE_MS, glance, refuse, stopKey, you } from './session';
import { CLASS_META, STUDENT, readStored, type Session } from './stored';
import type { ClassStore } from './store';

/**
 * Several relays' store: Redis is the one authoritative copy of every class, so a student on
 * one relay and the teacher on another change the same session. One hash per class,
 * `class:<CODE>`: `meta` (JSON), `ver`, `s:<id>` (a student, JSON), `a:<lesson>#<stop>:<id>`
 * (an answer, JSON). Every write is one Lua script (atomic on the server: no lost update
 * between relays, no retry storm when a thousand phones answer at once) and refreshes the
 * key's TTL: Redis itself deletes a class idle for IDLE_MS.
 *
 * Durability: an answer is acknowledged once Redis has applied the script. It survives any
 * relay's kill -9 (the relays keep nothing of their own); it survives Redis's own crash only
 * with `appendonly yes` and `appendfsync always`, which server.ts checks and warns about.
 */

const TTL = String(IDLE_MS);
const keyOf = (code: string) => `class:${code}`;
const teacherKey = (hash: string) => `class:teacher:${hash}`;
const TOKEN_KEY = 'class:teacher-token';

/** The answer rule of session.ts's answerRefusal and mergeAnswer, in Lua so check and write are one step. */
const ANSWER = `
local m = redis.call('HGET', KEYS[1], 'meta')
if not m then return {'no_class'} end
local meta = cjson.decode(m)
local s = redis.call('HGET', KEYS[1], 's:' .. ARGV[1])
if not s then return {'unknown_student'} end
if cjson.decode(s).removed == true then return {'unknown_student'} end
local msg = cjson.decode(ARGV[2])
if msg.stop ~= meta.stop then return {'wrong_stop'} end
if meta.paused == true then return {'paused'} end
if meta.phase ~= 'open' then return {'locked'} end
local key = meta.lessonId .. '#' .. meta.stop
local field = 'a:' .. key .. ':' .. ARGV[1]
local old = redis.call('HGET', KEYS[1], field)
local rec
if msg.kind == 'choice' then
  if meta.kind ~= 'predict' then return {'bad_answer'} end
  local found = false
  for _, c in ipairs(meta.choices) do if c == msg.choice then found = true end end
  if not found then return {'bad_answer'} end
  rec = { choice = msg.choice }
  if msg.fuse ~= nil then rec.fuse = msg.fuse end
else
  if meta.kind ~= 'selftest' then return {'bad_answer'} end
  rec = old and cjson.decode(old) or {}
  if type(rec.texts) ~= 'table' then rec = { texts = {} } end
  rec.texts[msg.question] = msg.text
end
if old then
  local o = cjson.decode(old)
  if o.choice then redis.call('HINCRBY', KEYS[1], 't:' .. key .. ':' .. o.choice, -1) end
else
  redis.call('HINCRBY', KEYS[1], 'n:' .. key, 1)
end
if rec.choice then redis.call('HINCRBY', KEYS[1], 't:' .. key .. ':' .. rec.choice, 1) end
local out = cjson.encode(rec)
redis.call('HSET', KEYS[1], field, out)
redis.call('HINCRBY', KEYS[1], 'ver', 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', 'class:teacher:' .. meta.teacherHash, ARGV[3])
return {'ok', out}
`;

/**
 * Compare-and-set of the meta: a teacher command applies only to the meta it was computed from.
 * No script decodes and re-encodes the meta: cjson would write an empty `choices` as `{}`, which
 * the meta's schema (stored.ts) refuses.
 */
const TEACH = `
local m = redis.call('HGET', KEYS[1], 'meta')
if not m then return -1 end
if m ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'meta', ARGV[2])
redis.call('HINCRBY', KEYS[1], 'ver', 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1
`;

const CREATE = `
if redis.call('HSETNX', KEYS[1], 'meta', ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'ver', 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
return 1
`;

const JOIN = `
if redis.call('HEXISTS', KEYS[1], 'meta') == 0 then return 0 end
redis.call('HSET', KEYS[1], 's:' .. ARGV[1], ARGV[2], 'k:' .. ARGV[4], ARGV[1])
redis.call('HINCRBY', KEYS[1], 'joined', 1)
redis.call('HINCRBY', KEYS[1], 'ver', 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

/** Removes a student: their secret stops working, their answers stop counting (and are deleted). */
const REMOVE = `
if redis.call('HEXISTS', KEYS[1], 'meta') == 0 then return -1 end
local s = redis.call('HGET', KEYS[1], 's:' .. ARGV[1])
if not s then return 0 end
local st = cjson.decode(s)
if st.removed == true then return 0 end
st.removed = true
redis.call('HSET', KEYS[1], 's:' .. ARGV[1], cjson.encode(st))
redis.call('HDEL', KEYS[1], 'k:' .. st.secretHash)
redis.call('HINCRBY', KEYS[1], 'joined', -1)
local tail = ':' .. ARGV[1]
for _, f in ipairs(redis.call('HKEYS', KEYS[1])) do
  if string.sub(f, 1, 2) == 'a:' and string.sub(f, -#tail) == tail then
    local key = string.sub(f, 3, #f - #tail)
    local a = cjson.decode(redis.call('HGET', KEYS[1], f))
    if a.choice then redis.call('HINCRBY', KEYS[1], 't:' .. key .. ':' .. a.choice, -1) end
    redis.call('HINCRBY', KEYS[1], 'n:' .. key, -1)
    redis.call('HDEL', KEYS[1], f)
  end
end
redis.call('HINCRBY', KEYS[1], 'ver', 1)
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

/** The live views' counts in one atomic read: meta, ver, joined, answered, then a count per choice. */
const GLANCE = `
local m = redis.call('HGET', KEYS[1], 'meta')
if not m then return false end
local meta = cjson.decode(m)
local key = meta.lessonId .. '#' .. meta.stop
local out = { m, redis.call('HGET', KEYS[1], 'ver') or '0', redis.call('HGET', KEYS[1], 'joined') or '0',
  redis.call('HGET', KEYS[1], 'n:' .. key) or '0' }
for _, c in ipairs(meta.choices) do
  table.insert(out, redis.call('HGET', KEYS[1], 't:' .. key .. ':' .. c) or '0')
end
return out
`;

/** The hash's JSON fields, each read against its schema (stored.ts): a field of no known shape throws, named. */
const readMeta = (m: string, code: string) => readStored(CLASS_META, m, `class ${code}'s meta`);
const readStudent = (st: string, code: string, id: string) => readStored(STUDENT, st, `class ${code}'s student ${id}`);
const readAnswer = (a: string, code: string, field: string) => readStored(ANSWER_RECORD, a, `class ${code}'s ${field}`);

/** A Session from the hash's fields. */
function sessionOf(h: Record<string, string>, code: string): Session | null {
  if (!h.meta) return null;
  const s: Session = { meta: readMeta(h.meta, code), students: {}, answers: {}, version: Number(h.ver ?? 0) };
  for (const [field, value] of Object.entries(h)) {
    if (field.startsWith('s:')) s.students[field.slice(2)] = readStudent(value, code, field.slice(2));
    else if (field.startsWith('a:')) {
      const cut = field.lastIndexOf(':');
      (s.answers[field.slice(2, cut)] ??= {})[field.slice(cut + 1)] = readAnswer(value, code, field);
    }
  }
  return s;
}

export function createRedisStore(redis: Redis): ClassStore {
  return {
    async open() {
      try {
        const [, aof] = (await redis.config('GET', 'appendonly')) as string[];
        const [, fsync] = (await redis.config('GET', 'appendfsync')) as string[];
        if (aof !== 'yes' || fsync !== 'always')
          process.stderr.write(
            `class: Redis has appendonly ${aof}, appendfsync ${fsync}: acknowledged answers survive a relay's crash, ` +
              `not Redis's. For that, run Redis with --appendonly yes --appendfsync always.\n`,
          );
      } catch {
        // CONFIG is often disabled on managed Redis: its operator decides its persistence.
      }
    },

    async create(meta) {
      const r = await redis.eval(
        CREATE,
        2,
        keyOf(meta.code),
        teacherKey(meta.teacherHash),
        JSON.stringify(meta),
        meta.code,
        TTL,
      );
      return r === 1;
    },

    async load(code) {
      return sessionOf(await redis.hgetall(keyOf(code)), code);
    },

    async glance(code) {
      const r = (await redis.eval(GLANCE, 1, keyOf(code))) as string[] | null;
      if (!r) return null;
      const [m, ver, joined, answered, ...counts] = r as [string, string, string, string, ...string[]];
      const meta = readMeta(m, code);
      // Self-test texts have no counter: a stop that asks for them reads the class (a class, not a
      // school); so does a revealed fuse question, for its split (answers are frozen by then).
      if (meta.kind === 'selftest' || (meta.askFuse && meta.phase === 'revealed')) {
        const s = sessionOf(await redis.hgetall(keyOf(code)), code);
        return s ? glance(s) : null;
      }
      return {
        meta,
        version: Number(ver),
        joined: Number(joined),
        answered: Number(answered),
        histogram: Object.fromEntries(meta.choices.map((c, i) => [c, Number(counts[i] ?? 0)])),
        texts: [],
      };
    },

    async studentOf(code, secretHash) {
      return redis.hget(keyOf(code), `k:${secretHash}`);
    },

    async classOf(teacherHash) {
      const code = await redis.get(teacherKey(teacherHash));
      return code && (await redis.hexists(keyOf(code), 'meta')) ? code : null;
    },

    async teach(code, change) {
      for (let tries = 0; tries < 20; tries++) {
        const old = await redis.hget(keyOf(code), 'meta');
        if (!old) return refuse('no_class', 'no such class');
        const meta = readMeta(old, code);
        const next = change(meta);
        if ('ok' in next) return next;
        const r = await redis.eval(TEACH, 2, keyOf(code), teacherKey(meta.teacherHash), old, JSON.stringify(next), TTL);
        if (r === 1) return next;
        if (r === -1) return refuse('no_class', 'no such class');
      }
      return refuse('unavailable', 'the class changed under this command too often; try again');
    },

    async remove(code, studentId) {
      const r = await redis.eval(REMOVE, 1, keyOf(code), studentId, TTL);
      return r === 1
        ? true
        : r === -1
          ? refuse('no_class', 'no such class')
          : refuse('unknown_student', 'no such student');
    },

    async join(code, student) {
      const r = await redis.eval(JOIN, 1, keyOf(code), student.id, JSON.stringify(student), TTL, student.secretHash);
      return r === 1 ? true : refuse('no_class', 'no such class');
    },

    async answer(code, studentId, msg): Promise<AnswerRecord | Refusal> {
      const [status, out] = (await redis.eval(ANSWER, 1, keyOf(code), studentId, JSON.stringify(msg), TTL)) as [
        string,
        string?,
      ];
      if (status === 'ok' && out) return readAnswer(out, code, `answer of ${studentId}`);
      return refuse(status as ClassError, `refused: ${status}`);
    },

    async youOf(code, studentId) {
      const [m, st] = await redis.hmget(keyOf(code), 'meta', `s:${studentId}`);
      if (!m || !st) return null;
      const meta = readMeta(m, code);
      const keys = [...new Set([stopKey(meta.lessonId, meta.stop), ...Object.keys(meta.reveals)])];
      const values = await redis.hmget(keyOf(code), ...keys.map((k) => `a:${k}:${studentId}`));
      const answers: Session['answers'] = {};
      keys.forEach((k, i) => {
        const v = values[i];
        if (v) answers[k] = { [studentId]: readAnswer(v, code, `a:${k}:${studentId}`) };
      });
      return you({ meta, students: { [studentId]: readStudent(st, code, studentId) }, answers, version: 0 }, studentId);
    },

    async end(code) {
      const m = await redis.hget(keyOf(code), 'meta');
      // A meta of no known shape still ends its class: only the teacher's key is left to its TTL.
      let teacher: string | null = null;
      try {
        teacher = m && teacherKey(readMeta(m, code).teacherHash);
      } catch (e) {
        process.stderr.write(`class: ending ${code}: ${(e as Error).message}\n`);
      }
      await redis.del(keyOf(code), ...(teacher ? [teacher] : []));
    },

    async sweep() {
      // Redis deletes an idle class itself (the TTL every write refreshes); a phone still
      // connected learns it at its next message (`no_class`).
      return [];
    },

    async teacherToken(fresh) {
      await redis.set(TOKEN_KEY, fresh, 'NX');
      return (await redis.get(TOKEN_KEY)) ?? fresh;
    },

    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}
