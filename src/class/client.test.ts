import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { createClassSlice } from './client';
import type { LiveClass } from './view';
import type { Dial, Wire } from './wire';
import { LIVE_KEY, TEACHER_KEY, secretKey, takeTeacherToken, type KeyStore } from './keys';
import type { StopAt } from './protocol';
import { type Ack, type AnswerRecord, type ClassState, type You } from './replies';

/** A storage as the browser's, in memory. */
const keys = (init: Record<string, string> = {}): KeyStore & { map: Map<string, string> } => {
  const map = new Map(Object.entries(init));
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
};

const CODE = 'ABCD2345';
const AT: StopAt = {
  lessonId: 'no-progress',
  stop: 1,
  kind: 'predict',
  choices: ['running', 'tool_failed'],
  askFuse: false,
};

/**
 * A relay in miniature (one class, the protocol's acks) and the connections it hands out: a
 * test connects, drops and reconnects them as Socket.IO would, and sees every message sent.
 */
function fakeRelay({ up = true, twisted = false } = {}) {
  const answers = new Map<string, AnswerRecord>();
  const secrets = new Map<string, string>([]);
  let version = 1;
  const state = (): ClassState => ({
    code: CODE,
    lessonId: AT.lessonId,
    stop: AT.stop,
    kind: 'predict',
    phase: 'open',
    choices: [...AT.choices],
    askFuse: false,
    paused: false,
    joined: secrets.size,
    answered: answers.size,
    revealed: null,
    version: version++,
  });
  const you = (id: string): You => ({
    id,
    nickname: '',
    answer: answers.get(id) ?? null,
    correct: null,
    score: { right: 0, revealed: 0 },
  });
  const sent: { event: string; payload: unknown }[] = [];
  const wires: FakeWire[] = [];
  interface FakeWire extends Wire {
    fire(event: string, payload?: unknown): void;
    joined?: string;
    closed: boolean;
  }
  const dial: Dial = (auth) => {
    const listeners = new Map<string, ((p?: unknown) => void)[]>();
    const w: FakeWire = {
      closed: false,
      on: (e, fn) => void listeners.set(e, [...(listeners.get(e) ?? []), fn]),
      fire: (e, p) => listeners.get(e)?.forEach((fn) => fn(p)),
      close: () => void (w.closed = true),
      async request(event, payload): Promise<Ack> {
        sent.push({ event, payload });
        const p = payload as Record<string, unknown>;
        if (event === 'teacher') {
          if (!auth) return { ok: false, error: 'forbidden', message: '' };
          return { ok: true, code: CODE, state: state() };
        }
        if (event === 'student:join') {
          const id = `id${secrets.size}`.padEnd(12, 'x');
          const secret = `s${secrets.size}`.padEnd(22, 'x');
          secrets.set(secret, id);
          w.joined = id;
          // A relay that is not ours (or is broken): an ack of no shape the protocol has.
          if (twisted) return { ok: true, secret: 42, state: 'live', you: null } as unknown as Ack;
          return { ok: true, secret, state: state(), you: you(id) };
        }
        if (event === 'student:resume') {
          const id = secrets.get(p.secret as string);
          if (!id) return { ok: false, error: 'unknown_student', message: '' };
          w.joined = id;
          return { ok: true, secret: p.secret as string, state: state(), you: you(id) };
        }
        if (!w.joined) return { ok: false, error: 'forbidden', message: '' };
        answers.set(w.joined, { choice: p.choice as string });
        return { ok: true, you: you(w.joined) };
      },
    };
    wires.push(w);
    // Socket.IO connects (or fails to) a moment after io() returns.
    setTimeout(() => (up ? w.fire('connect') : w.fire('connect_error', 'xhr poll error')), 0);
    return Promise.resolve(w);
  };
  return { dial, sent, wires, answers };
}

const settle = () => new Promise((r) => setTimeout(r, 5));

function page(relay: ReturnType<typeof fakeRelay>, local = keys(), session = keys()) {
  return { store: createStore<LiveClass>()(createClassSlice({ dial: relay.dial, local, session })), local, session };
}

describe('a student', () => {
  it('keeps their answer across a dropped connection: the reconnection resumes, it does not join again', async () => {
    const relay = fakeRelay();
    const { store, local } = page(relay);
    await store.getState().joinClass(' abcd2345 ', 'Ana');
    await settle();
    expect(store.getState().status).toBe('live');
    expect(local.getItem(secretKey(CODE))).toMatch(/^s0/);
    expect(await store.getState().answerClass({ kind: 'choice', stop: 1, choice: 'tool_failed' })).toBe(true);

    // The phone sleeps: the socket drops, then Socket.IO reconnects it.
    const w = relay.wires[0]!;
    w.fire('disconnect');
    expect(store.getState().status).toBe('reconnecting');
    w.fire('connect');
    await settle();
    expect(relay.sent.map((m) => m.event)).toEqual(['student:join', 'student:answer', 'student:resume']);
    expect(store.getState().status).toBe('live');
    expect(store.getState().you?.answer).toEqual({ choice: 'tool_failed' });
  });

  it('believes no ack of a shape the protocol does not have: a twisted join leaves the phone out of the class', async () => {
    const relay = fakeRelay({ twisted: true });
    const { store, local } = page(relay);
    await store.getState().joinClass(CODE, 'Ana');
    await settle();
    expect(relay.sent.map((m) => m.event)).toEqual(['student:join']);
    expect(store.getState().status).not.toBe('live');
    expect(store.getState().you).toBeNull();
    expect(local.getItem(secretKey(CODE))).toBeNull();
  });

  it('after a reload (a new page, the same device) resumes with the secret kept for that code', async () => {
    const relay = fakeRelay();
    const first = page(relay);
    await first.store.getState().joinClass(CODE, '');
    await settle();
    await first.store.getState().answerClass({ kind: 'choice', stop: 1, choice: 'running' });
    const again = page(relay, first.local);
    await again.store.getState().joinClass(CODE, '');
    await settle();
    expect(relay.sent.filter((m) => m.event === 'student:join')).toHaveLength(1);
    expect(again.store.getState().you?.answer).toEqual({ choice: 'running' });
  });

  it('an answer given while offline is sent once the class is back', async () => {
    const relay = fakeRelay();
    const { store } = page(relay);
    await store.getState().joinClass(CODE, '');
    await settle();
    relay.wires[0]!.fire('disconnect');
    expect(await store.getState().answerClass({ kind: 'choice', stop: 1, choice: 'running' })).toBe(false);
    expect(store.getState().pending).not.toBeNull();
    relay.wires[0]!.fire('connect');
    await settle();
    await settle();
    expect(relay.answers.get('id0'.padEnd(12, 'x'))).toEqual({ choice: 'running' });
    expect(store.getState().pending).toBeNull();
  });

  it('removed: the secret is forgotten and the phone says so', async () => {
    const relay = fakeRelay();
    const { store, local } = page(relay);
    await store.getState().joinClass(CODE, '');
    await settle();
    relay.wires[0]!.fire('student:removed', { code: CODE });
    expect(store.getState().status).toBe('removed');
    expect(local.getItem(secretKey(CODE))).toBeNull();
    expect(relay.wires[0]!.closed).toBe(true);
  });

  it('drops a state older than the one it holds (two relays may reorder them)', async () => {
    const relay = fakeRelay();
    const { store } = page(relay);
    await store.getState().joinClass(CODE, '');
    await settle();
    const held = store.getState().state!;
    relay.wires[0]!.fire('class:state', { ...held, version: held.version - 1, paused: true });
    expect(store.getState().state?.paused).toBe(false);
    relay.wires[0]!.fire('class:state', { ...held, version: held.version + 1, paused: true });
    expect(store.getState().state?.paused).toBe(true);
  });
});

describe('the teacher', () => {
  it('takes the token out of the address into the tab, keeping the rest of it', () => {
    const session = keys();
    let replaced = '';
    const history = {
      state: null,
      replaceState: (_: unknown, __: string, url?: string | URL | null) => void (replaced = String(url)),
    };
    const href = 'http://10.0.0.5:4173/?present=1&lesson=fuse#teacher=t0k3n';
    expect(takeTeacherToken({ href }, history, session)).toBe('t0k3n');
    expect(replaced).toBe('http://10.0.0.5:4173/?present=1&lesson=fuse');
    expect(session.getItem(TEACHER_KEY)).toBe('t0k3n');
    // Another lesson, later in the same tab: no fragment, the token is still the tab's.
    replaced = '';
    expect(takeTeacherToken({ href: 'http://10.0.0.5:4173/?present=1&lesson=plans' }, history, session)).toBe('t0k3n');
    expect(replaced).toBe('');
  });

  it('on a host without the relay, starting a class says so (norelay) and keeps no connection', async () => {
    const relay = fakeRelay({ up: false });
    const { store, session } = page(relay, keys(), keys({ [TEACHER_KEY]: 't', [LIVE_KEY]: 'pending' }));
    await store.getState().startClass(AT);
    await settle();
    expect(store.getState().status).toBe('norelay');
    // The next page of this tab does not try again by itself.
    expect(session.getItem(LIVE_KEY)).toBeNull();
    expect(relay.wires[0]!.closed).toBe(true);
  });

  it('without a token (the students’ address on the projector) asks for the teacher’s address', async () => {
    const relay = fakeRelay();
    const { store } = page(relay);
    await store.getState().startClass(AT);
    await settle();
    expect(store.getState().status).toBe('notoken');
    expect(relay.sent).toEqual([]);
  });

  it('starts the class, rejoins it with `start` after a reconnection, and sends each move once', async () => {
    const relay = fakeRelay();
    const { store, session } = page(relay, keys(), keys({ [TEACHER_KEY]: 't' }));
    await store.getState().startClass(AT);
    await settle();
    expect(store.getState()).toMatchObject({ status: 'live', code: CODE });
    expect(session.getItem(LIVE_KEY)).toBe(CODE);
    const next = { ...AT, stop: 2, kind: 'watch' as const, choices: [] };
    await store.getState().moveClass(next);
    await store.getState().moveClass(next);
    relay.wires[0]!.fire('disconnect');
    relay.wires[0]!.fire('connect');
    await settle();
    expect(relay.sent.map((m) => [m.event, (m.payload as { type: string }).type])).toEqual([
      ['teacher', 'start'],
      ['teacher', 'stop'],
      ['teacher', 'start'],
    ]);
    expect((relay.sent[2]!.payload as { at: StopAt }).at.stop).toBe(2);
  });
  it('drops a tally or a roster older than the one it holds, as a state (two relays may reorder them)', async () => {
    const relay = fakeRelay();
    const { store } = page(relay, keys(), keys({ [TEACHER_KEY]: 't' }));
    await store.getState().startClass(AT);
    await settle();
    const wire = relay.wires[0]!;
    const tally = { code: CODE, stop: AT.stop, joined: 3, answered: 2, histogram: {}, texts: [], version: 7 };
    wire.fire('class:tally', tally);
    wire.fire('class:tally', { ...tally, answered: 1, version: 6 });
    expect(store.getState().tally?.answered).toBe(2);
    wire.fire('class:tally', { ...tally, answered: 3, version: 8 });
    expect(store.getState().tally?.answered).toBe(3);
    const ann = { id: 'A'.repeat(12), nickname: 'Ann' };
    const roster = { code: CODE, students: [ann], version: 7 };
    wire.fire('class:roster', roster);
    wire.fire('class:roster', { ...roster, students: [], version: 6 });
    expect(store.getState().roster?.students).toEqual([ann]);
    // Another class's push is not ordered against this one's.
    wire.fire('class:roster', { ...roster, code: 'ZZZZZZZZ', students: [], version: 1 });
    expect(store.getState().roster?.students).toEqual([]);
  });
  it('keeps a refusal on screen when an older press’s ack arrives after it: only a later press taken clears it', async () => {
    // The relay refuses a flood before a slower handler answers, so acks come back out of order.
    const relay = fakeRelay();
    const held: (() => void)[] = [];
    const dial: Dial = async (auth) => {
      const w = await relay.dial(auth);
      const request = w.request.bind(w);
      let pauses = 0;
      w.request = (event, payload) => {
        if ((payload as { type?: string }).type !== 'pause') return request(event, payload);
        pauses++;
        if (pauses === 2) return Promise.resolve({ ok: false, error: 'rate_limited', message: '' });
        if (pauses === 1) return new Promise((ok) => held.push(() => void request(event, payload).then(ok)));
        return request(event, payload);
      };
      return w;
    };
    const store = createStore<LiveClass>()(
      createClassSlice({ dial, local: keys(), session: keys({ [TEACHER_KEY]: 't' }) }),
    );
    await store.getState().startClass(AT);
    await settle();
    const first = store.getState().teach({ type: 'pause', paused: true });
    expect(await store.getState().teach({ type: 'pause', paused: true })).toBe(false);
    expect(store.getState().error).toBe('rate_limited');
    held[0]!();
    expect(await first).toBe(true);
    expect(store.getState().error).toBe('rate_limited');
    expect(await store.getState().teach({ type: 'pause', paused: true })).toBe(true);
    expect(store.getState().error).toBeNull();
  });
});
