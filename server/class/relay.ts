import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Server, Socket } from 'socket.io';
import {
  CLIENT_EVENTS,
  CODE_ALPHABET,
  CODE_LENGTH,
  LIMITS,
  messageBytes,
  readMessage,
  type ClientEvent,
  type Refusal,
  type TeacherCommand,
} from '../../src/class/protocol';
import { type Ack } from '../../src/class/replies';
import { applyTeacher, classState, newMeta, refuse, roster, stateOf, tally, tallyOf, you } from './session';
import type { ClassStore } from './store';
import { Unreadable } from './stored';

/**
 * The live class's rules on Socket.IO: who may send what, checked before anything changes.
 * Rooms: `class:<code>` (every phone and the projector: `class:state`), `teacher:<code>`
 * (`class:tally`), `student:<code>:<id>` (that student's `student:you`, `student:removed`).
 * With the Redis adapter the rooms span every relay, so a change made on one reaches all.
 */

/** Rate limits; tests shrink them. */
export interface RelayLimits {
  /** Messages one connection may send per second; more are refused `rate_limited`. */
  messagesPerSecond: number;
  /** Refusals (of any kind) one connection may earn in 10 s before it is disconnected. */
  refusalsPer10s: number;
  /** Wrong join codes or secrets one address may send per minute. */
  guessesPerMinutePerAddress: number;
  /** Wrong join codes or secrets all addresses together may send to this relay per minute. */
  guessesPerMinute: number;
}

const DEFAULT_LIMITS: RelayLimits = {
  messagesPerSecond: 20,
  refusalsPer10s: 40,
  // A class of thirty behind one school NAT mistypes a few codes, not thirty a minute.
  guessesPerMinutePerAddress: 30,
  guessesPerMinute: 600,
};

interface RelayOptions {
  store: ClassStore;
  teacherToken: string;
  /** The clock (ms), injectable so a test can age a session past its expiry. */
  now?: () => number;
  limits?: Partial<RelayLimits>;
  /** How often idle sessions are swept (0: never; tests call sweep()). */
  sweepEveryMs?: number;
  /** Delay that batches the teacher's live counts while answers pour in. */
  tallyMs?: number;
  /** Delay that batches the phones' state (joined / answered counts). */
  stateMs?: number;
}

interface SocketData {
  role: 'teacher' | 'guest' | 'student';
  code?: string;
  studentId?: string;
}
type ClassSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;
type AckFn = (a: Ack) => void;

const sha256 = (s: string): Buffer => createHash('sha256').update(s).digest();
const roomOf = {
  all: (code: string) => `class:${code}`,
  teacher: (code: string) => `teacher:${code}`,
  student: (code: string, id: string) => `student:${code}:${id}`,
};

/** A join code: CODE_LENGTH characters drawn uniformly from the alphabet (rejection sampling). */
function newJoinCode(): string {
  let code = '';
  const limit = 256 - (256 % CODE_ALPHABET.length);
  while (code.length < CODE_LENGTH)
    for (const b of randomBytes(16))
      if (b < limit && code.length < CODE_LENGTH) code += CODE_ALPHABET[b % CODE_ALPHABET.length];
  return code;
}

export interface Relay {
  /** Deletes idle sessions now (the timer calls it too) and tells their phones. */
  sweep(): Promise<string[]>;
  close(): void;
}

export function attachRelay(io: Server, opts: RelayOptions): Relay {
  const { store } = opts;
  const now = opts.now ?? Date.now;
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const tokenDigest = sha256(opts.teacherToken);
  const teacherHash = tokenDigest.toString('hex');
  const perSocket = new RateLimiterMemory({ points: limits.messagesPerSecond, duration: 1 });
  const refusals = new RateLimiterMemory({ points: limits.refusalsPer10s, duration: 10 });
  const guessesByAddress = new RateLimiterMemory({ points: limits.guessesPerMinutePerAddress, duration: 60 });
  const guesses = new RateLimiterMemory({ points: limits.guessesPerMinute, duration: 60 });
  const timers = new Set<NodeJS.Timeout>();
  const pending = new Map<string, Partial<Record<'tally' | 'state' | 'roster', NodeJS.Timeout>>>();
  /**
   * Set by close(): a send whose store read was in flight then emits nothing. With the Redis
   * adapter an emit publishes, and a publish on the closed client was an unhandled rejection.
   */
  let closed = false;

  // ── Broadcasts, batched ───────────────────────────────────────────────────────────────────
  type Kind = 'tally' | 'state' | 'roster';
  const DELAY: Record<Kind, number> = {
    tally: opts.tallyMs ?? 10,
    state: opts.stateMs ?? 150,
    roster: opts.stateMs ?? 150,
  };
  async function send(code: string, what: Kind) {
    if (what === 'roster') {
      const s = await store.load(code);
      if (s && !closed) io.to(roomOf.teacher(code)).emit('class:roster', roster(s));
      return;
    }
    const g = await store.glance(code);
    if (!g || closed) return;
    if (what === 'tally') io.to(roomOf.teacher(code)).emit('class:tally', tallyOf(g));
    else io.to(roomOf.all(code)).emit('class:state', stateOf(g));
  }
  /** Sends `what` soon, once for all the changes until then (a burst of answers is one tally). */
  function later(code: string, what: Kind) {
    const p = pending.get(code) ?? {};
    pending.set(code, p);
    if (p[what]) return;
    p[what] = setTimeout(() => {
      delete p[what];
      if (Object.keys(p).length === 0) pending.delete(code);
      send(code, what).catch(logError);
    }, DELAY[what]);
  }
  /** Tells everyone in a class that is gone from the store that it ended, and empties its rooms. */
  function ended(code: string) {
    io.to(roomOf.all(code)).emit('class:ended', { code });
    io.in(roomOf.all(code)).socketsLeave(roomOf.all(code));
  }
  async function sendAllNow(code: string, students = false) {
    const s = await store.load(code);
    if (!s || closed) return;
    io.to(roomOf.all(code)).emit('class:state', classState(s));
    io.to(roomOf.teacher(code)).emit('class:tally', tally(s));
    io.to(roomOf.teacher(code)).emit('class:roster', roster(s));
    if (students)
      for (const id of Object.keys(s.students))
        if (!s.students[id]?.removed) io.to(roomOf.student(code, id)).emit('student:you', you(s, id));
  }

  // ── Who is connecting ─────────────────────────────────────────────────────────────────────
  io.use((socket, next) => {
    const token = (socket.handshake.auth as { teacher?: unknown } | undefined)?.teacher;
    const data = socket.data as SocketData;
    if (token === undefined) {
      data.role = 'guest';
      return next();
    }
    if (typeof token === 'string' && timingSafeEqual(sha256(token), tokenDigest)) {
      data.role = 'teacher';
      return next();
    }
    next(new Error('forbidden: wrong teacher token'));
  });

  // ── Guessing join codes and secrets ───────────────────────────────────────────────────────
  const address = (socket: ClassSocket) => socket.handshake.address;
  async function guessingBlocked(socket: ClassSocket): Promise<boolean> {
    const [mine, all] = await Promise.all([guessesByAddress.get(address(socket)), guesses.get('all')]);
    return (mine?.remainingPoints ?? 1) <= 0 || (all?.remainingPoints ?? 1) <= 0;
  }
  async function wrongGuess(socket: ClassSocket) {
    await Promise.allSettled([guessesByAddress.consume(address(socket)), guesses.consume('all')]);
  }

  // ── The handlers ──────────────────────────────────────────────────────────────────────────
  async function onStudent(socket: ClassSocket, event: ClientEvent, payload: unknown): Promise<Ack> {
    const data = socket.data;
    if (data.role === 'teacher') return refuse('forbidden', 'the teacher does not answer');
    if (event === 'student:join' || event === 'student:resume') {
      if (await guessingBlocked(socket)) return refuse('rate_limited', 'too many wrong codes; wait a minute');
      const m = readMessage(event, payload);
      if (!m.ok) return m;
      const g = await store.glance(m.value.code);
      if (!g) {
        await wrongGuess(socket);
        return refuse('no_class', 'no class has this code');
      }
      const code = g.meta.code;
      let id: string;
      let secret: string;
      if (event === 'student:join') {
        const nickname = (m.value as { nickname: string }).nickname;
        id = randomBytes(9).toString('base64url');
        secret = randomBytes(16).toString('base64url');
        const at = now();
        const r = await store.join(
          code,
          { id, nickname, secretHash: sha256(secret).toString('hex'), joinedAt: at },
          at,
        );
        if (r !== true) return r;
      } else {
        secret = (m.value as { secret: string }).secret;
        const found = await store.studentOf(code, sha256(secret).toString('hex'));
        if (!found) {
          await wrongGuess(socket);
          return refuse('unknown_student', 'this secret names no student of the class');
        }
        id = found;
      }
      if (data.code && data.code !== code) for (const r of socket.rooms) if (r !== socket.id) socket.leave(r);
      Object.assign(data, { role: 'student', code, studentId: id });
      socket.join([roomOf.all(code), roomOf.student(code, id)]);
      const [fresh, mine] = await Promise.all([store.glance(code), store.youOf(code, id)]);
      if (!fresh || !mine) return refuse('no_class', 'the class ended');
      if (event === 'student:join') {
        later(code, 'roster');
        later(code, 'state');
      }
      return { ok: true, secret, state: stateOf(fresh), you: mine };
    }
    // student:answer
    if (data.role !== 'student' || !data.code || !data.studentId)
      return refuse('forbidden', 'join the class before answering');
    const m = readMessage('student:answer', payload);
    if (!m.ok) return m;
    const r = await store.answer(data.code, data.studentId, m.value, now());
    if ('ok' in r) return r;
    const mine = await store.youOf(data.code, data.studentId);
    later(data.code, 'tally');
    later(data.code, 'state');
    return mine ? { ok: true, you: mine } : refuse('no_class', 'the class ended');
  }

  async function onTeacher(socket: ClassSocket, payload: unknown): Promise<Ack> {
    const data = socket.data;
    if (data.role !== 'teacher') return refuse('forbidden', 'only the teacher moves the class');
    const m = readMessage('teacher', payload);
    if (!m.ok) return m;
    const cmd: TeacherCommand = m.value;
    if (cmd.type === 'start') {
      let code = await store.classOf(teacherHash);
      if (code) {
        const moved = await store
          .teach(code, (meta) => applyTeacher(meta, cmd, now()))
          .catch((e: unknown) => {
            if (!(e instanceof Unreadable)) throw e;
            return e;
          });
        if (moved instanceof Unreadable) {
          // A class this relay cannot read (written by another version): ended, and a fresh one
          // started, or the teacher could neither move it nor end it.
          logError(moved);
          await store.end(code);
          ended(code);
          code = null;
        } else if ('ok' in moved) return moved;
      }
      if (!code) {
        for (let tries = 0; !code && tries < 5; tries++) {
          const fresh = newJoinCode();
          if (await store.create(newMeta(fresh, teacherHash, cmd.at, now()))) code = fresh;
        }
        if (!code) return refuse('unavailable', 'could not draw a free join code');
      }
      data.code = code;
      socket.join([roomOf.all(code), roomOf.teacher(code)]);
      await sendAllNow(code);
      const s = await store.load(code);
      return { ok: true, code, state: s ? classState(s) : null };
    }
    const code = data.code;
    if (!code) return refuse('no_class', 'start the class first');
    if (cmd.type === 'end') {
      await store.end(code);
      ended(code);
      delete data.code;
      return { ok: true, code, state: null };
    }
    if (cmd.type === 'remove') {
      const r = await store.remove(code, cmd.student, now());
      if (r !== true) return r;
      const room = roomOf.student(code, cmd.student);
      io.to(room).emit('student:removed', { code });
      io.in(room).socketsLeave([roomOf.all(code), room]);
      await sendAllNow(code);
      return { ok: true, code, state: null };
    }
    const r = await store.teach(code, (meta) => applyTeacher(meta, cmd, now()));
    if ('ok' in r) return r;
    // A reveal, or a move to another stop, changes every phone's own result.
    await sendAllNow(code, cmd.type === 'reveal' || cmd.type === 'stop');
    const s = await store.load(code);
    return { ok: true, code, state: s ? classState(s) : null };
  }

  io.on('connection', (raw) => {
    const socket = raw as unknown as ClassSocket;
    const refused = async (r: Refusal, ack?: AckFn) => {
      ack?.(r);
      try {
        await refusals.consume(socket.id);
      } catch {
        socket.disconnect(true); // a flood: the connection goes
      }
    };

    // Every packet, before any handler: a known event, one payload, an ack, within size and rate.
    socket.use((packet, next) => {
      const [event, ...args] = packet as [string, ...unknown[]];
      const ack = typeof args.at(-1) === 'function' ? (args.pop() as AckFn) : undefined;
      void (async () => {
        try {
          await perSocket.consume(socket.id);
        } catch {
          return refused(refuse('rate_limited', 'too many messages; slow down'), ack);
        }
        if (!ack) return refused(refuse('invalid', 'every message needs an acknowledgement callback'));
        if (!(event in CLIENT_EVENTS))
          return refused(refuse('unknown_event', `no event ${String(event).slice(0, 40)}`), ack);
        if (args.length !== 1) return refused(refuse('invalid', 'one payload per message'), ack);
        const bytes = messageBytes(args[0]);
        if (bytes > LIMITS.messageBytes)
          return refused(refuse('too_large', `${bytes} bytes; at most ${LIMITS.messageBytes}`), ack);
        next();
      })().catch(logError);
    });

    const handle = (event: ClientEvent) => (payload: unknown, ack: AckFn) => {
      const work = event === 'teacher' ? onTeacher(socket, payload) : onStudent(socket, event, payload);
      work
        .catch((e: unknown) => {
          logError(e);
          return refuse('unavailable', 'the relay could not do that; try again');
        })
        .then((a) => (a.ok ? ack(a) : refused(a, ack)))
        .catch(logError);
    };
    for (const event of Object.keys(CLIENT_EVENTS) as ClientEvent[]) socket.on(event, handle(event));
    socket.on('disconnect', () => {
      void perSocket.delete(socket.id);
      void refusals.delete(socket.id);
    });
  });

  async function sweep(): Promise<string[]> {
    const gone = await store.sweep(now());
    for (const code of gone) ended(code);
    return gone;
  }
  const every = opts.sweepEveryMs ?? 60_000;
  if (every > 0) {
    const t = setInterval(() => void sweep().catch(logError), every);
    t.unref();
    timers.add(t);
  }

  return {
    sweep,
    close() {
      closed = true;
      for (const t of timers) clearInterval(t);
      for (const p of pending.values()) for (const t of Object.values(p)) clearTimeout(t);
    },
  };
}

function logError(e: unknown) {
  process.stderr.write(`class relay: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
}
