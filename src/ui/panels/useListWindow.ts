import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { KeyboardEvent, RefObject } from 'react';
import { isWhole, spacers } from './window';

/** Rows drawn beyond each edge of the box, so a keyboard scroll by a line never shows a gap. */
const OVERSCAN = 6;

export interface ListWindow<S extends HTMLElement> {
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
  virtualizer: Virtualizer<S, Element>;
}

/**
 * A windowed list (@tanstack/react-virtual): while it is short (window.ts, WHOLE_UP_TO) every row
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
  // The page is not built with the React Compiler; rows are memoised by hand and get only the
  // virtualizer's stable measureElement, so its unmemoisable API does no harm here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer<S, Element>({
    count,
    getScrollElement: () => box.current,
    estimateSize: () => rowPx,
    overscan: OVERSCAN,
    paddingStart: startPx,
    // The box's size before it is measured: the first frame of a long list already has rows.
    initialRect: { width: 0, height: boxPx },
    // flushSync inside React's commit warns in React 19 and buys nothing here.
    useFlushSync: false,
    // A whole list needs no window: no scroll or resize observers, no re-render on scroll.
    enabled: !whole,
  });
  if (whole) {
    return {
      indexes: Array.from({ length: count }, (_, i) => i),
      windowed: false,
      before: 0,
      after: 0,
      measure: undefined,
      onKeyDown: undefined,
      virtualizer,
    };
  }
  const items = virtualizer.getVirtualItems();
  const gaps = spacers(items, virtualizer.getTotalSize(), startPx);
  // The browser's own Home/End land on estimated heights; rows measured on arrival then move
  // the end. scrollToIndex keeps correcting until the row itself stands at the edge.
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget || (e.key !== 'Home' && e.key !== 'End')) return;
    e.preventDefault();
    virtualizer.scrollToIndex(e.key === 'Home' ? 0 : count - 1, { align: e.key === 'Home' ? 'start' : 'end' });
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
