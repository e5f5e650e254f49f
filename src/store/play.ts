import type { StateCreator } from 'zustand';
import { isTerminal } from '../engine';
import type { PlaySlice, Store } from './types';

/** The fewest milliseconds between two play timer callbacks; faster speeds tick several times. */
const MIN_INTERVAL_MS = 25;
/** Fast-forward stops after this many ticks even if no approval comes (a 4,000-step plan). */
const FAST_FORWARD_LIMIT = 100_000;

/**
 * Commands to the run (a follower tab sends none) and the play timer, which ticks the run at
 * the chosen speed until it ends, goes down or is paused. The timer belongs to this store.
 */
export const createPlaySlice: StateCreator<Store, [], [], PlaySlice> = (set, get) => {
  let timer: ReturnType<typeof setInterval> | null = null;
  const stopTimer = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };

  return {
    speed: 4,
    playing: false,

    send: (cmd) => {
      if (get().role === 'follower') return false;
      return get().sim.send(cmd);
    },

    play: () => {
      stopTimer();
      set({ playing: true });
      const { speed } = get();
      const interval = Math.max(MIN_INTERVAL_MS, 1000 / speed);
      const perBeat = Math.max(1, Math.round((speed * interval) / 1000));
      timer = setInterval(() => {
        const { sim } = get();
        for (let i = 0; i < perBeat; i++) {
          if (!sim.alive || isTerminal(sim.state)) {
            get().pause();
            return;
          }
          get().send(sim.state === 'created' ? { type: 'START' } : { type: 'TICK' });
        }
      }, interval);
    },

    pause: () => {
      stopTimer();
      set({ playing: false });
    },

    setSpeed: (speed) => {
      set({ speed });
      if (get().playing) get().play();
    },

    fastForwardToApproval: () => {
      const { sim } = get();
      get().pause();
      for (let i = 0; i < FAST_FORWARD_LIMIT && sim.alive; i++) {
        const s = sim.state;
        if (isTerminal(s) || s === 'waiting_approval') break;
        get().send(s === 'created' ? { type: 'START' } : { type: 'TICK' });
      }
    },
  };
};
