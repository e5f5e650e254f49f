import { isSimpleMachine, machineEdges, type StateName, type TaskMachine } from '../../engine';
import type { T } from '../translator';
import type { LayoutInput } from './layout';
import type { Measure } from './measure';

/** A machine as the diagram needs it, plain data (the page reads it off the machine, tests pass fixtures). */
export interface DiagramSpec {
  states: readonly string[];
  /** Final states: drawn with a double border, outside the group. */
  finals: readonly string[];
  /** `from` is a state, or `active` for a transition of the machine's root (CANCEL). */
  edges: readonly { id: string; from: string; to: string; events: readonly string[] }[];
  /** The four-state simple mode: its states are named as the article names them (待跑 / 在跑 / 完成 / 失败). */
  simple?: boolean;
}

/**
 * A state's name on the diagram: the eight states by their usual names; the simple mode's four by
 * the article's three-plus-one (pending / running / done + failed), as its captions name them.
 */
export function stateLabel(spec: Pick<DiagramSpec, 'simple'>, s: string, t: T): string {
  const key = `${spec.simple ? 'simpleState' : 'state'}.${s}`;
  return t.has(key) ? t(key) : t(`state.${s as StateName}`);
}

/** The machine as plain data: its states (final ones marked) and its edges (engine/graph.ts). */
export function specOf(machine: TaskMachine): DiagramSpec {
  const states = Object.keys(machine.root.states);
  const finals = states.filter((s) => machine.root.states[s]?.type === 'final');
  return { states, finals, edges: machineEdges(machine), ...(isSimpleMachine(machine) ? { simple: true } : {}) };
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

/**
 * The compact variants, phones (`compact`) and presenter mode (`present`): a node holds its name
 * (a two-word name may take two lines) and one counter, only the edges of a named event (not
 * TICK) carry a label, their id, and there is no group box, so the drawing is small against its
 * text: a phone keeps every text at 12 px or more, a projector its names at 24 px or more.
 * Sizes in px, shared with styles.css (.hs-diagram--compact).
 */
export const COMPACT_TEXT = {
  compact: { head: 24, headLine: 28, line: 20, lineH: 24, label: 20 },
  present: { head: 28, headLine: 32, line: 18, lineH: 22, label: 18 },
};
const COMPACT_PAD = { x: 8, y: 3, border: 2, labelX: 5 };

/** Which drawing of the machine: every text, or a compact one for a phone or a projector. */
export type DiagramVariant = 'full' | 'compact' | 'present';

/** The compact drawings draw CANCEL from this state: they have no group box to leave. */
export const CANCEL_FROM = 'running';

/** Whether an edge's label is drawn: always in the full drawing, only for a named event in a compact one. */
export const labelShown = (variant: DiagramVariant, code: string): boolean => variant === 'full' || code !== 'TICK';

export const GROUP_ID = 'active';

/**
 * Edges this simulator adds to the article's machine: the replan loop-back (running → planning)
 * for dynamic plans. The article's figure has two loop-backs; the diagram draws this one dashed.
 */
export const EXTENSION_EDGES: ReadonlySet<string> = new Set(['running-planning']);

/** The group of the machine's active states, when the machine has root transitions. */
export function groupOf(spec: DiagramSpec): LayoutInput['group'] {
  if (!spec.edges.some((e) => e.from === GROUP_ID)) return undefined;
  return { id: GROUP_ID, members: spec.states.filter((s) => !spec.finals.includes(s)) };
}

/** An event's words on an edge, or its id when the dictionary has none. */
export function eventText(t: T, ev: string): string {
  const key = `edge.${ev}`;
  return t.has(key) ? t(key) : ev;
}

/** Each edge's label in the page's language. */
export function edgeTexts(spec: DiagramSpec, t: T): Record<string, EdgeText> {
  return Object.fromEntries(
    spec.edges.map((e) => {
      const cond = `edge.cond.${e.id}`;
      const text = t.has(cond) ? t(cond) : e.events.map((ev) => eventText(t, ev)).join(' / ');
      return [e.id, { code: e.events.join(' / '), text }];
    }),
  );
}

/**
 * Everything the layout needs: one node size for all states (the widest of their texts, the
 * longest live line included), and each label's box.
 */
export function layoutInput(
  spec: DiagramSpec,
  texts: Record<string, EdgeText>,
  t: T,
  measure: Measure,
  variant: DiagramVariant = 'full',
): LayoutInput {
  if (variant !== 'full') return compactInput(spec, texts, t, measure, variant);
  const n = NODE_TEXT;
  const samples = [
    t('node.step', { n: 888, total: 888 }),
    t('node.loop', { count: 3, fuse: 3, stage: t('stage.reminded') }),
    t('node.plan', { v: 88 }),
    t('node.reason.completed'),
    t('node.reason.retries_exhausted'),
    t('node.waited', { time: '88 分钟' }),
  ];
  const widest = Math.max(
    ...spec.states.map((s) => n.icon + n.gap + measure(stateLabel(spec, s, t), 'ui', n.head, 700)),
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
      // Measured bold: the label of the transition just taken is drawn bold (styles.css .is-last).
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

/** A compact drawing's boxes: the name (bold, wrapped at a space if it must), one counter, labels of named events. */
function compactInput(
  spec: DiagramSpec,
  texts: Record<string, EdgeText>,
  t: T,
  measure: Measure,
  variant: 'compact' | 'present',
): LayoutInput {
  const n = COMPACT_TEXT[variant];
  const p = COMPACT_PAD;
  const name = (s: string) => measure(stateLabel(spec, s, t), 'ui', n.head, 700);
  const word = (s: string) =>
    Math.max(
      ...stateLabel(spec, s, t)
        .split(' ')
        .map((w) => measure(w, 'ui', n.head, 700)),
    );
  const inner = Math.max(
    ...spec.states.map(word),
    measure(t('node.step', { n: 88, total: 88 }), 'ui', n.line, 600),
    measure(t('node.loopShort', { count: 3, fuse: 3 }), 'ui', n.line, 600),
    measure(t('node.waitedShort', { time: '10:59' }), 'ui', n.line, 600),
  );
  const nameLines = spec.states.some((s) => name(s) > inner + 1) ? 2 : 1;
  const has = spec.states.includes(CANCEL_FROM);
  return {
    states: spec.states,
    node: {
      w: Math.ceil(inner + 2 * (p.x + p.border) + 2),
      h: nameLines * n.headLine + n.lineH + 2 * (p.y + p.border),
    },
    edges: spec.edges.map((e) => {
      const code = texts[e.id]!.code;
      return {
        id: e.id,
        from: e.from === GROUP_ID && has ? CANCEL_FROM : e.from,
        to: e.to,
        label: labelShown(variant, code)
          ? { w: Math.ceil(measure(code, 'mono', n.label) + 2 * p.labelX + 4), h: Math.ceil(n.label * 1.3) + 2 }
          : { w: 1, h: 1 }, // not drawn; a 0-size label makes dagre's coordinates NaN
      };
    }),
  };
}
