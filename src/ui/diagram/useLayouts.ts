import { useEffect, useMemo, useState } from 'react';
import { useT } from '../useT';
import { computeLayout, type Layout } from './layout';
import { edgeTexts, layoutInput, specOf, type DiagramSpec, type DiagramVariant } from './machineGraph';
import { estimate } from './measure';
import { useShownView } from './viewSource';

/**
 * Both directions of the layout for the shown machine in the page's language: at once when
 * they were generated at build time, else once dagre has computed them (null until then).
 */
export function useLayouts(variant: DiagramVariant): {
  spec: DiagramSpec;
  layouts: Layout[] | null;
  texts: ReturnType<typeof edgeTexts>;
} {
  const t = useT();
  const machine = useShownView((v) => v.machine);
  const spec = useMemo(() => specOf(machine), [machine]);
  const { texts, known, pending } = useMemo(() => {
    const texts = edgeTexts(spec, t);
    const input = layoutInput(spec, texts, t, estimate, variant);
    const both = [computeLayout(input, 'TB'), computeLayout(input, 'LR')];
    const known = both.every((l) => !(l instanceof Promise)) ? (both as Layout[]) : null;
    return { texts, known, pending: known ? null : Promise.all(both) };
  }, [spec, t, variant]);
  const [computed, setComputed] = useState<{ of: Promise<Layout[]>; layouts: Layout[] } | null>(null);
  useEffect(() => {
    if (!pending) return;
    let live = true;
    void pending.then((layouts) => live && setComputed({ of: pending, layouts }));
    return () => void (live = false);
  }, [pending]);
  return { spec, texts, layouts: known ?? (computed && computed.of === pending ? computed.layouts : null) };
}
