import { describe, expect, it } from 'vitest';
import FIRST from './generated/layouts.json';
import LATER from './generated/layouts.later.json';
import { layoutWithDagre } from './dagreLayout';
import { computeLayout, layoutKey } from './layout';
import { generateLayouts, knownInputs } from './precompute';

describe('the layouts shipped as data', () => {
  it('are exactly what dagre computes for the machines and languages of today (else: npm run layouts)', () => {
    expect({ first: FIRST, later: LATER }).toEqual(generateLayouts());
  });

  it("hold the first screen's in the entry: the eight states, full and compact, both languages", () => {
    expect(Object.keys(FIRST)).toHaveLength(8);
    for (const l of Object.values(FIRST)) expect(Object.keys(l.nodes)).toHaveLength(8);
  });

  it('cover both machines in both languages, the three drawings and both directions', () => {
    const states = knownInputs().map((i) => i.input.states.length);
    // 2 languages x 3 drawings (full, compact, present) of each machine.
    expect(states.sort()).toEqual([...Array(6).fill(4), ...Array(6).fill(8)]);
    expect(Object.keys({ ...FIRST, ...LATER })).toHaveLength(24);
  });

  it('are drawn at once for a known input, with no dagre to load', () => {
    const { input } = knownInputs()[0]!;
    expect(computeLayout(input, 'LR')).toEqual(layoutWithDagre(input, 'LR'));
    expect(computeLayout(input, 'LR')).not.toBeInstanceOf(Promise);
  });

  it('draw the simple mode and presenter mode from their own chunk, with no dagre to load', async () => {
    const later = knownInputs().filter((k) => !k.firstScreen);
    expect(later).toHaveLength(8);
    for (const { input } of later) {
      const laidOut = computeLayout(input, 'TB');
      expect(laidOut).toBeInstanceOf(Promise);
      expect(await laidOut).toEqual(LATER[layoutKey(input, 'TB') as keyof typeof LATER]);
    }
  });

  it('fall back to dagre for an input they lack (a new diagram variant still draws)', async () => {
    const known = knownInputs()[0]!.input;
    const compact = { ...known, node: { w: 96, h: 48 } };
    expect({ ...FIRST, ...LATER }).not.toHaveProperty(layoutKey(compact, 'TB'));
    const laidOut = computeLayout(compact, 'TB');
    expect(laidOut).toBeInstanceOf(Promise);
    expect(await laidOut).toEqual(layoutWithDagre(compact, 'TB'));
  });

  it('are keyed by everything in the input: one label a pixel wider is another key', () => {
    const { input } = knownInputs()[0]!;
    const wider = {
      ...input,
      edges: input.edges.map((e, i) => (i ? e : { ...e, label: { ...e.label, w: e.label.w + 1 } })),
    };
    expect(layoutKey(wider, 'TB')).not.toBe(layoutKey(input, 'TB'));
    expect(layoutKey(input, 'LR')).not.toBe(layoutKey(input, 'TB'));
  });
});
