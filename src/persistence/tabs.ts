import { type Checkpoint, checkAgainst, checkCheckpoint } from '../engine';
import { sited } from './keys';
import { pageLeaseLocks, type LocksLike, type TabChannel } from './lease';

export type { LocksLike, TabChannel } from './lease';
import { TAB_MESSAGE_SCHEMA, type TabMessage } from './schemas';

/**
 * Several tabs on one run: exactly one drives it, the others follow read-only. The driver
 * holds a Web Lock named after the run for as long as it drives (the browser releases it when
 * the tab closes or reloads); followers queue for it, so when the driver goes the first
 * follower drives on by itself. "Drive here" steals the lock: the old driver's hold is aborted,
 * it becomes a follower and queues again. A BroadcastChannel carries each durable checkpoint
 * and each change of driver to the other tabs; tabs say hello, here and bye on it, so a tab
 * alone on its run sends no checkpoints at all.
 */

export type TabRole = 'driver' | 'follower';

/** Why this tab's role is what it is. */
export type RoleReason =
  /** It asked first and got the lock, or there are no Web Locks (then every tab drives). */
  | 'elected'
  /** It was following, and the driver tab went away. */
  | 'promoted'
  /** A person pressed "drive here" in this tab. */
  | 'drove_here'
  /** A person pressed "drive here" in another tab. */
  | 'driven_elsewhere';

interface TabOptions {
  /** `navigator.locks` by default; `null` acts as if the browser had none. */
  locks?: LocksLike | null;
  /** Opens the channel; by default a BroadcastChannel. Returning null means none. */
  channel?: ((name: string) => TabChannel | null) | null;
  /** This tab's id in messages (random by default). */
  tabId?: string;
}

export interface TabStatus {
  /** Web Locks elect the driver; without them every tab drives. */
  locks: boolean;
  /** A channel carries checkpoints to followers; without one they do not follow live. */
  channel: boolean;
  /** What is missing and what that means, for the page to show. */
  notice?: string;
}

export interface TabSession {
  readonly runId: string;
  readonly tabId: string;
  readonly status: TabStatus;
  /** This tab's role now. */
  readonly role: TabRole;
  /** Called on every change of this tab's role. Returns an unsubscribe function. */
  onRole(listener: (role: TabRole, why: RoleReason) => void): () => void;
  /** Called (in a follower) with each checkpoint the driver made durable. */
  onCheckpoint(listener: (cp: Checkpoint) => void): () => void;
  /** Called when another tab joins the run (the driver then shows it where the run stands). */
  onPeer(listener: () => void): () => void;
  /**
   * The driver tells the followers where the run stands. False (and nothing sent) in a
   * follower, or while no other tab is on the run: a lone tab does not copy checkpoints into
   * a channel nobody reads.
   */
  announce(cp: Checkpoint): boolean;
  /** How many other tabs on this run have said so (a tab that crashed may still count). */
  readonly peers: number;
  /** Makes this tab the driver (the old one becomes a follower and is told); false if it could not. */
  driveHere(): Promise<boolean>;
  /** Leaves the run: releases the lock (a follower drives on) and closes the channel. */
  close(): void;
}

const MESSAGE_SCHEMA = 'harness-sim.tab/1';

const lockName = (runId: string) => `${CHANNEL_NAME}:run:${runId}`;
/** The tab channel, named for this site's folder (keys.ts `sited`): two courses on one host do not hear each other. */
const CHANNEL_NAME = sited('harness-sim');

function defaultLocks(): LocksLike | null {
  // Web Locks exist only in secure contexts (localhost counts); elsewhere (plain http on a
  // classroom network, Node) a lease over BroadcastChannel elects the driver (lease.ts).
  return (typeof navigator !== 'undefined' && navigator.locks) || pageLeaseLocks();
}

function broadcastChannel(name: string): TabChannel | null {
  if (typeof BroadcastChannel !== 'function') return null;
  const bc = new BroadcastChannel(name);
  return {
    post: (m) => bc.postMessage(m),
    listen: (fn) => (bc.onmessage = (e: MessageEvent) => fn(e.data)),
    close: () => bc.close(),
  };
}

const NO_LOCKS = 'Web Locks are unavailable here: this tab drives, and so would a second tab on this run.';

const randomId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `tab-${Math.random().toString(36).slice(2, 10)}`;

const isAbort = (e: unknown) => typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';

/** Joins the run as driver (lock free) or follower (lock held by another tab). */
export async function joinRun(runId: string, opts: TabOptions = {}): Promise<TabSession> {
  const locks = opts.locks === undefined ? defaultLocks() : opts.locks;
  const channel = (opts.channel === undefined ? broadcastChannel : (opts.channel ?? (() => null)))(CHANNEL_NAME);
  const tabId = opts.tabId ?? randomId();
  const name = lockName(runId);
  const roleListeners = new Set<(role: TabRole, why: RoleReason) => void>();
  const cpListeners = new Set<(cp: Checkpoint) => void>();
  const peerListeners = new Set<() => void>();
  let role: TabRole = 'follower';
  let closed = false;
  /** The other tabs on this run, by id. */
  const peers = new Set<string>();
  /** Ends the current hold (resolves the promise the lock callback returned). */
  let release: (() => void) | null = null;
  /** Cancels the queued request a follower keeps for when the driver goes. */
  let queued: AbortController | null = null;

  const notices: string[] = [];
  if (!locks) notices.push(NO_LOCKS);
  if (!channel) notices.push('BroadcastChannel is unavailable: other tabs on this run do not follow it live.');
  const status: TabStatus = { locks: locks !== null, channel: channel !== null };

  const post = (m: TabMessage) => channel?.post(m);
  const become = (next: TabRole, why: RoleReason) => {
    if (closed || next === role) return;
    role = next;
    // Said only of a steal ("drive here"), whose old driver must stop at once. An elected or
    // promoted tab took a lock nobody held: were the lease wrong about that (a holder too busy
    // to answer), the earlier claim wins it back, and no message should demote that holder.
    if (next === 'driver' && why === 'drove_here') post({ schema: MESSAGE_SCHEMA, type: 'driver', runId, from: tabId });
    for (const l of roleListeners) l(next, why);
  };

  /** Another tab drives now: let go of the lock (if still ours), follow, and queue again. */
  const lostDrive = () => {
    if (role !== 'driver' || closed) return;
    const r = release;
    release = null;
    r?.();
    become('follower', 'driven_elsewhere');
    queue();
  };

  /**
   * Asks for the lock. `answer` hears at once whether it was granted (an `ifAvailable`
   * request may be refused). A granted lock is held until released; if it is stolen the
   * request rejects with AbortError and this tab follows. A rejection before any grant
   * (our own cancel, or a lock manager that refuses) is passed on.
   */
  const request = (
    options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal },
    why: RoleReason,
    answer?: (granted: boolean) => void,
  ) => {
    let granted = false;
    return (locks as LocksLike)
      .request(name, options, (lock) => {
        answer?.(lock !== null);
        if (!lock) return undefined;
        granted = true;
        return new Promise<void>((resolve) => {
          release = resolve;
          become('driver', why);
        });
      })
      .then(
        () => undefined,
        (e: unknown) => {
          if (!granted) throw e;
          if (isAbort(e)) lostDrive();
        },
      );
  };

  /** A follower waits in line for the lock: when the driver tab goes, this one drives on. */
  const queue = () => {
    if (!locks || closed) return;
    const ac = new AbortController();
    queued = ac;
    request({ signal: ac.signal }, 'promoted', () => (queued = null)).catch(() => undefined);
  };

  if (!locks) {
    become('driver', 'elected');
  } else {
    const got = await new Promise<boolean>((resolve, reject) => {
      request({ ifAvailable: true }, 'elected', resolve).catch(reject);
    }).catch(() => null);
    if (got === null) {
      // The lock manager refused outright (a sandboxed frame): drive alone, and say so.
      status.locks = false;
      notices.unshift(NO_LOCKS);
      become('driver', 'elected');
    } else if (!got) {
      queue();
    }
  }
  if (notices.length) status.notice = notices.join(' ');

  channel?.listen((m) => {
    if (closed) return;
    // Another tab's message is data like any other: checked against its schema first.
    const checked = checkAgainst(TAB_MESSAGE_SCHEMA, m);
    if (!checked.ok) return;
    const msg = checked.value;
    if (msg.runId !== runId || msg.from === tabId) return;
    if (msg.type === 'hello' || msg.type === 'here') peers.add(msg.from);
    if (msg.type === 'hello') {
      post({ schema: MESSAGE_SCHEMA, type: 'here', runId, from: tabId });
      for (const l of peerListeners) l();
    }
    if (msg.type === 'bye') peers.delete(msg.from);
    // A steal's AbortError and the new driver's message race; whichever comes first counts.
    if (msg.type === 'driver' && status.locks) lostDrive();
    if (msg.type === 'checkpoint' && role === 'follower') {
      const r = checkCheckpoint(msg.checkpoint);
      if (r.ok && r.checkpoint.runId === runId) for (const l of cpListeners) l(r.checkpoint);
    }
  });
  post({ schema: MESSAGE_SCHEMA, type: 'hello', runId, from: tabId });

  const session: TabSession = {
    runId,
    tabId,
    status,
    get role() {
      return role;
    },
    onRole(listener) {
      roleListeners.add(listener);
      return () => roleListeners.delete(listener);
    },
    onCheckpoint(listener) {
      cpListeners.add(listener);
      return () => cpListeners.delete(listener);
    },
    onPeer(listener) {
      peerListeners.add(listener);
      return () => peerListeners.delete(listener);
    },
    get peers() {
      return peers.size;
    },
    announce(cp) {
      if (role !== 'driver' || closed || cp.runId !== runId || peers.size === 0) return false;
      post({ schema: MESSAGE_SCHEMA, type: 'checkpoint', runId, from: tabId, checkpoint: cp });
      return true;
    },
    async driveHere() {
      if (role === 'driver') return true;
      if (closed || !locks) return false;
      queued?.abort();
      queued = null;
      const got = await new Promise<boolean>((resolve) => {
        request({ steal: true }, 'drove_here', resolve).catch(() => resolve(false));
      });
      if (!got) queue();
      return got;
    },
    close() {
      if (closed) return;
      closed = true;
      queued?.abort();
      release?.();
      release = null;
      post({ schema: MESSAGE_SCHEMA, type: 'bye', runId, from: tabId });
      channel?.close();
      roleListeners.clear();
      cpListeners.clear();
      peerListeners.clear();
    },
  };
  return session;
}
