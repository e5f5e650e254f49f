/**
 * The minimal app the real page is measured against (bench/browser.ts): the same runtime
 * dependencies doing the least that still uses each one. React (StrictMode, createRoot) renders
 * a React Flow diagram of 8 nodes and a few edges, one highlighted; XState creates and starts one
 * actor, which a button steps; zustand holds what the page shows; idb-keyval reads and writes one
 * key. Plain `createElement` rather than JSX, so tsconfig.node.json (which includes bench/) checks
 * it as it is.
 */
/// <reference types="vite/client" />
import { StrictMode, createElement as h, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { ReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { createActor, setup } from 'xstate';
import { create } from 'zustand';
import { get, set } from 'idb-keyval';

const machine = setup({ types: { events: {} as { type: 'NEXT' } } }).createMachine({
  id: 'minimal',
  initial: 'idle',
  states: { idle: { on: { NEXT: 'busy' } }, busy: { on: { NEXT: 'idle' } } },
});

interface Store {
  state: string;
  /** Transitions taken: the diagram highlights one of its 8 states by it, so a press redraws React Flow. */
  moves: number;
  visits: number | null;
}
const useStore = create<Store>(() => ({ state: 'idle', moves: 0, visits: null }));

const actor = createActor(machine);
actor.subscribe((snapshot) => useStore.setState((s) => ({ state: String(snapshot.value), moves: s.moves + 1 })));
actor.start();

void get<number>('visits')
  .then((n) => {
    const visits = (n ?? 0) + 1;
    useStore.setState({ visits });
    return set('visits', visits);
  })
  .catch(() => useStore.setState({ visits: -1 }));

const NAMES = ['created', 'planning', 'running', 'tool_failed', 'waiting_approval', 'completed', 'failed', 'cancelled'];
const nodes: Node[] = NAMES.map((name, i) => ({
  id: name,
  position: { x: (i % 4) * 200, y: Math.floor(i / 4) * 150 },
  data: { label: name },
}));
const edges: Edge[] = [
  ['created', 'planning'],
  ['planning', 'running'],
  ['running', 'tool_failed'],
  ['tool_failed', 'running'],
  ['running', 'waiting_approval'],
  ['running', 'completed'],
  ['tool_failed', 'failed'],
  ['running', 'cancelled'],
].map(([source, target]) => ({
  id: `${source}-${target}`,
  source: source as string,
  target: target as string,
  label: 'TICK',
}));

const ACTIVE = { outline: '3px solid #1f6feb' };

function App() {
  const state = useStore((s) => s.state);
  const moves = useStore((s) => s.moves);
  const visits = useStore((s) => s.visits);
  const active = NAMES[moves % NAMES.length];
  const shown = useMemo(() => nodes.map((n) => (n.id === active ? { ...n, style: ACTIVE } : n)), [active]);
  // The test ids let bench/browser.ts time a press to screen here as on the real page.
  return h(
    'div',
    { style: { height: '100%', display: 'flex', flexDirection: 'column' } },
    h(
      'p',
      { style: { margin: 8 }, 'data-testid': 'current-step' },
      `state: ${state} · moves: ${moves} · visits: ${visits ?? '…'}`,
    ),
    h('button', { type: 'button', 'data-testid': 'btn-step', onClick: () => actor.send({ type: 'NEXT' }) }, 'next'),
    h('div', { style: { flex: 1 } }, h(ReactFlow, { nodes: shown, edges, fitView: true, nodesDraggable: false })),
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(h(StrictMode, null, h(App)));
