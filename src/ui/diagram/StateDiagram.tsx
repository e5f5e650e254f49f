import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { MarkerType, ReactFlow, ReactFlowProvider, type Edge, type Node, type Viewport } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import './compact.css';
import { useShownView } from './viewSource';
import { useT } from '../useT';
import { pickLayout, viewportFor, type Layout } from './layout';
import { useLayouts } from './useLayouts';
import { useMedia } from '../useMedia';
import {
  CANCEL_FROM,
  EXTENSION_EDGES,
  GROUP_ID,
  edgeTexts,
  labelShown,
  stateLabel,
  type DiagramSpec,
  type DiagramVariant,
} from './machineGraph';
import { readFrameSize, type Size } from './frameSize';
import { GroupNode, StateNode, handleBounds, type GroupNodeType, type StateNodeType } from './StateNode';
import { TransitionEdge, type TransitionEdgeType } from './TransitionEdge';

const nodeTypes = { taskState: StateNode, activeGroup: GroupNode };
const edgeTypes = { transition: TransitionEdge };
const PRO = { hideAttribution: true };

/**
 * A node's size, given to React Flow as already measured: whole pixels (what it reads back,
 * offsetWidth, is whole), with its handles, so the first frame draws the edges where they end
 * (React Flow's server-side rendering guide does the same). Its observer's first pass still
 * re-measures each node and finds the same; a patch that skipped that pass was within the noise
 * (docs/design/speed.md, Removed).
 */
function sized(w: number, h: number) {
  const [width, height] = [Math.round(w), Math.round(h)];
  return { width, height, measured: { width, height }, handles: handleBounds(width, height) };
}

/** A phone's width: the compact drawing keeps its text at 12 px or more (layout.css gives it a taller box). */
export const PHONE = '(max-width: 599px)';

/** The edge a log line took, as the diagram marks it; none for a restore. */
const lastEdgeOf = (r: { event: string; from: string; to: string } | undefined): string | null =>
  r && r.event !== 'RESTORE' ? (r.event === 'CANCEL' ? `${GROUP_ID}-cancelled` : `${r.from}-${r.to}`) : null;

/**
 * The nodes and edges of the diagram as the run stands, each object kept while unchanged. Only
 * the current state and the last edge are in them: a node's live counters and the last edge's
 * pulse are read by the node and the edge themselves (StateNode, TransitionEdge), so a tick
 * that moves a counter hands React Flow the same arrays and it does no work of its own.
 */
function useDiagram(
  layout: Layout,
  spec: DiagramSpec,
  texts: ReturnType<typeof edgeTexts>,
  variant: DiagramVariant,
): { nodes: Node[]; edges: Edge[] } {
  const t = useT();
  const state = useShownView((v) => v.state);
  const lastId = useShownView((v) => lastEdgeOf(v.log.at(-1)));

  // Recomputed only when the state, the layout or the words change: a tick's counters are read
  // by the nodes themselves (nodeLines.ts), so a tick redraws no node object.
  const nodes = useMemo<Node[]>(() => {
    const out: Node[] = [];
    if (layout.group) {
      const g = layout.group;
      const group: GroupNodeType = {
        id: GROUP_ID,
        type: 'activeGroup',
        position: { x: g.x, y: g.y },
        ...sized(g.w, g.h),
        data: { label: t('state.active') },
        zIndex: -1,
        selectable: false,
        focusable: false,
      };
      out.push(group);
    }
    for (const name of spec.states) {
      const b = layout.nodes[name]!;
      const node: StateNodeType = {
        id: name,
        type: 'taskState',
        position: { x: b.x, y: b.y },
        ...sized(b.w, b.h),
        data: {
          name,
          label: stateLabel(spec, name, t),
          terminal: spec.finals.includes(name),
          active: name === state,
          nowLabel: t('state.now'),
          ...(variant !== 'full' ? { compact: true } : {}),
        },
      };
      out.push(node);
    }
    return out;
  }, [layout, spec, state, t, variant]);

  const edges = useMemo<Edge[]>(() => {
    const out = spec.edges.map((e): TransitionEdgeType => {
      const at = layout.edges[e.id]!;
      return {
        id: e.id,
        // A compact drawing has no group box: CANCEL leaves from CANCEL_FROM (machineGraph).
        source: e.from === GROUP_ID && !layout.group ? CANCEL_FROM : e.from,
        target: e.to,
        sourceHandle: 'out',
        targetHandle: 'in',
        type: 'transition',
        ariaLabel: t('diagram.edge', {
          from: e.from === GROUP_ID ? t('state.active') : stateLabel(spec, e.from, t),
          to: stateLabel(spec, e.to, t),
          text: texts[e.id]!.text,
        }),
        markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 },
        // Only the edges whose "last" mark moves change when the run takes another transition.
        data: {
          from: e.from,
          to: e.to,
          points: at.points,
          labelAt: at.label,
          ...texts[e.id]!,
          ...(EXTENSION_EDGES.has(e.id) ? { extension: t('edge.extension') } : {}),
          last: e.id === lastId,
          ...(variant === 'full' ? {} : { compact: labelShown(variant, texts[e.id]!.code) ? 'code' : 'none' }),
        },
        zIndex: e.id === lastId ? 5 : 1,
      };
    });
    return out;
  }, [spec, layout, texts, lastId, t, variant]);
  return { nodes, edges };
}

function Diagram({
  nodes,
  edges,
  viewport,
  label,
}: {
  nodes: Node[];
  edges: Edge[];
  viewport: Viewport;
  label: string;
}) {
  const t = useT();
  // React Flow's own screen-reader texts, in the page's language.
  const aria = useMemo(
    () => ({
      'node.a11yDescription.default': t('diagram.nodeHelp'),
      'node.a11yDescription.keyboardDisabled': t('diagram.nodeHelp'),
      'edge.a11yDescription.default': t('diagram.edgeHelp'),
      'handle.ariaLabel': t('diagram.handle'),
    }),
    [t],
  );
  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      nodesDraggable={false}
      nodesConnectable={false}
      elementsSelectable={false}
      nodesFocusable={false}
      edgesFocusable={false}
      panOnDrag={false}
      zoomOnScroll={false}
      zoomOnPinch={false}
      zoomOnDoubleClick={false}
      preventScrolling={false}
      // The whole layout in its box (viewportFor), set from the layout and the box's size: no
      // fitView, which would wait for the nodes to be measured and fit them alone.
      viewport={viewport}
      minZoom={0.2}
      proOptions={PRO}
      aria-label={label}
      ariaLabelConfig={aria}
    />
  );
}

/**
 * The machine drawn live from its own definition, laid out (at build time, or by dagre) in
 * the direction that draws it largest in its box: read-only, refit on resize. `variant` is the
 * page mode's (presenter mode's `present`, an embed's `compact`); without one a phone gets the
 * compact drawing and anything wider the full one.
 */
export const StateDiagram = memo(function StateDiagram({
  variant: asked,
  onLaidOut,
}: { variant?: DiagramVariant; onLaidOut?: (laidOut: boolean) => void } = {}) {
  const phone = useMedia(PHONE);
  const variant: DiagramVariant = asked ?? (phone ? 'compact' : 'full');
  const { spec, layouts, texts } = useLayouts(variant);
  // The page is ready only with its state nodes there (ui-contract): at once for a generated
  // layout, after dagre for one that is not.
  const laidOut = layouts !== null;
  useEffect(() => onLaidOut?.(laidOut), [laidOut, onLaidOut]);
  const box = useRef<HTMLDivElement>(null);
  // The page's own drawing (no variant asked: full, or compact on a phone, in a box of the same
  // size) starts at the size of the box index.html painted (frameSize.ts). Without it a phone
  // committed an empty box and mounted the whole drawing in a second, synchronous render from
  // the layout effect below: one long task (Lighthouse mobile; speed device: docs/design/speed.md).
  const [size, setSize] = useState<Size | null>(() => (asked === undefined ? readFrameSize() : null));
  const framed = useRef(size !== null);
  // A box with no size from the frame is measured before the first paint (a layout effect), so
  // the first frame is drawn in the direction and at the scale it keeps: nothing shifts once it
  // is shown. With the frame's size, that read would lay the page out once more before the
  // frame does; the observer's first report comes after the frame's own layout, and a size the
  // same as the frame's changes nothing.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const read = (r: { width: number; height: number }) =>
      setSize((old) =>
        old && Math.abs(old.w - r.width) < 1 && Math.abs(old.h - r.height) < 1 ? old : { w: r.width, h: r.height },
      );
    if (!framed.current) read(el.getBoundingClientRect());
    const ro = new ResizeObserver(() => read(el.getBoundingClientRect()));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return (
    <div
      ref={box}
      className={variant === 'full' ? 'hs-diagram' : `hs-diagram hs-diagram--compact hs-diagram--${variant}`}
      data-dir={layouts ? pickLayout(layouts, size?.w ?? 800, size?.h ?? 600).layout.dir : undefined}
      data-variant={variant}
    >
      {size && layouts && <Drawing spec={spec} texts={texts} layouts={layouts} size={size} variant={variant} />}
    </div>
  );
});

/** The diagram in the direction that draws it largest in its box. */
function Drawing({
  spec,
  texts,
  layouts,
  size,
  variant,
}: {
  spec: DiagramSpec;
  texts: ReturnType<typeof edgeTexts>;
  layouts: Layout[];
  size: Size;
  variant: DiagramVariant;
}) {
  const t = useT();
  const layout = pickLayout(layouts, size.w, size.h).layout;
  const { nodes, edges } = useDiagram(layout, spec, texts, variant);
  const viewport = useMemo(() => viewportFor(layout, size), [layout, size]);
  return (
    <ReactFlowProvider initialNodes={nodes} initialEdges={edges} initialWidth={size.w} initialHeight={size.h}>
      <Diagram nodes={nodes} edges={edges} viewport={viewport} label={t('diagram.label')} />
    </ReactFlowProvider>
  );
}
