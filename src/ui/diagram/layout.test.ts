import { describe, expect, it } from 'vitest';
import { translate, type MessageKey, type Params, type Said } from '../../i18n';
import { DICTIONARIES } from '../../i18n/all';
import type { T } from '../useT';
import { FULL, SIMPLE } from './__fixtures__/machines';
import { layoutWithDagre as computeLayout } from './dagreLayout';
import { overlaps, type Box, type Layout, viewportFor } from './layout';
import { edgeTexts, groupOf, layoutInput, type DiagramSpec } from './machineGraph';
import { estimate } from './measure';

const tOf = (lang: 'zh' | 'en'): T =>
  Object.assign((k: Said, p?: Params) => translate(lang, k, p), {
    has: (k: string): k is MessageKey => k in DICTIONARIES[lang],
  });
const specOf = (m: typeof FULL | typeof SIMPLE, finals: string[]): DiagramSpec => ({
  states: m.states,
  finals,
  edges: m.edges.map((e) => ({ id: e.id, from: e.from, to: e.to, events: [e.text.split(' ')[0]!] })),
});
const MACHINES = [
  ['the eight-state machine', specOf(FULL, ['completed', 'failed', 'cancelled'])],
  ['the four-state simple mode', specOf(SIMPLE, ['completed', 'failed'])],
] as const;

const labelBox = (l: Layout['edges'][string]['label']): Box => ({ x: l.x - l.w / 2, y: l.y - l.h / 2, w: l.w, h: l.h });

describe.each(MACHINES)('the layout of %s', (_, spec) => {
  for (const [lang, dir, variant] of (['zh', 'en'] as const).flatMap((l) =>
    (['TB', 'LR'] as const).flatMap((d) => (['full', 'compact', 'present'] as const).map((v) => [l, d, v] as const)),
  )) {
    {
      const t = tOf(lang);
      const layout = computeLayout(layoutInput(spec, edgeTexts(spec, t), t, estimate, variant), dir);

      it(`places every state and every edge (${lang}, ${dir}, ${variant})`, () => {
        expect(Object.keys(layout.nodes).sort()).toEqual([...spec.states].sort());
        expect(Object.keys(layout.edges).sort()).toEqual(spec.edges.map((e) => e.id).sort());
        for (const e of Object.values(layout.edges)) expect(e.points.length).toBeGreaterThanOrEqual(2);
      });

      it(`keeps every label off every node and every other label (${lang}, ${dir}, ${variant})`, () => {
        const labels = Object.entries(layout.edges).map(([id, e]) => [id, labelBox(e.label)] as const);
        for (const [id, l] of labels)
          for (const [name, n] of Object.entries(layout.nodes)) expect(overlaps(l, n), `${id} on ${name}`).toBe(false);
        for (let i = 0; i < labels.length; i++)
          for (let j = i + 1; j < labels.length; j++)
            expect(overlaps(labels[i]![1], labels[j]![1]), `${labels[i]![0]} on ${labels[j]![0]}`).toBe(false);
      });

      it(`keeps no two states on top of each other, all inside the drawing (${lang}, ${dir}, ${variant})`, () => {
        const nodes = Object.values(layout.nodes);
        for (let i = 0; i < nodes.length; i++)
          for (let j = i + 1; j < nodes.length; j++) expect(overlaps(nodes[i]!, nodes[j]!)).toBe(false);
        for (const n of nodes)
          expect(n.x >= 0 && n.y >= 0 && n.x + n.w <= layout.width && n.y + n.h <= layout.height).toBe(true);
      });
    }
  }
});

describe('the group of active states', () => {
  it('exists only for a machine with a root transition (CANCEL), around its non-final states', () => {
    expect(groupOf(MACHINES[0][1])?.members).toEqual([
      'created',
      'planning',
      'running',
      'tool_failed',
      'waiting_approval',
    ]);
    expect(groupOf(MACHINES[1][1])).toBeUndefined();
  });

  it('holds its members and none of the final states; CANCEL starts on its border', () => {
    const spec = MACHINES[0][1];
    const t = tOf('zh');
    const layout = computeLayout(layoutInput(spec, edgeTexts(spec, t), t, estimate), 'TB');
    const g = layout.group!;
    const inside = (b: Box) => b.x >= g.x && b.y >= g.y && b.x + b.w <= g.x + g.w && b.y + b.h <= g.y + g.h;
    for (const m of groupOf(spec)!.members) expect(inside(layout.nodes[m]!), m).toBe(true);
    for (const f of spec.finals) expect(overlaps(layout.nodes[f]!, g), f).toBe(false);
    const start = layout.edges['active-cancelled']!.points[0]!;
    const onBorder = Math.min(
      Math.abs(start.x - g.x),
      Math.abs(start.x - g.x - g.w),
      Math.abs(start.y - g.y),
      Math.abs(start.y - g.y - g.h),
    );
    // A path's points are rounded to the whole pixel (dagreLayout.ts).
    expect(onBorder).toBeLessThanOrEqual(0.5);
  });
});

describe('the direction', () => {
  const spec = MACHINES[0][1];
  const t = tOf('zh');
  const input = layoutInput(spec, edgeTexts(spec, t), t, estimate);
  const both = [computeLayout(input, 'TB'), computeLayout(input, 'LR')];

  it('is the one that draws largest in the box: left to right in a wide strip, top down in a tall box', async () => {
    const { pickLayout } = await import('./layout');
    expect(pickLayout(both, 2400, 700).layout.dir).toBe('LR');
    expect(pickLayout(both, 840, 700).layout.dir).toBe('TB');
    expect(pickLayout(both, 370, 900).layout.dir).toBe('TB');
  });
});

describe('the compact drawing', () => {
  const spec = MACHINES[0][1];
  for (const lang of ['zh', 'en'] as const) {
    const t = tOf(lang);
    const full = computeLayout(layoutInput(spec, edgeTexts(spec, t), t, estimate), 'TB');
    const compact = computeLayout(layoutInput(spec, edgeTexts(spec, t), t, estimate, 'compact'), 'TB');

    it(`fits a 366 px phone column with its smallest text (20 px) at 12 px or more (${lang})`, () => {
      // The full drawing's 14 px labels come out near 5 px there: this is what the variant is for.
      expect((366 / full.width) * 14).toBeLessThan(12);
      expect(Math.min(366 / compact.width, 520 / compact.height) * 20).toBeGreaterThanOrEqual(12);
    });

    it(`labels only the named events, and has no group box (${lang})`, () => {
      const drawn = Object.entries(compact.edges).filter(([, e]) => e.label.w > 1);
      expect(drawn.map(([id]) => id).sort()).toEqual(
        spec.edges
          .filter((e) => e.events[0] !== 'TICK')
          .map((e) => e.id)
          .sort(),
      );
      expect(compact.group).toBeUndefined();
    });
  }
});

describe('the viewport of a drawing', () => {
  it('holds the whole layout (nodes, labels, paths), centred, as large as its box allows', () => {
    const v = viewportFor({ width: 400, height: 800 }, { w: 390, h: 500 });
    // Height decides: 800 into 500.
    expect(v.zoom).toBeCloseTo(500 / 800, 6);
    expect(v.y).toBeCloseTo((500 - 800 * v.zoom) / 2, 6);
    expect(v.x).toBeCloseTo((390 - 400 * v.zoom) / 2, 6);
    expect(v.x).toBeGreaterThan(0);
  });

  it('does not blow a small layout up past 1.25x', () => {
    expect(viewportFor({ width: 100, height: 100 }, { w: 1000, h: 1000 }).zoom).toBe(1.25);
  });
});
