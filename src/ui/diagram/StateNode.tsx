import { memo, type CSSProperties } from 'react';
import { Handle, Position, type Node, type NodeHandle, type NodeProps } from '@xyflow/react';
import type { StateName } from '../../engine';
import { handlesOf, type HandleSpec } from './layout';

export interface StateNodeData extends Record<string, unknown> {
  name: StateName;
  label: string;
  icon: string;
  terminal: boolean;
  active: boolean;
  nowLabel: string;
  /** Live counters shown on the node (step n/N, loop 2/3, waited …). */
  lines: string[];
  /** A warning tone for the loop stage (not the only signal: the text says it too). */
  tone?: 'warn' | 'danger';
}

export type StateNodeType = Node<StateNodeData, 'taskState'>;

const SIDE: Record<HandleSpec['side'], Position> = { t: Position.Top, b: Position.Bottom, l: Position.Left, r: Position.Right };

/** The handles' size in px: set here, not in styles.css, because handleBounds places them by it. */
const HANDLE = 6;

function handleStyle(h: HandleSpec): CSSProperties {
  const size = { width: HANDLE, height: HANDLE };
  return h.side === 't' || h.side === 'b' ? { ...size, left: `${h.at}%` } : { ...size, top: `${h.at}%` };
}

/**
 * Where a node's handles are, as React Flow would measure them: centred on the inner edge of
 * the node's `border` (they are placed in its padding box, `handleStyle`), at their percent
 * along the side. Given to React Flow with the node's size, the diagram and its edges are
 * drawn in the first frame instead of after a round of measuring.
 */
export function handleBounds(node: string, width: number, height: number, border: number): NodeHandle[] {
  const w = width - 2 * border;
  const h = height - 2 * border;
  return handlesOf(node).map((spec) => {
    const along = spec.at / 100;
    const cx = border + (spec.side === 'l' ? 0 : spec.side === 'r' ? w : w * along);
    const cy = border + (spec.side === 't' ? 0 : spec.side === 'b' ? h : h * along);
    return { id: spec.id, type: spec.type, position: SIDE[spec.side], x: cx - HANDLE / 2, y: cy - HANDLE / 2, width: HANDLE, height: HANDLE };
  });
}

/** Handles for one node, made once per state (they never change). */
export const NodeHandles = memo(function NodeHandles({ node }: { node: string }) {
  return handlesOf(node).map((h) => (
    <Handle key={h.id} id={h.id} type={h.type} position={SIDE[h.side]} style={handleStyle(h)} isConnectable={false} className="hs-handle" />
  ));
});

/**
 * A state's border width in px: set here on the node, not in styles.css, because the handles'
 * bounds given to React Flow before it measures (StateDiagram's SIZED) sit inside it.
 */
export const nodeBorder = (terminal: boolean): number => (terminal ? 4 : 2);

/** One of the eight states: its name in both forms, an icon, and its live counters. */
export const StateNode = memo(function StateNode({ data }: NodeProps<StateNodeType>) {
  const cls = ['hs-node', `hs-node--${data.name}`, data.active ? 'is-active' : '', data.terminal ? 'is-terminal' : '', data.tone ? `tone-${data.tone}` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={cls}
      style={{ borderWidth: nodeBorder(data.terminal) }}
      data-testid={`state-${data.name}`}
      data-active={data.active ? 'true' : 'false'}
      aria-current={data.active ? 'step' : undefined}
    >
      <NodeHandles node={data.name} />
      <div className="hs-node__head">
        <span className="hs-node__icon" aria-hidden="true">{data.icon}</span>
        <span className="hs-node__label">{data.label}</span>
      </div>
      <code className="hs-node__id">{data.name}</code>
      {data.lines.map((l) => (
        <div className="hs-node__line" key={l}>
          {l}
        </div>
      ))}
      {data.active && <span className="hs-node__now">▶ {data.nowLabel}</span>}
    </div>
  );
});

export interface GroupNodeData extends Record<string, unknown> {
  label: string;
}
export type GroupNodeType = Node<GroupNodeData, 'activeGroup'>;

/** The box around the five active states: CANCEL leaves it once. */
export const GroupNode = memo(function GroupNode({ data }: NodeProps<GroupNodeType>) {
  return (
    <div className="hs-group" data-testid="state-group-active">
      <NodeHandles node="active" />
      <span className="hs-group__label">{data.label}</span>
    </div>
  );
});
