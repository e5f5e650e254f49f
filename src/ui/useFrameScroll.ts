import { useEffect, type RefObject } from 'react';

/**
 * Scrolls a box as `place` says whenever `key` changes, at the start of the next frame rather
 * than inside React's commit: reading a size there (scrollHeight, offsetTop) forces a layout
 * of its own on every tick, while in the frame's requestAnimationFrame it is the layout the
 * browser does anyway before painting. `place` should be a module-level function.
 */
export function useFrameScroll<T extends HTMLElement>(
  ref: RefObject<T | null>,
  place: (box: T) => void,
  key: unknown,
): void {
  useEffect(() => {
    const id = requestAnimationFrame(() => {
      if (ref.current) place(ref.current);
    });
    return () => cancelAnimationFrame(id);
  }, [ref, place, key]);
}
