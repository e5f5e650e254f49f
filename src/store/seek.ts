import { Timeline, type Sim } from '../engine';
import type { UpToBranches } from './branches';
import type { Seek, SliceArgs } from './types';
import { viewOf } from './view';

/**
 * The timeline of the run (issue 41): which past moment the page shows, if any. This slice is
 * the one writer of `seek`; the page reads it through `seekShown` and `shownView` (simStore.ts),
 * so the diagram, the ledger, the meters and the code line show the same moment without each
 * knowing about seeking. A seek is a view: it reads a replay (engine/timeline.ts) and never
 * writes storage or touches the live Sim, which stands still (paused) until Live.
 */

/**
 * One Timeline per Sim the page adopts, made when first asked for and extended by itself as the
 * run goes on (`Timeline.sync`): a drag never builds one again. Keyed weakly: a Sim the page let
 * go takes its timeline with it.
 */
const timelines = new WeakMap<Sim, Timeline>();

/** The timeline of `sim` (made once, then caught up on each read). */
export function timelineOf(sim: Sim): Timeline {
  let tl = timelines.get(sim);
  if (!tl) {
    tl = new Timeline(sim);
    timelines.set(sim, tl);
  }
  return tl;
}

/** The seek in force: one of the page's run now (a seek of a run the page has since let go of is over). */
export const seekShown = (s: { seek?: Seek | null; sim?: Sim }): Seek | null =>
  s.seek && s.seek.sim === s.sim ? s.seek : null;

type Above = UpToBranches;

/** The last slice: the past moment of the run shown, if any. */
export const createSeekSlice = (...[set, get]: SliceArgs<{ seek: Seek | null }, Above>) => ({
  seek: null as Seek | null,

  /** Shows the run as it stood after event `index` (clamped), pausing the live run. */
  seekTo: (index: number) => {
    const { sim, preview } = get();
    const tl = timelineOf(sim);
    const last = tl.length - 1;
    const at = Math.max(-1, Math.min(last, Math.trunc(index)));
    // The run holds still while a past moment is shown: Live is exactly where it was left.
    get().pause();
    if (preview) void get().selectCheckpoint(null);
    const moment = tl.seek(at);
    set({ seek: { sim, index: at, view: viewOf(moment.sim), fork: tl.forkAt(at), offered: false } });
  },

  /** Shows the live run again, exactly where it was. */
  goLive: () => set({ seek: null }),

  /** A control pressed while a past moment is shown: offer to fork from here instead. */
  offerFork: () => {
    const seek = seekShown(get());
    if (seek && !seek.offered) set({ seek: { ...seek, offered: true } });
  },

  /** A new branch from the nearest checkpoint at or before the moment shown (the history's fork). */
  forkHere: async (): Promise<void> => {
    const seek = seekShown(get());
    // Before any checkpoint there is nothing to fork from (the timeline says so).
    if (!seek?.fork) return;
    // The history's own fork (branches.ts): the stored checkpoint, by its number. A refused fork
    // says why (a notice) and the moment stays shown; a fork made is the page's run, shown live.
    await get().forkFrom(seek.fork.seq);
    if (get().sim !== seek.sim) set({ seek: null });
  },
});

export type SeekSlice = ReturnType<typeof createSeekSlice>;
