import type { StateCreator } from 'zustand';
import { Sim, toCheckpoint, type Checkpoint } from '../engine';
import { joinRun, type TabSession } from '../persistence';
import type { DriverSlice, Store } from './types';
import { viewOf } from './view';

/** At most this often a driver sends followers its live position (stored checkpoints go at once). */
const ANNOUNCE_MS = 100;

/**
 * This tab's membership of the run shown: with two tabs on one run exactly one drives, the
 * others mirror it live (ui-contract `tab-role`). The membership and what it last heard
 * belong to this store.
 */
export const createDriverSlice: StateCreator<Store, [], [], DriverSlice> = (set, get) => {
  let session: TabSession | null = null;
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
  const handover = async (s: TabSession) => {
    const { persist, sim } = get();
    const runId = sim.context.runId;
    const epoch = await persist.claim(runId, s.tabId);
    if (epoch !== null) held = { epoch, claim: false };
    const { checkpoint } = await persist.latest(runId);
    if (session !== s) return;
    if (checkpoint && checkpoint.seq >= (get().sim.newest?.seq ?? 0))
      get().resumeFrom(
        checkpoint,
        get().runs.find((r) => r.runId === runId),
      );
    set({ role: 'driver' });
  };

  /** A follower shows what the driver announced: a Sim resumed from it, never driven here. */
  const mirror = (cp: Checkpoint) => {
    // A stored checkpoint has a new sequence number; a live position repeats the last one.
    const stored = lastStored === null || cp.seq > lastStored.seq;
    if (stored) lastStored = cp;
    const sim = new Sim({
      scenario: cp.scenario,
      from: cp,
      shownOnly: true,
      wallClock: Date.now,
      onCheckpoint: get().onCheckpoint,
    });
    sim.newest = lastStored;
    sim.subscribe(get().publish);
    set({ sim, view: viewOf(sim), resumed: null });
    if (stored) void get().loadHistory(cp.runId);
  };

  const slice: DriverSlice = {
    role: 'driver',

    attachTab: (s, seen) => {
      if (session !== s) session?.close();
      session = s;
      lastStored = get().sim.newest;
      set({ role: s.role });
      held = { epoch: seen + 1, claim: true };
      s.onRole((role, why) => {
        if (session !== s) return;
        if (role === 'follower') get().pause();
        // A tab that becomes driver from following reads storage first (handover).
        if (role === 'driver' && why !== 'elected') void handover(s);
        else set({ role });
      });
      s.onCheckpoint((cp) => {
        if (session === s && get().role === 'follower' && cp.runId === get().sim.context.runId) mirror(cp);
      });
      // A tab that just joined has only what storage holds (nothing, on the memory fallback).
      s.onPeer(() => {
        if (session === s) get().announceLive();
      });
    },

    leaveRun: (runId) => {
      if (!session || (runId !== undefined && session.runId !== runId)) return;
      session.close();
      session = null;
    },

    joinShown: async (runId, seen) => {
      slice.leaveRun();
      slice.attachTab(await joinRun(runId), seen);
    },

    reclaim: () => {
      held = { epoch: 1, claim: true };
    },

    afterWrite: (cp, report) => {
      // Refused by the fence while this tab holds the lock: two tabs drove at once for a moment
      // (two joined over the lease together). The lock says this one drives: it claims afresh
      // and re-reads storage, as a handover does; the other's next write is then refused.
      if (!report.ok && report.failure === 'fenced' && session && get().role === 'driver' && !reclaiming) {
        reclaiming = true;
        void handover(session).finally(() => (reclaiming = false));
      }
      if (!report.ok || get().role !== 'driver') return;
      held = { epoch: held.epoch, claim: false };
      lastStored = cp;
      session?.announce(cp);
    },

    announceLive: () => {
      // Alone on the run (the usual case), there is nobody to build a position for; a lesson's
      // or a challenge's run on screen is not the run the followers follow.
      if (!session || session.peers === 0 || get().role !== 'driver' || announceTimer !== null || get().lessonRun)
        return;
      announceTimer = setTimeout(() => {
        announceTimer = null;
        const { sim } = get();
        if (get().role === 'driver' && session && session.peers > 0)
          session.announce(toCheckpoint(sim.context, sim.state, 'manual', Date.now()));
      }, ANNOUNCE_MS);
    },

    driveHere: async () => {
      const s = session;
      if (!s || get().role === 'driver') return;
      if (await s.driveHere()) await handover(s);
    },

    writer: () =>
      session && session.role === 'driver'
        ? { tab: session.tabId, epoch: held.epoch, ...(held.claim ? { claim: true } : {}) }
        : undefined,
  };
  return slice;
};
