import { DICTIONARIES } from '../../i18n/all';
import { SCENARIOS, machineFor, type Lang } from '../../engine';
import { translatorFor } from '../translator';
import { layoutWithDagre } from './dagreLayout';
import { layoutKey, type Layout, type LayoutInput } from './layout';
import { edgeTexts, layoutInput, specOf, type DiagramVariant } from './machineGraph';
import { estimate } from './measure';

/** One input the page may lay out, and whether the first screen can need it. */
export interface KnownInput {
  input: LayoutInput;
  /**
   * The eight-state machine, full or compact: what a page opens on. The simple mode's machine
   * and presenter mode's drawing are asked for in the address, and their layouts load then.
   */
  firstScreen: boolean;
}

/**
 * The layouts the page ships as data (generated/layouts*.json): every machine the scenarios
 * run (the eight states, the simple mode's four) in each language and drawing (full; compact
 * for phones and embeds; presenter mode's), both directions. Run by
 * `npm run layouts`; layouts.test.ts checks the files still equal what this computes.
 * Speed device: docs/design/speed.md.
 */
export function knownInputs(): KnownInput[] {
  const variants: DiagramVariant[] = ['full', 'compact', 'present'];
  const inputs = SCENARIOS.flatMap((scenario) =>
    (Object.keys(DICTIONARIES) as Lang[]).flatMap((lang) => {
      const t = translatorFor(lang);
      const spec = specOf(machineFor(scenario));
      return variants.map((variant) => ({
        input: layoutInput(spec, edgeTexts(spec, t), t, estimate, variant),
        firstScreen: !scenario.simple && variant !== 'present',
      }));
    }),
  );
  // Scenarios share a machine's shape: one input each.
  return [...new Map(inputs.map((i) => [JSON.stringify(i.input), i])).values()];
}

/** Each known input's layout in both directions, by layoutKey: those a first screen needs, and the rest. */
export function generateLayouts(): { first: Record<string, Layout>; later: Record<string, Layout> } {
  const out = { first: {} as Record<string, Layout>, later: {} as Record<string, Layout> };
  for (const { input, firstScreen } of knownInputs())
    for (const dir of ['TB', 'LR'] as const)
      out[firstScreen ? 'first' : 'later'][layoutKey(input, dir)] = layoutWithDagre(input, dir);
  return out;
}
