import * as v from 'valibot';
import type { StateCreator } from 'zustand';
import { LIVE_KEY, TEACHER_KEY, secretKey, type KeyStore } from './keys';
import { JOIN_CODE, readMessage, type ClientEvent, type StopAt } from './protocol';
import { CLASS_STATE, ROSTER, ACK, TALLY, YOU, type Ack } from './replies';
import { IDLE, type LiveClass, type LiveClassData } from './view';
import type { Dial, Wire } from './wire';

/** A push that carries its class and a version that grows with every change. */
type Versioned = { code: string; version: number };

/**
 * The page's half of the live class (issue 43): one connection to the relay that serves the page
 * (`npm run class`, server/class/), as the teacher (the projector drives the lesson) or as a
 * student (a phone answers). The rules are the relay's; this keeps the tab's view of them, and
 * makes a dropped phone come back by itself with its answers (student:resume, its secret kept in
 * localStorage per join code).
 */

export interface ClassDeps {
  dial: Dial;
  /** The tab's storage: the teacher token and the running class's code. */
  session: KeyStore;
  /** The device's storage: each class's student secret. */
  local: KeyStore;
}

const same = (a: StopAt | null, b: StopAt | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A request's ack, read against the protocol's acks (`ACK`): one of no shape the protocol has (a
 * relay that is not ours, or broken) is no answer, as a timeout is.
 */
function request(w: Wire, event: ClientEvent, payload: unknown): Promise<Ack> {
  return w.request(event, payload).then((ack: unknown) => {
    if (!v.is(ACK, ack)) throw new Error(`the relay's ack to ${event} is not one the protocol has`);
    return ack;
  });
}

/**
 * The class as a zustand slice (store/liveClass.ts makes the store): its data, and the actions
 * that own the one connection. The connection and what is waiting to be sent live in this
 * closure, one per store, so two stores (two tests) never share one.
 */
export function createClassSlice(deps: ClassDeps): StateCreator<LiveClass> {
  return (set, get) => {
    let wire: Wire | null = null;
    /** The stop the teacher's lesson is on (sent on every (re)connection) and the last one sent. */
    let at: StopAt | null = null;
    let sent: StopAt | null = null;
    /**
     * Requests numbered as sent. The relay acknowledges a refusal before a slower handler's
     * answer, so acks come back out of order: a refusal stays on screen until a request sent
     * after it is taken, not until any older one's ack arrives.
     */
    let sentNo = 0;
    let refusedNo = 0;
    /** One request of a live class on `w`: its ack (null when none came or the wire changed), its refusal shown. */
    const ask = async (w: Wire, event: ClientEvent, payload: unknown): Promise<Ack | null> => {
      const n = ++sentNo;
      const ack = await request(w, event, payload).catch(() => null);
      if (wire !== w || !ack) return null;
      if (!ack.ok) {
        refusedNo = Math.max(refusedNo, n);
        set({ error: ack.error });
      } else if (n > refusedNo) set({ error: null });
      return ack;
    };

    const close = (data: Partial<LiveClassData>) => {
      wire?.close();
      wire = null;
      // No class to come back to from this tab: the next page does not try again by itself.
      if (get().role === 'teacher' && data.status && data.status !== 'off') deps.session.removeItem(LIVE_KEY);
      set(data);
    };
    /**
     * Whether `next` may replace `cur`: not an older version of the same class (several relays may
     * deliver two pushes out of order).
     */
    const newer = (cur: Versioned | null, next: Versioned) =>
      !cur || cur.code !== next.code || next.version >= cur.version;
    const takeState = (s: unknown) => {
      if (!v.is(CLASS_STATE, s) || !newer(get().state, s)) return;
      const pending = get().pending;
      set({ state: s, code: s.code, ...(pending && pending.stop !== s.stop ? { pending: null } : {}) });
    };
    const takeTally = (t: unknown) => void (v.is(TALLY, t) && newer(get().tally, t) && set({ tally: t }));
    const takeRoster = (r: unknown) => void (v.is(ROSTER, r) && newer(get().roster, r) && set({ roster: r }));
    const takeYou = (y: unknown) => void (v.is(YOU, y) && set({ you: y }));

    /** Dials and wires what both roles share: a relay that never answers, a drop, an end. */
    async function connect(auth: { teacher: string } | null, onConnect: (w: Wire) => void): Promise<Wire> {
      wire?.close();
      const w = await deps.dial(auth);
      wire = w;
      let ever = false;
      const mine = () => wire === w;
      w.on('connect', () => {
        ever = true;
        if (mine()) onConnect(w);
      });
      w.on('connect_error', (msg) => {
        if (!mine()) return;
        if (String(msg).startsWith('forbidden')) close({ status: 'forbidden' });
        // Never connected: this host serves the page without the relay.
        else if (!ever) close({ status: 'norelay' });
        else set({ status: 'reconnecting' });
      });
      w.on('disconnect', () => void (mine() && wire && set({ status: 'reconnecting' })));
      w.on('class:state', (s) => void (mine() && takeState(s)));
      w.on('class:tally', (t) => void (mine() && takeTally(t)));
      w.on('class:roster', (r) => void (mine() && takeRoster(r)));
      w.on('student:you', (y) => void (mine() && takeYou(y)));
      const gone = (status: 'ended' | 'removed') => () => {
        if (!mine()) return;
        const code = get().code;
        if (code && get().role === 'student') deps.local.removeItem(secretKey(code));
        if (get().role === 'teacher') deps.session.removeItem(LIVE_KEY);
        close({ status });
      };
      w.on('class:ended', gone('ended'));
      w.on('student:removed', gone('removed'));
      return w;
    }

    /** The teacher's hello on every (re)connection: `start` rejoins this token's class at the lesson's stop. */
    function hello(w: Wire) {
      if (!at) return;
      const now = at;
      request(w, 'teacher', { type: 'start', at: now }).then(
        (ack) => {
          if (wire !== w) return;
          if (!ack.ok) return set({ status: 'refused', error: ack.error });
          if (!('code' in ack)) return;
          sent = now;
          deps.session.setItem(LIVE_KEY, ack.code);
          set({ status: 'live', code: ack.code, error: null });
          if (ack.state) takeState(ack.state);
          // The lesson moved while the hello was on its way.
          if (!same(at, now)) void get().moveClass(at!);
        },
        // No answer: Socket.IO reconnects, and the next hello tries again.
        () => undefined,
      );
    }

    /** The student's hello on every (re)connection: resume with the kept secret, else join. */
    function studentHello(w: Wire, code: string, nickname: string) {
      const secret = deps.local.getItem(secretKey(code));
      const ask = secret
        ? request(w, 'student:resume', { code, secret })
        : request(w, 'student:join', { code, nickname });
      ask.then(
        (ack) => {
          if (wire !== w) return;
          if (ack.ok && 'secret' in ack) {
            deps.local.setItem(secretKey(code), ack.secret);
            set({ status: 'live', you: ack.you, error: null });
            takeState(ack.state);
            const pending = get().pending;
            if (pending) void get().answerClass(pending);
            return;
          }
          if (ack.ok) return;
          // A secret the class no longer knows: the student was removed (or the class ended).
          if (secret && (ack.error === 'unknown_student' || ack.error === 'no_class')) {
            deps.local.removeItem(secretKey(code));
            return close({ status: ack.error === 'no_class' ? 'ended' : 'removed' });
          }
          close({ status: 'refused', error: ack.error });
        },
        () => undefined,
      );
    }

    return {
      ...IDLE,

      async startClass(stop) {
        at = stop;
        if (wire && get().role === 'teacher') return get().moveClass(stop);
        const token = deps.session.getItem(TEACHER_KEY);
        sent = null;
        set({ ...IDLE, role: 'teacher', status: 'connecting' });
        try {
          await connect(token ? { teacher: token } : null, (w) => {
            // The relay is here, but this tab was not opened from the teacher's address.
            if (!token) return close({ status: 'notoken' });
            hello(w);
          });
        } catch {
          // The relay's client could not be fetched (offline, or an old build's chunk).
          set({ status: 'norelay' });
        }
      },

      async moveClass(stop) {
        at = stop;
        const w = wire;
        if (!w || get().role !== 'teacher' || get().status !== 'live' || same(sent, stop)) return;
        sent = stop;
        const ack = await ask(w, 'teacher', { type: 'stop', at: stop });
        if (!ack) return;
        if (!ack.ok) sent = null;
        else if ('state' in ack && ack.state) takeState(ack.state);
      },

      async teach(cmd) {
        const w = wire;
        if (!w || get().role !== 'teacher' || get().status !== 'live') return false;
        const ack = await ask(w, 'teacher', cmd);
        if (!ack?.ok) return false;
        if (cmd.type === 'end') {
          deps.session.removeItem(LIVE_KEY);
          at = null;
          close({ ...IDLE });
          return true;
        }
        if ('state' in ack && ack.state) takeState(ack.state);
        return true;
      },

      async joinClass(typed, nickname) {
        const code = v.safeParse(JOIN_CODE, typed);
        if (!code.success) return set({ ...IDLE, role: 'student', status: 'refused', error: 'no_class' });
        set({ ...IDLE, role: 'student', status: 'connecting', code: code.output });
        try {
          await connect(null, (w) => studentHello(w, code.output, nickname));
        } catch {
          set({ status: 'norelay' });
        }
      },

      async answerClass(msg) {
        const checked = readMessage('student:answer', msg);
        if (!checked.ok) return false;
        set({ pending: msg });
        const w = wire;
        // Offline: the answer waits, and goes with the next resume.
        if (!w || get().status !== 'live') return false;
        const ack = await ask(w, 'student:answer', msg);
        if (!ack) return false;
        const done = get().pending === msg ? { pending: null } : {};
        if (ack.ok && 'you' in ack) {
          set({ you: ack.you, ...done });
          return true;
        }
        if (!ack.ok) set(done);
        return false;
      },

      leaveClass() {
        at = null;
        sent = null;
        close({ ...IDLE });
      },
    };
  };
}
