import { create } from 'zustand';

/** The lesson stop on screen, for presenter mode's read-outs: the lesson and its stop (0-based). */
interface CitedStop {
  lesson: string;
  at: number;
}

/**
 * The stop whose cited read-outs presenter mode shows beside the diagram (Evidence.tsx). The
 * lesson bar sets it once a stop is shown; it lives here, not in the run's store, because it
 * is the lesson's, not the run's.
 */
export const useCitedStop = create<{ stop: CitedStop | null }>(() => ({ stop: null }));

export const setCitedStop = (stop: CitedStop | null) => useCitedStop.setState({ stop });
