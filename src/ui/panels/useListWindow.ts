import type { Virtualizer } from '@tanstack/virtual-core';
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { useLazyVirtualizer } from './useLazyVirtualizer';
import { isWhole, spacers } from './window';

/** Rows drawn beyond each edge of the box, so a keyboard scroll by a line never shows a gap. */
const OVERSCAN = 6;
/** The most frames Home or End keeps pinning the box while arriving rows change its height (a second). */
const PIN_FRAMES = 60;
/** Frames the box's height must hold still before Home or End lets go. */
const STILL_FRAMES = 3;
/** What the student does to a box that ends a Home or End pin (keys end it in onKeyDown). */
const INPUTS = ['wheel', 'pointerdown', 'touchstart'] as const;

interface ListWindow<S extends HTMLElement> {
  /** The indexes to draw, in order. */
  indexes: number[];
  /** Whether only some rows are drawn: rows then carry their position (`data-index`, aria). */
  windowed: boolean;
  /** Space above the first drawn row and below the last, in px (0 while the list is whole). */
  before: number;
  after: number;
  /** Give to each drawn row (with `data-index`) so its real height replaces the estimate. */
  measure: ((el: Element | null) => void) | undefined;
  /** Give to the box: Home and End reach the first and the last row of a windowed list. */
  onKeyDown: ((e: KeyboardEvent<HTMLElement>) => void) | undefined;
  /** The virtualizer of a windowed list; null while the list is whole or the core is on its way. */
  virtualizer: Virtualizer<S, Element> | null;
}

/**
 * A windowed list (@tanstack/virtual-core, useLazyVirtualizer.ts): while it is short (window.ts, WHOLE_UP_TO) every row
 * is drawn, as before, so the UI contract's hooks count rows exactly; a longer list draws only
 * the rows in its box plus OVERSCAN, and spacers keep the scroll height of all of them.
 * `box` is the element that scrolls, `rowPx` a row's estimated height, `boxPx` the box's, and
 * `startPx` the height of anything above the first row inside the box (a table's sticky header).
 */
export function useListWindow<S extends HTMLElement>(
  box: RefObject<S | null>,
  count: number,
  rowPx: number,
  boxPx: number,
  startPx = 0,
): ListWindow<S> {
  const whole = isWhole(count);
  // Lets go of the pin of a Home or End still running: the student's next key, wheel or touch wins.
  const letGo = useRef<() => void>(() => {});
  // A list gone mid-pin (a view closed) stops pinning at once.
  useEffect(() => () => letGo.current(), []);
  const v = useLazyVirtualizer<S>({
    count,
    getScrollElement: () => box.current,
    estimateSize: () => rowPx,
    overscan: OVERSCAN,
    paddingStart: startPx,
    // The box's size before it is measured: the first frame of a long list already has rows.
    initialRect: { width: 0, height: boxPx },
    // A whole list needs no window: no scroll or resize observers, no re-render on scroll.
    enabled: !whole,
  });
  // Whole, or the core could not be fetched: every row, as a short list is drawn.
  if (whole || v === 'failed') {
    return {
      indexes: Array.from({ length: count }, (_, i) => i),
      windowed: false,
      before: 0,
      after: 0,
      measure: undefined,
      onKeyDown: undefined,
      virtualizer: null,
    };
  }
  // The core on its way (a few ms, once a page): the rows the box shows first, at estimated heights.
  if (v === null) {
    const shown = Math.min(count, Math.ceil(boxPx / rowPx) + OVERSCAN);
    return {
      indexes: Array.from({ length: shown }, (_, i) => i),
      windowed: true,
      before: 0,
      after: (count - shown) * rowPx,
      measure: undefined,
      onKeyDown: undefined,
      virtualizer: null,
    };
  }
  const virtualizer = v;
  const items = virtualizer.getVirtualItems();
  const gaps = spacers(items, virtualizer.getTotalSize(), startPx);
  // Home and End pin the box to its top or bottom, natively, frame after frame until its height
  // holds still for three frames: the rows that arrive are measured and move the end. (The
  // virtualizer's own scrollToIndex re-aims only when its target moves, so a write clamped by a
  // list not yet grown left End short of the last row, once in a fresh-clone run.)
  // Any other key, a wheel, a pointer or a touch lets go at once: PageDown pressed while Home still
  // pinned the top was undone frame after frame (a CI run, where the frames came slowly).
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    letGo.current();
    const el = box.current;
    if (!el || e.target !== e.currentTarget || (e.key !== 'Home' && e.key !== 'End')) return;
    e.preventDefault();
    const toEnd = e.key === 'End';
    let height = -1;
    let still = 0;
    let frames = 0;
    let frame = 0;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const type of INPUTS) el.removeEventListener(type, stop);
      letGo.current = () => {};
    };
    const pin = () => {
      el.scrollTop = toEnd ? el.scrollHeight - el.clientHeight : 0;
      still = el.scrollHeight === height ? still + 1 : 0;
      height = el.scrollHeight;
      if (still < STILL_FRAMES && ++frames < PIN_FRAMES) frame = requestAnimationFrame(pin);
      else stop();
    };
    for (const type of INPUTS) el.addEventListener(type, stop, { passive: true });
    letGo.current = stop;
    pin();
  };
  return {
    indexes: items.map((i) => i.index),
    windowed: true,
    ...gaps,
    measure: virtualizer.measureElement,
    onKeyDown,
    virtualizer,
  };
}
