/** The layout's data: what it is given and what it returns (plain data, so it can ship precomputed). */

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface Point {
  x: number;
  y: number;
}

/** What the layout needs, as plain data (a test passes a fixture; the page reads the machine). */
export interface LayoutInput {
  states: readonly string[];
  /** `from` is a state, or `group` for a transition of the machine's root (CANCEL). */
  edges: readonly { id: string; from: string; to: string; label: { w: number; h: number } }[];
  node: { w: number; h: number };
  /** The states inside the group box, if the machine has root transitions. */
  group?: { id: string; members: readonly string[] };
}

export interface Layout {
  dir: 'TB' | 'LR';
  width: number;
  height: number;
  /** Top-left corner and size of each state, and of the group. */
  nodes: Record<string, Box>;
  group?: Box;
  /** Each edge's path and its label's box (centre and size). */
  edges: Record<string, { points: Point[]; label: Point & { w: number; h: number } }>;
}
