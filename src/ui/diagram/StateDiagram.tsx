import { useEffect, useMemo, useRef, useState } from 'react';
import { MarkerType, ReactFlow, ReactFlowProvider, useReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { TERMINAL_STATES, isSimpleMachine, machineEdges, machineStates, readLoop, type StateName } from '../../engine';
import { formatDuration } from '../../i18n';
import { shownView, useSimStore } from '../../store/simStore';
import { useT } from '../useT';
import { GROUP, NODE_H, NODE_W, POSITIONS, handleId, ROUTES } from './layout';
import { GroupNode, StateNode, handleBounds, nodeBorder, type GroupNodeType, type StateNodeType } from './StateNode';
import { TransitionEdge, type TransitionEdgeType } from './TransitionEdge';

const nodeTypes = { taskState: StateNode, activeGroup: GroupNode };
const edgeTypes = { transition: TransitionEdge };

const ICONS: Record<StateName, string> = {
  created: '◇',
  planning: '☰',
  running: '⟳',
  tool_failed: '✗',
  waiting_approval: '⏸',
  completed: '✓',
  failed: '⊗',
  cancelled: '■',
};

const STATES = Object.keys(POSITIONS) as StateName[];
const FIT = { padding: 0.06 };
const isTerminal = (s: StateName) => (TERMINAL_STATES as readonly string[]).includes(s);

/**
 * Each node's size and handles, known from the layout, so React Flow draws the nodes and
 * edges at once rather than hiding them until it has measured them (its way to render
 * without measuring); React Flow sizes the node's box from them too. Handles sit inside a
 * state's border (nodeBorder, which the node also draws with); the group's handles are placed
 * on its outer box.
 */
const SIZED: Record<string, Pick<Node, 'width' | 'height' | 'handles'>> = Object.fromEntries([
  ['active', { width: GROUP.w, height: GROUP.h, handles: handleBounds('active', GROUP.w, GROUP.h, 0) }],
  ...STATES.map((name) => [name, { width: NODE_W, height: NODE_H, handles: handleBounds(name, NODE_W, NODE_H, nodeBorder(isTerminal(name))) }]),
]);

/** Edges of the machine, read once from its definition (they never change). */
function useMachineEdges() {
  const machine = useSimStore((s) => shownView(s).machine);
  return useMemo(() => machineEdges(machine), [machine]);
}

/** Live per-state lines: step n/N on running, the loop against the fuse, the wait. */
function useNodeLines(): Partial<Record<StateName, { lines: string[]; tone?: 'warn' | 'danger' }>> {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const ctx = useSimStore((s) => shownView(s).context);
  return useMemo(() => {
    const total = ctx.plan.steps.length;
    const n = Math.min(ctx.cursor, total);
    const loop = readLoop(ctx.ledger, ctx.cursor, ctx.config);
    const waited = ctx.waitingSince === null ? 0 : ctx.clock - ctx.waitingSince;
    const ended = ctx.ended;
    return {
      planning: { lines: [t('node.plan', { v: Math.max(1, ctx.plan.version) })] },
      running: { lines: [t('node.step', { n, total })] },
      tool_failed: {
        lines: [t('node.loop', { count: loop.count, fuse: ctx.config.fuseAt, stage: t(`stage.${loop.stage}`) })],
        ...(loop.stage === 'fused' ? { tone: 'danger' as const } : loop.stage === 'reminded' ? { tone: 'warn' as const } : {}),
      },
      waiting_approval: { lines: ctx.waitingSince === null ? [] : [t('node.waited', { time: formatDuration(lang, waited) })] },
      ...(ended ? { [ended === 'completed' ? 'completed' : ended === 'cancelled' ? 'cancelled' : 'failed']: { lines: [t(`node.reason.${ended}`)] } } : {}),
    };
  }, [ctx, t, lang]);
}

/** The nodes and edges of the diagram as the run stands, each object kept while unchanged. */
function useDiagram(): { nodes: Node[]; edges: Edge[] } {
  const t = useT();
  const state = useSimStore((s) => shownView(s).state);
  const logLength = useSimStore((s) => shownView(s).logLength);
  const lastRecord = useSimStore((s) => shownView(s).log.at(-1));
  const machineEdgeList = useMachineEdges();
  const lines = useNodeLines();

  // Node objects are kept while their data is unchanged, so React Flow redraws only the
  // node whose counter moved (a tick changes one line of one node).
  const machine = useSimStore((s) => shownView(s).machine);
  const [cache] = useState(() => new Map<string, Node>());
  const [edgeCache] = useState(() => new Map<string, Edge>());
  const nodes = useMemo<Node[]>(() => {
    const group: GroupNodeType = {
      id: 'active',
      type: 'activeGroup',
      position: { x: GROUP.x, y: GROUP.y },
      data: { label: t('state.active') },
      ...SIZED.active,
      zIndex: -1,
      selectable: false,
      focusable: false,
    };
    // The states the machine has: eight, or the simple mode's four (no group of active states).
    const own = new Set(machineStates(machine));
    const states = STATES.filter((name) => own.has(name)).map(
      (name): StateNodeType => ({
        id: name,
        type: 'taskState',
        position: POSITIONS[name],
        ...SIZED[name],
        data: {
          name,
          label: t(`state.${name}`),
          icon: ICONS[name],
          terminal: isTerminal(name),
          active: name === state,
          nowLabel: t('state.now'),
          lines: lines[name]?.lines ?? [],
          ...(lines[name]?.tone ? { tone: lines[name]?.tone } : {}),
        },
      }),
    );
    return [...(isSimpleMachine(machine) ? [] : [group]), ...states].map((n) => {
      const old = cache.get(n.id);
      if (old && JSON.stringify(old.data) === JSON.stringify(n.data)) return old;
      cache.set(n.id, n);
      return n;
    });
  }, [state, lines, t, cache, machine]);

  const lastId = lastRecord && lastRecord.event !== 'RESTORE' ? (lastRecord.event === 'CANCEL' ? 'active-cancelled' : `${lastRecord.from}-${lastRecord.to}`) : null;

  const edges = useMemo<Edge[]>(
    () =>
      machineEdgeList.map((e): TransitionEdgeType => {
        const route = ROUTES[e.id];
        const cond = `edge.cond.${e.id}`;
        const events = e.events.map((ev) => t(`edge.${ev}`)).join(' / ');
        const hasCond = t.has(cond);
        return {
          id: e.id,
          source: e.from,
          target: e.to,
          type: 'transition',
          ...(route ? { sourceHandle: handleId('source', ...route.s), targetHandle: handleId('target', ...route.t) } : {}),
          markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 },
          // Only the edge just taken changes from tick to tick (its pulse restarts the animation).
          data: { from: e.from, to: e.to, label: hasCond ? `${events} · ${t(cond)}` : events, last: e.id === lastId, pulse: e.id === lastId ? logLength : 0 },
          zIndex: e.id === lastId ? 5 : 1,
        };
      }),
    [machineEdgeList, lastId, logLength, t],
  ).map((e) => {
    const old = edgeCache.get(e.id);
    if (old && JSON.stringify(old.data) === JSON.stringify(e.data) && old.zIndex === e.zIndex) return old;
    edgeCache.set(e.id, e);
    return e;
  });
  return { nodes, edges };
}

function Diagram({ nodes, edges }: { nodes: Node[]; edges: Edge[] }) {
  const { fitView } = useReactFlow();
  const box = useRef<HTMLDivElement>(null);

  // Refit on resize: fitView on the component only fits the first render.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => void fitView(FIT));
    ro.observe(el);
    return () => ro.disconnect();
  }, [fitView]);

  return (
    <div ref={box} className="hs-diagram">
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
        fitView
        fitViewOptions={FIT}
        minZoom={0.2}
        proOptions={{ hideAttribution: true }}
        aria-label="state machine"
      />
    </div>
  );
}

/** The machine drawn live from its own definition: read-only, refit on resize. */
export function StateDiagram() {
  const { nodes, edges } = useDiagram();
  // React Flow's store starts with the first nodes and edges (sized, with their handles) and
  // a guess of the box from the window, so they are in the first frame, fitted; the box is
  // measured and the diagram refitted right after.
  const [first] = useState(() => ({ nodes, edges, width: Math.round(window.innerWidth * 0.58), height: Math.max(300, window.innerHeight - 330) }));
  return (
    <ReactFlowProvider initialNodes={first.nodes} initialEdges={first.edges} initialWidth={first.width} initialHeight={first.height} fitView initialFitViewOptions={FIT}>
      <Diagram nodes={nodes} edges={edges} />
    </ReactFlowProvider>
  );
}
