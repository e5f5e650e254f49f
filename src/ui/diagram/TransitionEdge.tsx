import { memo } from 'react';
import { BaseEdge, EdgeLabelRenderer, type Edge, type EdgeProps } from '@xyflow/react';
import { pathThrough, type Point } from './layout';
import { useShownView } from './viewSource';

export interface TransitionEdgeData extends Record<string, unknown> {
  from: string;
  to: string;
  /** The path and the label's centre, from the computed layout. */
  points: Point[];
  labelAt: Point;
  /** The event ids (kept as the machine spells them) and their meaning in words. */
  code: string;
  text: string;
  /** The last transition taken. */
  last: boolean;
  /** A compact drawing: the label is the event's id only, or none for TICK (machineGraph.labelShown). */
  compact?: 'code' | 'none';
  /** Not in the article's figure: this simulator's extension (machineGraph.EXTENSION_EDGES), and why. */
  extension?: string;
}
export type TransitionEdgeType = Edge<TransitionEdgeData, 'transition'>;

/**
 * An edge of the machine along the layout's points: its events as the label, marked when just
 * taken. The last edge reads the log's length itself, so each transition restarts its "just
 * taken" animation while React Flow's edges stay the same objects from tick to tick.
 */
export const TransitionEdge = memo(function TransitionEdge({ id, data, markerEnd }: EdgeProps<TransitionEdgeType>) {
  const last = data?.last === true;
  const pulse = useShownView((v) => (last ? v.logLength : 0));
  if (!data) return null;
  const path = pathThrough(data.points);
  return (
    <g
      data-testid={`edge-${id}`}
      data-last={last ? 'true' : 'false'}
      {...(data.extension ? { 'data-extension': 'true' } : {})}
      className={`hs-edge${last ? ' is-last' : ''}${data.extension ? ' hs-edge--extension' : ''}`}
    >
      {data.extension && <title>{data.extension}</title>}
      <BaseEdge id={id} path={path} markerEnd={markerEnd} />
      {last && <path key={pulse} d={path} className="hs-edge__pulse" fill="none" />}
      {data.compact !== 'none' && (
        <EdgeLabelRenderer>
          <div
            className={`hs-edge__label${last ? ' is-last' : ''}${data.extension ? ' hs-edge__label--extension' : ''}`}
            data-edge={id}
            {...(data.extension ? { title: data.extension } : {})}
            style={{ transform: `translate(${data.labelAt.x}px, ${data.labelAt.y}px) translate(-50%, -50%)` }}
          >
            <code translate="no">{data.code}</code>
            {!data.compact && <span>{data.text}</span>}
          </div>
        </EdgeLabelRenderer>
      )}
    </g>
  );
});
