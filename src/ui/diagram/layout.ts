import type { StateName } from '../../engine';

/**
 * Where the states stand, as in the article's figure: the main line created → planning →
 * running → completed across the middle, the tool_failed loop below running and the
 * waiting_approval loop above it, the terminals in a column on the right, and the five active
 * states inside one group so that CANCEL leaves the group once.
 */
export const NODE_W = 224;
export const NODE_H = 104;

export const POSITIONS: Record<StateName, { x: number; y: number }> = {
  created: { x: 0, y: 210 },
  planning: { x: 270, y: 210 },
  running: { x: 610, y: 210 },
  waiting_approval: { x: 610, y: 0 },
  tool_failed: { x: 610, y: 420 },
  cancelled: { x: 1010, y: 0 },
  completed: { x: 1010, y: 210 },
  failed: { x: 1010, y: 420 },
};

export const GROUP = { x: -24, y: -44, w: 892, h: 612 };

/** A handle: side (t, b, l, r) and where along the side, in percent. */
export interface HandleSpec {
  id: string;
  side: 't' | 'b' | 'l' | 'r';
  at: number;
  type: 'source' | 'target';
}

interface Route {
  s: [side: HandleSpec['side'], at: number];
  t: [side: HandleSpec['side'], at: number];
  /** Control points of a hand-made cubic, relative to source and target; else a bezier. */
  c?: [dx1: number, dy1: number, dx2: number, dy2: number];
  /** Where the label sits along the path (0..1). */
  labelAt?: number;
  /** Which side of that point the label stands on (so labels of parallel edges do not meet). */
  labelSide?: 'left' | 'right';
}

/** How each edge of SPEC §2 is routed, by edge id `from-to` (the machine gives the edges). */
export const ROUTES: Record<string, Route> = {
  'created-planning': { s: ['r', 50], t: ['l', 50] },
  'planning-running': { s: ['r', 60], t: ['l', 60] },
  'running-completed': { s: ['r', 50], t: ['l', 50] },
  // The simple mode's own edges (no planning state between, no tool_failed on the way to failed).
  'created-running': { s: ['r', 40], t: ['l', 40] },
  'running-failed': { s: ['r', 80], t: ['l', 30] },
  'running-tool_failed': { s: ['b', 30], t: ['t', 30], labelSide: 'left' },
  'tool_failed-running': { s: ['t', 70], t: ['b', 70], labelSide: 'right' },
  'running-waiting_approval': { s: ['t', 70], t: ['b', 70], labelSide: 'right' },
  'waiting_approval-running': { s: ['b', 30], t: ['t', 30], labelSide: 'left' },
  'waiting_approval-tool_failed': { s: ['l', 50], t: ['l', 50], c: [-130, 0, -130, 0], labelAt: 0.22, labelSide: 'left' },
  'running-planning': { s: ['l', 22], t: ['r', 22], c: [-50, -60, 50, -60] },
  'tool_failed-failed': { s: ['r', 50], t: ['l', 50] },
  'running-running': { s: ['r', 82], t: ['b', 92], c: [70, 10, 10, 70], labelAt: 0.5 },
  'waiting_approval-waiting_approval': { s: ['t', 92], t: ['r', 18], c: [10, -70, 70, -10], labelAt: 0.5 },
  'active-cancelled': { s: ['r', 7], t: ['l', 45] },
};

export const handleId = (type: 'source' | 'target', side: string, at: number) => `${type[0]}-${side}${at}`;

/** Every handle a node needs, from the routes of the edges at it. */
export function handlesOf(node: string): HandleSpec[] {
  const out: HandleSpec[] = [];
  for (const [id, r] of Object.entries(ROUTES)) {
    const [from, to] = id.split('-') as [string, string];
    if (from === node) out.push({ id: handleId('source', r.s[0], r.s[1]), side: r.s[0], at: r.s[1], type: 'source' });
    if (to === node) out.push({ id: handleId('target', r.t[0], r.t[1]), side: r.t[0], at: r.t[1], type: 'target' });
  }
  return out;
}
