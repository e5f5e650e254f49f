import { create } from 'zustand';
import type { Lang } from '../../engine';

/**
 * The runs panel opens a trace in place (ui-contract "Traces": `input-trace`): the picked File
 * is handed to the trace view through this module, which main.tsx's view switch reads. Why not
 * the URL or storage: a trace holds prompts, file contents, sometimes secrets, and nothing of
 * it may be kept or put in a link (SPEC §11). So the file stays in memory, in this store
 * only, and the address becomes `?trace=1&lang=…` (pushState): Back returns to the simulator,
 * and a reload shows the empty trace view, the trace gone. Tiny on purpose: the first screen
 * loads it; the view itself is a lazy chunk.
 */

export const useTraceHandoff = create<{
  /** The file the runs panel handed over, if any (kept only in this page's memory). */
  picked: File | null;
  /** Whether the view was opened in place (main.tsx's switch reads it). */
  shown: boolean;
}>()(() => ({ picked: null, shown: false }));

/** Whether the address asks for the trace view (`?trace=…`). */
export const traceAsked = (search: string): boolean => new URLSearchParams(search).has('trace');

/** Opens the trace view in place with `file` (from the runs panel). */
export function openTraceInPlace(file: File, lang: Lang): void {
  const url = new URL(window.location.href);
  url.search = `?trace=1&lang=${lang}`;
  url.hash = '';
  window.history.pushState(null, '', url);
  useTraceHandoff.setState({ picked: file, shown: true });
}

/** The file the runs panel handed over, if any. */
export const pickedTrace = (): File | null => useTraceHandoff.getState().picked;

/** Forgets the handed file: the view read it, or another one was opened. */
export function dropPickedTrace(): void {
  useTraceHandoff.setState({ picked: null });
}
