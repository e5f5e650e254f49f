import { memo, type CSSProperties } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
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

function handleStyle(h: HandleSpec): CSSProperties {
  return h.side === 't' || h.side === 'b' ? { left: `${h.at}%` } : { top: `${h.at}%` };
}

/** Handles for one node, made once per state (they never change). */
export const NodeHandles = memo(function NodeHandles({ node }: { node: string }) {
  return handlesOf(node).map((h) => (
    <Handle key={h.id} id={h.id} type={h.type} position={SIDE[h.side]} style={handleStyle(h)} isConnectable={false} className="hs-handle" />
  ));
});

/** One of the eight states: its name in both forms, an icon, and its live counters. */
export const StateNode = memo(function StateNode({ data }: NodeProps<StateNodeType>) {
  const cls = ['hs-node', `hs-node--${data.name}`, data.active ? 'is-active' : '', data.terminal ? 'is-terminal' : '', data.tone ? `tone-${data.tone}` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cls} data-testid={`state-${data.name}`} data-active={data.active ? 'true' : 'false'} aria-current={data.active ? 'step' : undefined}>
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
