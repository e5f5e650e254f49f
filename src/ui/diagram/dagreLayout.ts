import { graphlib, layout as dagreLayout } from '@dagrejs/dagre';
import type { Box, Layout, LayoutInput, Point } from './layoutTypes';

/**
 * The diagram's layout, computed by dagre from whatever machine it is given (its states and
 * edges), not placed by hand: each edge label is a box in the layout, so dagre keeps it off
 * every node and every other label (the issue-12 e2e measures that). elkjs would do the same,
 * but its bundle (1.6 MB) is three times the whole app; dagre is ~50 kB. The page ships the
 * layouts it knows as data (layouts.json) and loads this file only for an input it lacks.
 */

/** Room kept around the group's members for its own caption. */
const GROUP_PAD = { side: 16, top: 34 };

/** Lays the machine out top-to-bottom or left-to-right. */
export function layoutWithDagre(input: LayoutInput, dir: 'TB' | 'LR'): Layout {
  const g = new graphlib.Graph({ compound: !!input.group, multigraph: true });
  // Tight separations: at 1366x768 the drawing must stay large enough for 12 px node text.
  g.setGraph({ rankdir: dir, nodesep: 10, ranksep: 18, edgesep: 6, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const s of input.states) g.setNode(s, { width: input.node.w, height: input.node.h });
  const group = input.group;
  if (group) {
    g.setNode(group.id, {});
    for (const m of group.members) g.setParent(m, group.id);
  }
  // dagre cannot route an edge from a group: the group's edge is laid out from its member
  // nearest the centre, then drawn from where that path leaves the group's box.
  const groupSource = group ? (group.members[Math.floor(group.members.length / 2)] ?? group.members[0]) : undefined;
  for (const e of input.edges) {
    const from = group && e.from === group.id ? groupSource! : e.from;
    g.setEdge(from, e.to, { width: e.label.w, height: e.label.h, labelpos: 'c' }, e.id);
  }
  dagreLayout(g);

  const nodes: Record<string, Box> = {};
  for (const s of input.states) {
    const n = g.node(s);
    nodes[s] = { x: n.x - n.width / 2, y: n.y - n.height / 2, w: n.width, h: n.height };
  }
  let groupBox: Box | undefined;
  if (group) {
    // dagre's box of the cluster, grown to keep room for the group's caption above its members.
    const c = g.node(group.id);
    const members = group.members.map((m) => nodes[m]!);
    const x = Math.min(c.x - c.width / 2, ...members.map((b) => b.x - GROUP_PAD.side));
    const y = Math.min(c.y - c.height / 2, ...members.map((b) => b.y - GROUP_PAD.top));
    const r = Math.max(c.x + c.width / 2, ...members.map((b) => b.x + b.w + GROUP_PAD.side));
    const b = Math.max(c.y + c.height / 2, ...members.map((b) => b.y + b.h + GROUP_PAD.side));
    groupBox = { x, y, w: r - x, h: b - y };
  }
  const edges: Layout['edges'] = {};
  for (const e of input.edges) {
    const from = group && e.from === group.id ? groupSource! : e.from;
    const ge = g.edge(from, e.to, e.id) as { points: Point[]; x: number; y: number };
    const label = { x: ge.x, y: ge.y, w: e.label.w, h: e.label.h };
    const points =
      e.from === e.to
        ? selfLoop(nodes[e.from]!, label)
        : groupBox && e.from === group?.id
          ? fromBoxExit(ge.points, groupBox)
          : ge.points;
    edges[e.id] = { points, label };
  }
  // Everything inside one frame starting at 0,0 (the group's box can reach past dagre's).
  const all = [...Object.values(nodes), ...(groupBox ? [groupBox] : [])];
  const labels = input.edges.map((e) => edges[e.id]!.label);
  const minX = Math.min(...all.map((b) => b.x), ...labels.map((l) => l.x - l.w / 2)) - 8;
  const minY = Math.min(...all.map((b) => b.y), ...labels.map((l) => l.y - l.h / 2)) - 8;
  const maxX = Math.max(...all.map((b) => b.x + b.w), ...labels.map((l) => l.x + l.w / 2)) + 8;
  const maxY = Math.max(...all.map((b) => b.y + b.h), ...labels.map((l) => l.y + l.h / 2)) + 8;
  const shift = (p: Point): Point => ({ x: p.x - minX, y: p.y - minY });
  const shiftBox = (b: Box): Box => ({ ...b, ...shift(b) });
  // A path's points to the whole pixel: invisible in the drawing, a quarter of the layouts' bytes.
  const onPixel = (p: Point): Point => ({ x: Math.round(p.x - minX), y: Math.round(p.y - minY) });
  return {
    dir,
    width: maxX - minX,
    height: maxY - minY,
    nodes: Object.fromEntries(Object.entries(nodes).map(([k, b]) => [k, shiftBox(b)])),
    ...(groupBox ? { group: shiftBox(groupBox) } : {}),
    edges: Object.fromEntries(
      Object.entries(edges).map(([k, e]) => [
        k,
        { points: e.points.map(onPixel), label: { ...e.label, ...shift(e.label) } },
      ]),
    ),
  };
}

/**
 * A self-loop's path: out of the node's side that faces its label and back in, bending just
 * short of the label (dagre keeps the label's box beside the node; its own loop points do
 * not follow a compound graph's frame).
 */
export function selfLoop(node: Box, label: Point & { w: number; h: number }): Point[] {
  const cx = node.x + node.w / 2;
  const cy = node.y + node.h / 2;
  const horizontal = Math.abs(label.x - cx) / node.w >= Math.abs(label.y - cy) / node.h;
  if (horizontal) {
    const side = label.x > cx ? node.x + node.w : node.x;
    const reach = label.x > cx ? label.x - label.w / 2 - 2 : label.x + label.w / 2 + 2;
    return [
      { x: side, y: cy - node.h * 0.3 },
      { x: reach, y: cy - node.h * 0.45 },
      { x: reach, y: cy + node.h * 0.45 },
      { x: side, y: cy + node.h * 0.3 },
    ];
  }
  const side = label.y > cy ? node.y + node.h : node.y;
  const reach = label.y > cy ? label.y - label.h / 2 - 2 : label.y + label.h / 2 + 2;
  return [
    { x: cx - node.w * 0.3, y: side },
    { x: cx - node.w * 0.4, y: reach },
    { x: cx + node.w * 0.4, y: reach },
    { x: cx + node.w * 0.3, y: side },
  ];
}

/** The part of a path after it leaves a box (the CANCEL edge starts on the group's border). */
export function fromBoxExit(points: Point[], box: Box): Point[] {
  const inside = (p: Point) => p.x >= box.x && p.x <= box.x + box.w && p.y >= box.y && p.y <= box.y + box.h;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (inside(a) && !inside(b)) {
      // Walk the segment to the border (a few halvings are exact enough for a drawing).
      let lo = 0;
      let hi = 1;
      for (let k = 0; k < 20; k++) {
        const mid = (lo + hi) / 2;
        if (inside({ x: a.x + (b.x - a.x) * mid, y: a.y + (b.y - a.y) * mid })) lo = mid;
        else hi = mid;
      }
      return [{ x: a.x + (b.x - a.x) * hi, y: a.y + (b.y - a.y) * hi }, ...points.slice(i)];
    }
  }
  return points;
}
