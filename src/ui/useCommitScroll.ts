import { useLayoutEffect, type RefObject } from 'react';

/**
 * Scrolls a box as `place` says whenever `key` changes, right after React's commit. Reading a
 * size there (scrollHeight, offsetTop) lays the page out at once rather than in the next frame;
 * it is the same layout (nothing writes to the page between the commit and that frame), but
 * done while the page waits for the frame instead of inside it, where it adds to every tick's
 * time to screen (about 1 ms of the median at 40 steps: `npm run bench -- browser`). `place`
 * should be a module-level function or a memoised one.
 */
export function useCommitScroll<T extends HTMLElement>(
  ref: RefObject<T | null>,
  place: (box: T) => void,
  key: unknown,
): void {
  useLayoutEffect(() => {
    if (ref.current) place(ref.current);
  }, [ref, place, key]);
}
