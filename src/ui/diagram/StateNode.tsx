import { memo } from 'react';
import { Handle, Position, type Node, type NodeHandle, type NodeProps } from '@xyflow/react';
import { Icon } from '../icons';
import { useNodeLines } from './nodeLines';

export interface StateNodeData extends Record<string, unknown> {
  name: string;
  label: string;
  terminal: boolean;
  active: boolean;
  nowLabel: string;
  /** A compact drawing (phone, projector): the name and its counter only. */
  compact?: boolean;
}

export type StateNodeType = Node<StateNodeData, 'taskState'>;

/** The handles' size in px: set here, not in styles.css, because handleBounds places them by it. */
const HANDLE = 6;
const CENTRE = { width: HANDLE, height: HANDLE, left: '50%', top: '50%', transform: 'translate(-50%, -50%)' };

/**
 * A node's two handles, as React Flow would measure them: one of each type, at its centre
 * (edges are drawn along the layout's own points, TransitionEdge; React Flow only needs a
 * handle at each end). Given with the node's size, the diagram is drawn in the first frame.
 */
export function handleBounds(width: number, height: number): NodeHandle[] {
  const at = { x: width / 2 - HANDLE / 2, y: height / 2 - HANDLE / 2, width: HANDLE, height: HANDLE };
  return [
    { id: 'in', type: 'target', position: Position.Top, ...at },
    { id: 'out', type: 'source', position: Position.Bottom, ...at },
  ];
}

/**
 * Each node's two handles at its centre, where the laid-out edges start and end; the diagram
 * connects nothing. (Plain elements with React Flow's classes once stood here as a speed device;
 * three A/B runs read within the noise, so React Flow's own <Handle> is back: docs/design/speed.md.)
 */
const NodeHandles = memo(function NodeHandles() {
  return (
    <>
      <Handle
        type="target"
        id="in"
        position={Position.Top}
        className="hs-handle"
        style={CENTRE}
        isConnectable={false}
      />
      <Handle
        type="source"
        id="out"
        position={Position.Bottom}
        className="hs-handle"
        style={CENTRE}
        isConnectable={false}
      />
    </>
  );
});

/**
 * One state: an icon and its name in words, its id, its live counters (step n/N, loop 2/3,
 * waited …, read by the node itself: nodeLines.ts) and a warning tone for the loop stage (not the
 * only signal: the text says it too); marked "now" when active.
 */
export const StateNode = memo(function StateNode({ data }: NodeProps<StateNodeType>) {
  const { lines, tone } = useNodeLines(data.name, data.compact === true);
  const cls = [
    'hs-node',
    `hs-node--${data.name}`,
    data.active ? 'is-active' : '',
    data.terminal ? 'is-terminal' : '',
    tone ? `tone-${tone}` : '',
    data.compact ? 'is-compact' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={cls}
      data-testid={`state-${data.name}`}
      data-active={data.active ? 'true' : 'false'}
      aria-current={data.active ? 'step' : undefined}
    >
      <NodeHandles />
      {data.compact ? <CompactBody data={data} lines={lines} /> : <FullBody data={data} lines={lines} />}
    </div>
  );
});

/** The compact node: its name (the outline marks the current one; a reader hears "now"), its counter. */
function CompactBody({ data, lines }: { data: StateNodeData; lines: string[] }) {
  return (
    <>
      <span className="hs-node__label">
        {data.label}
        {data.active && <span className="hs-sr"> {data.nowLabel}</span>}
      </span>
      {/* Keyed by place: a counter that moves is new text in the same element, not a new element. */}
      {lines.map((l, i) => (
        <div className="hs-node__line" key={i}>
          {l}
        </div>
      ))}
    </>
  );
}

/** The full node: icon and name, the state's id, its live lines. */
function FullBody({ data, lines }: { data: StateNodeData; lines: string[] }) {
  return (
    <>
      <div className="hs-node__head">
        {/* The current state: its icon turns to a "now" mark (besides the outline), and says so in words to a reader. */}
        <Icon
          name={data.active ? 'now' : data.name}
          className={data.active ? 'hs-node__icon hs-node__now' : 'hs-node__icon'}
        />
        <span className="hs-node__label">{data.label}</span>
        {data.active && <span className="hs-sr">{data.nowLabel}</span>}
      </div>
      <code className="hs-node__id" translate="no">
        {data.name}
      </code>
      {lines.map((l, i) => (
        <div className="hs-node__line" key={i} title={l}>
          {l}
        </div>
      ))}
    </>
  );
}

export interface GroupNodeData extends Record<string, unknown> {
  label: string;
}
export type GroupNodeType = Node<GroupNodeData, 'activeGroup'>;

/** The box around the active states: CANCEL leaves it once. */
export const GroupNode = memo(function GroupNode({ data }: NodeProps<GroupNodeType>) {
  return (
    <div className="hs-group" data-testid="state-group-active">
      <NodeHandles />
      <span className="hs-group__label">{data.label}</span>
    </div>
  );
});
