import type { StateName } from '../../engine';
import type { T } from '../useT';
import type { LayoutInput } from './layout';
import type { Measure } from './measure';

/** A machine as the diagram needs it, plain data (the page reads it off the machine, tests pass fixtures). */
export interface DiagramSpec {
  states: readonly string[];
  /** Final states: drawn with a double border, outside the group. */
  finals: readonly string[];
  /** `from` is a state, or `active` for a transition of the machine's root (CANCEL). */
  edges: readonly { id: string; from: string; to: string; events: readonly string[] }[];
}

/** An edge's label: the event ids as the machine names them, and what it means in words. */
export interface EdgeText {
  code: string;
  text: string;
}

/**
 * Sizes in px, shared with styles.css (.hs-node, .hs-edge__label): the layout must know each
 * box before it is drawn.
 */
export const NODE_TEXT = { head: 16, id: 16, line: 16, padX: 8, border: 4, icon: 22, gap: 6 };
export const NODE_H = 80;
export const LABEL_TEXT = { px: 14, padX: 6, h: 40 };

export const GROUP_ID = 'active';

/** The group of the machine's active states, when the machine has root transitions. */
export function groupOf(spec: DiagramSpec): LayoutInput['group'] {
  if (!spec.edges.some((e) => e.from === GROUP_ID)) return undefined;
  return { id: GROUP_ID, members: spec.states.filter((s) => !spec.finals.includes(s)) };
}

/** Each edge's label in the page's language. */
export function edgeTexts(spec: DiagramSpec, t: T): Record<string, EdgeText> {
  return Object.fromEntries(
    spec.edges.map((e) => {
      const cond = `edge.cond.${e.id}`;
      const text = t.has(cond)
        ? t(cond)
        : e.events
            .map((ev) => {
              const key = `edge.${ev}`;
              return t.has(key) ? t(key) : ev;
            })
            .join(' / ');
      return [e.id, { code: e.events.join(' / '), text }];
    }),
  );
}

/**
 * Everything the layout needs: one node size for all states (the widest of their texts, the
 * longest live line included), and each label's box.
 */
export function layoutInput(spec: DiagramSpec, texts: Record<string, EdgeText>, t: T, measure: Measure): LayoutInput {
  const n = NODE_TEXT;
  const samples = [
    t('node.step', { n: 888, total: 888 }),
    t('node.loop', { count: 3, fuse: 3, stage: t('stage.reminded') }),
    t('node.plan', { v: 88 }),
    t('node.reason.completed'),
    t('node.reason.retries_exhausted'),
  ];
  const widest = Math.max(
    ...spec.states.map((s) => n.icon + n.gap + measure(t(`state.${s as StateName}`), 'ui', n.head, 700)),
    ...spec.states.map((s) => measure(s, 'mono', n.id)),
    ...samples.map((l) => measure(l, 'ui', n.line, 600)),
  );
  const w = Math.ceil(Math.min(210, Math.max(140, widest + 2 * (n.padX + n.border) + 4)));
  return {
    states: spec.states,
    node: { w, h: NODE_H },
    ...(groupOf(spec) ? { group: groupOf(spec)! } : {}),
    edges: spec.edges.map((e) => {
      const tx = texts[e.id]!;
      const lw = Math.max(measure(tx.code, 'mono', LABEL_TEXT.px), measure(tx.text, 'ui', LABEL_TEXT.px));
      return {
        id: e.id,
        from: e.from,
        to: e.to,
        label: { w: Math.ceil(lw + 2 * LABEL_TEXT.padX + 6), h: LABEL_TEXT.h },
      };
    }),
  };
}
