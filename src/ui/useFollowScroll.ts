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
 * in the commit would lay out a page that the next commit lays out again.
 */
export function useFollowScroll<T extends HTMLElement>(
  ref: RefObject<T | null>,
  place: (box: T) => void,
  key: unknown,
  now: boolean,
): void {
  const mounted = useRef(false);
  useLayoutEffect(() => {
    if (now && mounted.current && ref.current) place(ref.current);
  }, [ref, place, key, now]);
  useEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    if (now && !first) return;
    const id = requestAnimationFrame(() => {
      if (ref.current) place(ref.current);
    });
    return () => cancelAnimationFrame(id);
  }, [ref, place, key, now]);
}
