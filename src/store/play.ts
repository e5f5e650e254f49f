import type { StateCreator } from 'zustand';
import { isTerminal } from '../engine';
import { createPlayer } from './player';
import type { PlaySlice, Store } from './types';

/** Ticks a second a page starts at. */
const START_SPEED = 4;
/**
 * Checkpoint writes the run may have in flight before the player waits for storage: a
 * fast-forward of a long plan otherwise queued hundreds, the oldest waited past the write
 * watchdog (WRITE_WATCHDOG_MS) and the page said storage had stopped answering (E520).
 */
export const MAX_WRITES_IN_FLIGHT = 16;

/**
 * Commands to the run (a follower tab sends none) and the page's player (player.ts), which
 * ticks the page's run at the chosen speed until it ends, goes down, or is paused. The player
 * belongs to this store; whatever run the page shows is the one it ticks.
 */
export const createPlaySlice: StateCreator<Store, [], [], PlaySlice> = (_set, get) => {
  /** One move of the page's run; false when it cannot move (ended, down, or this tab only follows). */
  const move = (): boolean => {
    const { sim, role } = get();
    if (role === 'follower' || !sim.alive || isTerminal(sim.state)) return false;
    return get().send(sim.state === 'created' ? { type: 'START' } : { type: 'TICK' });
  };
  const ready = () => get().writesInFlight() < MAX_WRITES_IN_FLIGHT;
  const player = createPlayer({ move, ready }, START_SPEED);

  return {
    player,

    send: (cmd) => {
      if (get().role === 'follower') return false;
      return get().sim.send(cmd);
    },

    play: () => player.send({ type: 'player.play' }),
    pause: () => player.send({ type: 'player.pause' }),
    setSpeed: (speed) => player.send({ type: 'player.speed', speed }),

    fastForwardToApproval: () => {
      const until = () => get().sim.state === 'waiting_approval';
      player.send({ type: 'player.pause' });
      player.send({ type: 'player.fastForward', until });
    },
  };
};
