import { describe, expect, it } from 'vitest';
import SHIPPED from './generated/layouts.json';
import { layoutWithDagre } from './dagreLayout';
import { computeLayout, layoutKey } from './layout';
import { generateLayouts, knownInputs } from './precompute';

describe('the layouts shipped as data', () => {
  it('are exactly what dagre computes for the machines and languages of today (else: npm run layouts)', () => {
    expect(SHIPPED).toEqual(generateLayouts());
  });

  it('cover both machines in both languages, the three drawings and both directions', () => {
    const states = knownInputs().map((i) => i.states.length);
    // 2 languages x 3 drawings (full, compact, present) of each machine.
    expect(states.sort()).toEqual([...Array(6).fill(4), ...Array(6).fill(8)]);
    expect(Object.keys(SHIPPED)).toHaveLength(24);
  });

  it('are drawn at once for a known input, with no dagre to load', () => {
    const input = knownInputs()[0]!;
    expect(computeLayout(input, 'LR')).toEqual(layoutWithDagre(input, 'LR'));
    expect(computeLayout(input, 'LR')).not.toBeInstanceOf(Promise);
  });

  it('fall back to dagre for an input they lack (a new diagram variant still draws)', async () => {
    const known = knownInputs()[0]!;
    const compact = { ...known, node: { w: 96, h: 48 } };
    expect(SHIPPED).not.toHaveProperty(layoutKey(compact, 'TB'));
    const laidOut = computeLayout(compact, 'TB');
    expect(laidOut).toBeInstanceOf(Promise);
    expect(await laidOut).toEqual(layoutWithDagre(compact, 'TB'));
  });

  it('are keyed by everything in the input: one label a pixel wider is another key', () => {
    const input = knownInputs()[0]!;
    const wider = {
      ...input,
      edges: input.edges.map((e, i) => (i ? e : { ...e, label: { ...e.label, w: e.label.w + 1 } })),
    };
    expect(layoutKey(wider, 'TB')).not.toBe(layoutKey(input, 'TB'));
    expect(layoutKey(input, 'LR')).not.toBe(layoutKey(input, 'TB'));
  });
});
