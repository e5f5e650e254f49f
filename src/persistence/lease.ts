import * as v from 'valibot';
import { checkAgainst } from '../engine';
import { sited } from './keys';

/**
 * Web Locks exist only in secure contexts: a build served over plain http (a classroom
 * network) has none. This is the part of `navigator.locks` that `joinRun` uses, made of a
 * lease over a BroadcastChannel: the holder says "held" every HEARTBEAT_MS, a lease nobody
 * renewed for LEASE_MS is free, and a claim carries an epoch so the newest claim wins (a
 * steal bumps it). Two claims of one epoch are ordered by when they were made, the earlier
 * first, then by tab id: a new tab that claimed a lock whose holder was too busy to answer its
 * query in time yields to that holder. A tab that reloads or closes says "released"; one that
 * dies lets its lease run out.
 */

// What links the tabs of one origin (tabs.ts): a lock manager and a message channel, both injectable.

/** The part of `navigator.locks` used here (injectable: Node has none). */
export interface LocksLike {
  request(
    name: string,
    options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal },
    callback: (lock: { name: string } | null) => unknown,
  ): Promise<unknown>;
}

/** A message channel between the tabs of one origin (a BroadcastChannel by default). */
export interface TabChannel {
  post(message: unknown): void;
  listen(listener: (message: unknown) => void): void;
  close(): void;
}

const HEARTBEAT_MS = 400;
export const LEASE_MS = 1500;
/** How long a new tab listens for a holder before it claims a free lock. */
const QUERY_MS = 120;

const LEASE_MESSAGE = v.strictObject({
  schema: v.literal('harness-sim.lease/1'),
  type: v.picklist(['held', 'released', 'query']),
  name: v.pipe(v.string(), v.maxLength(300)),
  tab: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  epoch: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  /** When the claim was made (ms since 1970, the tabs' shared clock); absent from a query. */
  since: v.exactOptional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
});
type LeaseMessage = v.InferOutput<typeof LEASE_MESSAGE>;

interface LeaseClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(h: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(h: unknown): void;
}

const pageClock: LeaseClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

/** A claim on a lock: its epoch, when it was made, by which tab. */
interface Claim {
  tab: string;
  epoch: number;
  since: number;
}

const abortError = () => new DOMException('The lock was taken by another tab.', 'AbortError');

/** Web-Locks-like locks over `channel` (one per tab), for `tab`. */
export function leaseLocks(
  channel: TabChannel,
  tab: string,
  clock: LeaseClock = pageClock,
): LocksLike & { releaseAll(): void } {
  /** What this tab knows of each lock: the newest claim heard, and when it was last renewed. */
  const known = new Map<string, Claim & { seen: number }>();
  /** Locks this tab holds: their claim and how to end the hold when another tab takes it. */
  const held = new Map<string, { epoch: number; since: number; lose: () => void }>();
  const waiters = new Set<() => void>();
  const post = (type: LeaseMessage['type'], name: string, epoch: number, since?: number) => {
    try {
      channel.post({
        schema: 'harness-sim.lease/1',
        type,
        name,
        tab,
        epoch,
        ...(since === undefined ? {} : { since }),
      });
    } catch {
      // A closed channel: this tab is going away, and its lease runs out by itself.
    }
  };
  /** Whether claim `a` wins over `b`: the higher epoch, then the earlier claim, then the tab id. */
  const newer = (a: Claim, b: Claim) =>
    a.epoch > b.epoch || (a.epoch === b.epoch && (a.since < b.since || (a.since === b.since && a.tab > b.tab)));
  const free = (name: string) => {
    const k = known.get(name);
    return !held.has(name) && (!k || clock.now() - k.seen > LEASE_MS);
  };

  channel.listen((m) => {
    const c = checkAgainst(LEASE_MESSAGE, m);
    if (!c.ok || c.value.tab === tab) return;
    const msg = c.value;
    const mine = held.get(msg.name);
    if (msg.type === 'query') {
      if (mine) post('held', msg.name, mine.epoch, mine.since);
      return;
    }
    if (msg.type === 'released') {
      if (known.get(msg.name)?.tab === msg.tab) known.delete(msg.name);
    } else {
      // A claim from a build before `since` counts as made now.
      const claim = { tab: msg.tab, epoch: msg.epoch, since: msg.since ?? clock.now() };
      const k = known.get(msg.name);
      if (!k || !newer(k, claim)) known.set(msg.name, { ...claim, seen: clock.now() });
      if (mine && newer(claim, { epoch: mine.epoch, since: mine.since, tab })) mine.lose();
      else if (mine) post('held', msg.name, mine.epoch, mine.since);
    }
    for (const w of [...waiters]) w();
  });

  const beat = clock.setInterval(() => {
    for (const [name, h] of held) post('held', name, h.epoch, h.since);
    for (const w of [...waiters]) w();
  }, HEARTBEAT_MS);
  // Node (tests) would otherwise stay alive for the heartbeat; a page has no unref.
  (beat as { unref?: () => void } | null)?.unref?.();

  /** Holds `name` until `callback`'s promise settles, or another tab takes it (AbortError). */
  const hold = (name: string, callback: (lock: { name: string } | null) => unknown) => {
    const epoch = Math.max(known.get(name)?.epoch ?? 0, 0) + 1;
    const since = clock.now();
    known.set(name, { tab, epoch, since, seen: since });
    post('held', name, epoch, since);
    return new Promise<unknown>((resolve, reject) => {
      let over = false;
      const end = (e?: unknown) => {
        if (over) return;
        over = true;
        held.delete(name);
        if (e) reject(e);
      };
      held.set(name, { epoch, since, lose: () => end(abortError()) });
      Promise.resolve(callback({ name })).then(
        (r) => {
          if (over) return;
          end();
          if (known.get(name)?.tab === tab) known.delete(name);
          post('released', name, epoch);
          resolve(r);
          // A request queued in this same tab gets the lock at once.
          for (const w of [...waiters]) w();
        },
        (e: unknown) => {
          end(e);
        },
      );
    });
  };

  return {
    releaseAll() {
      for (const [name, h] of held) post('released', name, h.epoch);
    },
    request(name, options, callback) {
      if (options.steal) return hold(name, callback);
      if (options.ifAvailable) {
        // A new tab has heard nothing yet: ask, and give the holder a moment to answer.
        post('query', name, 0);
        return new Promise<void>((r) => clock.setTimeout(r, QUERY_MS)).then(() =>
          free(name) ? hold(name, callback) : callback(null),
        );
      }
      return new Promise<unknown>((resolve, reject) => {
        const check = () => {
          if (options.signal?.aborted) {
            waiters.delete(check);
            reject(new DOMException('The request was aborted.', 'AbortError'));
          } else if (free(name)) {
            waiters.delete(check);
            hold(name, callback).then(resolve, reject);
          }
        };
        options.signal?.addEventListener('abort', check);
        waiters.add(check);
        check();
      });
    },
  };
}

let pageLocks: LocksLike | null | undefined;

/**
 * The page's lease locks (one channel, one heartbeat for all its runs), or null without a
 * BroadcastChannel. A tab that goes away says so, so a follower drives on without waiting
 * for the lease to run out.
 */
export function pageLeaseLocks(): LocksLike | null {
  if (pageLocks !== undefined) return pageLocks;
  if (typeof BroadcastChannel !== 'function') return (pageLocks = null);
  const bc = new BroadcastChannel(sited('harness-sim-lease'));
  const channel: TabChannel = {
    post: (m) => bc.postMessage(m),
    listen: (fn) => (bc.onmessage = (e: MessageEvent) => fn(e.data)),
    close: () => bc.close(),
  };
  const id =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `tab-${Math.random().toString(36).slice(2, 10)}`;
  const locks = leaseLocks(channel, id);
  if (typeof addEventListener === 'function') addEventListener('pagehide', () => locks.releaseAll());
  return (pageLocks = locks);
}
