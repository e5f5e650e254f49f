import type { Checkpoint } from '../engine';
import type { TabRole, TabSession, Writer } from '../persistence';
import type { UpToStorage } from './storage';
import type { SliceArgs } from './types';
import type { WriteReport } from './writeReport';

/** At most this often a driver sends followers its live position (stored checkpoints go at once). */
const ANNOUNCE_MS = 100;

/**
 * What the tab is told of the run it is a member of, by the run slice below it (run.ts): the
 * tab never reads or makes a Sim.
 */
export interface TabHost {
  /** The run shown's id, and its newest checkpoint. */
  runId(): string;
  newest(): Checkpoint | null;
  /** Where the run stands now, for the followers; null when it is not theirs to follow (a lesson's). */
  position(): Checkpoint | null;
  /** A follower shows what the driver announced; `stored`: the newest checkpoint the driver stored. */
  mirror(cp: Checkpoint, stored: Checkpoint | null): void;
  /** Become the driver: go on from the run's newest stored checkpoint, if any. */
  drive(stored: Checkpoint | null): void;
  /** This tab now follows: its player stops. */
  follow(): void;
}

/**
 * The third slice: this tab's membership of the run shown. With two tabs on one run exactly one
 * drives, the others mirror it live (ui-contract `tab-role`). The membership and what it last
 * heard belong to this slice.
 */
export const createTabSlice = (...[set, get]: SliceArgs<{ role: TabRole }, UpToStorage>) => {
  let session: TabSession | null = null;
  let host: TabHost | null = null;
  let lastStored: Checkpoint | null = null;
  let announceTimer: ReturnType<typeof setTimeout> | null = null;
  /**
   * The run's epoch this tab writes under (the fencing counter, recordStore.ts), and whether it
   * still has to claim it: elected, its first write claims the run from the epoch it saw.
   */
  let held = { epoch: 1, claim: true };

  /**
   * Becomes the driver of a run another tab drove: claims it in storage (from then on the old
   * driver's writes in flight are refused), re-reads its newest checkpoint, and only then drives.
   */
  let reclaiming = false;
  const handover = async (s: TabSession, h: TabHost) => {
    const { persist } = get();
    const runId = h.runId();
    const epoch = await persist.claim(runId, s.tabId);
    if (epoch !== null) held = { epoch, claim: false };
    const { checkpoint } = await persist.latest(runId);
    if (session !== s) return;
    h.drive(checkpoint);
    set({ role: 'driver' });
  };

  const slice = {
    role: 'driver' as TabRole,

    /**
     * Makes `tab` this tab's membership of the run `host` shows (the previous one is let go).
     * `seen`: the run's epoch as this tab read it (0 for a run it just created); elected
     * driver, its first write claims the run from that epoch, and is refused if another tab
     * claimed since.
     */
    attachTab: (s: TabSession, seen: number, h: TabHost) => {
      if (session !== s) session?.close();
      session = s;
      host = h;
      lastStored = h.newest();
      set({ role: s.role });
      held = { epoch: seen + 1, claim: true };
      s.onRole((role, why) => {
        if (session !== s) return;
        if (role === 'follower') h.follow();
        // A tab that becomes driver from following reads storage first (handover).
        if (role === 'driver' && why !== 'elected') void handover(s, h);
        else set({ role });
      });
      s.onCheckpoint((cp) => {
        if (session !== s || get().role !== 'follower' || cp.runId !== h.runId()) return;
        // A stored checkpoint has a new sequence number; a live position repeats the last one.
        if (lastStored === null || cp.seq > lastStored.seq) lastStored = cp;
        h.mirror(cp, lastStored);
      });
      // A tab that just joined has only what storage holds (nothing, on the memory fallback).
      s.onPeer(() => {
        if (session === s) slice.announceLive();
      });
    },

    /** Lets go of this tab's membership, if it is of `runId` (or of any run, with no argument). */
    leaveRun: (runId?: string) => {
      if (!session || (runId !== undefined && session.runId !== runId)) return;
      session.close();
      session = null;
      host = null;
    },

    /** A run that is no tab's (a lesson's) is shown: the tab lets go and drives it alone. */
    driveAlone: () => {
      slice.leaveRun();
      set({ role: 'driver' });
    },

    /** The run now stands in a store that never saw it claimed (adoptStore): the next write claims it afresh. */
    reclaim: () => {
      held = { epoch: 1, claim: true };
    },

    /** A write settled: a driver's durable checkpoint goes to the followers. */
    afterWrite: (cp: Checkpoint, report: WriteReport) => {
      // Refused by the fence while this tab holds the lock: two tabs drove at once for a moment
      // (two joined over the lease together). The lock says this one drives: it claims afresh
      // and re-reads storage, as a handover does; the other's next write is then refused.
      if (!report.ok && report.failure === 'fenced' && session && host && get().role === 'driver' && !reclaiming) {
        reclaiming = true;
        void handover(session, host).finally(() => (reclaiming = false));
      }
      if (!report.ok || get().role !== 'driver') return;
      held = { epoch: held.epoch, claim: false };
      lastStored = cp;
      session?.announce(cp);
    },

    /** Driver: shows the followers where the run stands now (throttled). */
    announceLive: () => {
      // Alone on the run (the usual case), there is nobody to build a position for.
      if (!session || session.peers === 0 || get().role !== 'driver' || announceTimer !== null) return;
      announceTimer = setTimeout(() => {
        announceTimer = null;
        const position = host?.position();
        if (position && get().role === 'driver' && session && session.peers > 0) session.announce(position);
      }, ANNOUNCE_MS);
    },

    /** Follower: this tab becomes the driver (the other tab follows), once storage is re-read. */
    driveHere: async (): Promise<void> => {
      const s = session;
      const h = host;
      if (!s || !h || get().role === 'driver') return;
      if (await s.driveHere()) await handover(s, h);
    },

    /** Who writes this run's checkpoints (the fence storage checks), or undefined in a follower. */
    writer: (): Writer | undefined =>
      session && session.role === 'driver'
        ? { tab: session.tabId, epoch: held.epoch, ...(held.claim ? { claim: true } : {}) }
        : undefined,
  };
  return slice;
};

export type TabSlice = ReturnType<typeof createTabSlice>;
/** This slice and every slice above it: what the next slice's `get` sees. */
export type UpToTab = UpToStorage & TabSlice;
