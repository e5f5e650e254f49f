import { DICTIONARIES } from '../../i18n';
import { SCENARIOS, machineFor, type Lang } from '../../engine';
import { translatorFor } from '../translator';
import { layoutWithDagre } from './dagreLayout';
import { layoutKey, type Layout, type LayoutInput } from './layout';
import { edgeTexts, layoutInput, specOf, type DiagramVariant } from './machineGraph';
import { estimate } from './measure';

/**
 * The layouts the page ships as data (generated/layouts.json): every machine the scenarios
 * run (the eight states, the simple mode's four) in each language and drawing (full; compact
 * for phones and embeds; presenter mode's), both directions. Run by
 * `npm run layouts`; layouts.test.ts checks the file still equals what this computes.
 */
export function knownInputs(): LayoutInput[] {
  const variants: DiagramVariant[] = ['full', 'compact', 'present'];
  const inputs = SCENARIOS.flatMap((scenario) =>
    (Object.keys(DICTIONARIES) as Lang[]).flatMap((lang) => {
      const t = translatorFor(lang);
      const spec = specOf(machineFor(scenario));
      return variants.map((variant) => layoutInput(spec, edgeTexts(spec, t), t, estimate, variant));
    }),
  );
  // Scenarios share a machine's shape: one input each.
  return [...new Map(inputs.map((i) => [JSON.stringify(i), i])).values()];
}

/** Each known input's layout in both directions, by layoutKey. */
export function generateLayouts(): Record<string, Layout> {
  const out: Record<string, Layout> = {};
  for (const input of knownInputs())
    for (const dir of ['TB', 'LR'] as const) out[layoutKey(input, dir)] = layoutWithDagre(input, dir);
  return out;
}
