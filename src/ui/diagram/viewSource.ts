import { createContext, useContext } from 'react';
import { useStore, type StoreApi } from 'zustand';
import { shownView, useSimStore, type Store } from '../../store/simStore';
import type { SimView } from '../../store/view';

/** What a diagram draws from: the page's own run, or one pane of the compare view. */
export type ViewSource = StoreApi<Pick<Store, 'view' | 'preview'>>;

/** A pane of the compare view gives its own source; everything else draws the page's run. */
export const ViewSourceContext = createContext<ViewSource | null>(null);

/** A selection from the view this diagram draws (the previewed checkpoint, if one is selected). */
export function useShownView<T>(select: (v: SimView) => T): T {
  const source = useContext(ViewSourceContext) ?? (useSimStore as unknown as ViewSource);
  return useStore(source, (s) => select(shownView(s)));
}
