import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Scrolls a box as `place` says whenever `key` changes. A whole list (`now`) is placed right
 * after React's commit: its read (offsetTop, scrollHeight) lays the page out then, the same one
 * layout the frame would do, but while the page waits for the frame instead of inside it (about
 * 1 ms of the 40-step median). A windowed list's virtualizer has already laid the page out in
 * the commit, measuring its new rows; scrolling it re-renders the list, which in the next
 * frame's requestAnimationFrame comes after that frame rather than before it. `place` should be
 * a module-level function or a memoised one.
 *
 * The first placement, as the list mounts, always waits for the frame: the page around it is
 * still being built then (the panels mount one after another as the page comes up), and a read
 * in the commit would lay out a page that the next commit lays out again. So does a numeric key
 * that jumps by more than one (a challenge opened, a run file or a share link's replay shown: the
 * whole page changed): a read in that commit laid the whole new page out inside the commit's own
 * task, 540 ms of a 970 ms task at 4× CPU on opening a challenge (issue 40), where in the frame
 * it is a task of its own.
 */
export function useFollowScroll<T extends HTMLElement>(
  ref: RefObject<T | null>,
  place: (box: T) => void,
  key: unknown,
  now: boolean,
): void {
  const mounted = useRef(false);
  const last = useRef(key);
  useLayoutEffect(() => {
    // A step of the run (or the same key): placed in the commit; a first placement or a jump: in the frame.
    if (placedInCommit(now, mounted.current, last.current, key) && ref.current) place(ref.current);
  }, [ref, place, key, now]);
  useEffect(() => {
    const here = placedInCommit(now, mounted.current, last.current, key);
    mounted.current = true;
    last.current = key;
    if (here) return;
    const id = requestAnimationFrame(() => {
      if (ref.current) place(ref.current);
    });
    return () => cancelAnimationFrame(id);
  }, [ref, place, key, now]);
}

/**
 * Whether a list is placed in React's commit rather than in the next frame: a whole list (`now`),
 * already placed once, whose key is the same or one step of the run on (a number that moved by
 * at most one). A jump (the run replaced) waits for the frame, as does the first placement.
 */
export function placedInCommit(now: boolean, mounted: boolean, last: unknown, key: unknown): boolean {
  if (!now || !mounted) return false;
  return typeof last === 'number' && typeof key === 'number' ? Math.abs(key - last) <= 1 : last === key;
}
