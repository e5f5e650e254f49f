import type { Virtualizer, VirtualizerOptions } from '@tanstack/virtual-core';
import { useEffect, useLayoutEffect, useMemo, useReducer, useSyncExternalStore } from 'react';

type Core = typeof import('@tanstack/virtual-core');

/**
 * @tanstack/virtual-core, loaded the first time a list grows past what is drawn whole: a 40-step
 * run never needs it, so it is not in the first screen's bundle. `null` until it has arrived;
 * `'failed'` if the chunk could not be fetched (the list is then drawn whole).
 */
let core: Core | 'failed' | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadCore(): Promise<void> {
  loading ??= import('@tanstack/virtual-core').then(
    (m) => {
      core = m;
      listeners.forEach((l) => l());
    },
    () => {
      core = 'failed';
      listeners.forEach((l) => l());
    },
  );
  return loading;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const getCore = () => core;

/** What a list gives the virtualizer; the element-scroll functions come with the core. */
type ListVirtualizerOptions<S extends Element> = Omit<
  VirtualizerOptions<S, Element>,
  'observeElementRect' | 'observeElementOffset' | 'scrollToFn' | 'onChange'
>;

/**
 * The core's Virtualizer bound to React as @tanstack/react-virtual binds it (an instance kept for
 * the component's life, re-rendered on change, mounted and updated in layout effects), but with
 * the core fetched lazily: that adapter imports it statically, which puts it in the first bundle.
 * Returns `null` while disabled or loading, `'failed'` if the core cannot be loaded.
 */
export function useLazyVirtualizer<S extends Element>(
  options: ListVirtualizerOptions<S>,
): Virtualizer<S, Element> | 'failed' | null {
  const enabled = options.enabled !== false;
  const mod = useSyncExternalStore(subscribe, getCore, getCore);
  useEffect(() => {
    if (enabled) void loadCore();
  }, [enabled]);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const ready = mod !== null && mod !== 'failed' ? mod : null;
  const full = useMemo(
    () =>
      ready && {
        observeElementRect: ready.observeElementRect,
        observeElementOffset: ready.observeElementOffset,
        scrollToFn: ready.elementScroll,
      },
    [ready],
  );
  // One instance for the component's life once the core is here (the adapter's useState).
  const instance = useMemo(() => {
    if (!ready || !full) return null;
    const v = new ready.Virtualizer<S, Element>({ ...full, ...options, onChange: rerender });
    // A row above the view measured taller or shorter than its estimate is the browser's to
    // compensate (CSS scroll anchoring, which carries a scroll still animating along), not the
    // core's: its correction wrote the offset of the last scroll event it had seen, and a PageDown
    // or a wheel still animating on a busy page went back to where it began (e2e/lists.spec.ts).
    // Safari has no scroll anchoring: there such a row moves the view by its difference.
    v.shouldAdjustScrollPositionOnItemSizeChange = () => false;
    return v;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- options are applied below on every render
  }, [ready, full]);
  if (instance && full) instance.setOptions({ ...full, ...options, onChange: rerender });
  useLayoutEffect(() => instance?._didMount(), [instance]);
  useLayoutEffect(() => instance?._willUpdate());
  if (mod === 'failed') return 'failed';
  return enabled ? instance : null;
}
