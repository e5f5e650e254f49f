import { memo } from 'react';
import { BaseEdge, EdgeLabelRenderer, getBezierPath, type Edge, type EdgeProps } from '@xyflow/react';
import { ROUTES } from './layout';

export interface TransitionEdgeData extends Record<string, unknown> {
  from: string;
  to: string;
  label: string;
  /** The last transition taken. */
  last: boolean;
  /** Changes on every transition, so the "just taken" animation restarts. */
  pulse: number;
}
export type TransitionEdgeType = Edge<TransitionEdgeData, 'transition'>;

function cubicAt(t: number, p0: number, p1: number, p2: number, p3: number) {
  const u = 1 - t;
  return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3;
}

/** An edge of the machine: its events as the label, marked and animated when just taken. */
export const TransitionEdge = memo(function TransitionEdge(props: EdgeProps<TransitionEdgeType>) {
  const { id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, markerEnd } = props;
  const route = ROUTES[id];
  let path: string;
  let lx: number;
  let ly: number;
  if (route?.c) {
    const [dx1, dy1, dx2, dy2] = route.c;
    const c1x = sourceX + dx1;
    const c1y = sourceY + dy1;
    const c2x = targetX + dx2;
    const c2y = targetY + dy2;
    path = `M${sourceX},${sourceY} C${c1x},${c1y} ${c2x},${c2y} ${targetX},${targetY}`;
    const t = route.labelAt ?? 0.5;
    lx = cubicAt(t, sourceX, c1x, c2x, targetX);
    ly = cubicAt(t, sourceY, c1y, c2y, targetY);
  } else {
    [path, lx, ly] = getBezierPath({ sourceX, sourceY, sourcePosition, targetX, targetY, targetPosition });
  }
  const last = data?.last ?? false;
  const side = route?.labelSide === 'left' ? 'translate(calc(-100% - 6px), -50%)' : route?.labelSide === 'right' ? 'translate(6px, -50%)' : 'translate(-50%, -50%)';
  return (
    <g data-testid={`edge-${id}`} data-last={last ? 'true' : 'false'} className={last ? 'hs-edge is-last' : 'hs-edge'}>
      <BaseEdge id={id} path={path} markerEnd={markerEnd} />
      {last && <path key={data?.pulse} d={path} className="hs-edge__pulse" fill="none" />}
      <EdgeLabelRenderer>
        <div className={last ? 'hs-edge__label is-last' : 'hs-edge__label'} style={{ transform: `translate(${lx}px, ${ly}px) ${side}` }}>
          {data?.label}
        </div>
      </EdgeLabelRenderer>
    </g>
  );
});
