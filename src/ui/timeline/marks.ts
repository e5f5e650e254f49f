import type { TimelineEvent, TimelineMark } from '../../engine';

/** What a mark on the timeline says (ui-contract `timeline-mark`'s `data-kind`). */
export type MarkKind = 'checkpoint' | 'failure' | 'approval' | 'crash' | 'stop';

/** One mark on the timeline's track. */
export interface TrackMark {
  kind: MarkKind;
  /** The event it marks (-1: where the timeline begins). */
  event: number;
  /** Where on the track, from 0 (its beginning) to 1 (the newest event). */
  at: number;
  /** What the engine noted at that event (its finer kind: approve, reject, timeout…), or `stop`. */
  detail: TimelineMark | 'stop';
}

/** The engine's marks the track shows, and as what; the rest (a fault, a restart, time passed) are not marked. */
const KIND: Partial<Record<TimelineMark, MarkKind>> = {
  checkpoint: 'checkpoint',
  failure: 'failure',
  'approval-request': 'approval',
  approve: 'approval',
  reject: 'approval',
  crash: 'crash',
  timeout: 'crash',
};

/** Drawn in this order, so a failure or a crash sits over the checkpoint written at the same event. */
const ORDER: readonly MarkKind[] = ['checkpoint', 'approval', 'failure', 'crash', 'stop'];

/**
 * Where an event sits on a track whose positions run from -1 (the beginning) to `count - 1`
 * (the newest event): 0 at the beginning, 1 at the newest.
 */
export const placeOf = (event: number, count: number): number => (count <= 0 ? 0 : (event + 1) / count);

/**
 * The marks of a run's timeline: its events' checkpoints, failures, approvals and crashes, and a
 * lesson's stops (`stops`, each the event it ended at). A long run would put thousands of marks
 * on a track a few hundred pixels wide, so each kind keeps at most one mark per `cells`-th of
 * the track (the first event in it); a stop is always kept (a lesson has a few), and so is the
 * newest event's (where the run stands now).
 */
export function marksOf(
  events: readonly TimelineEvent[],
  stops: readonly { event: number }[] = [],
  cells = 160,
): TrackMark[] {
  const count = events.length;
  const cellOf = (event: number) => Math.min(cells - 1, Math.floor(placeOf(event, count) * cells));
  const taken = new Set<string>();
  const once = new Set<string>();
  const byKind = new Map<MarkKind, TrackMark[]>();
  const add = (m: TrackMark, always: boolean) => {
    const key = `${m.kind}:${cellOf(m.event)}`;
    const here = `${m.kind}@${m.event}`;
    if ((!always && taken.has(key)) || (m.kind !== 'stop' && once.has(here))) return;
    taken.add(key);
    once.add(here);
    const list = byKind.get(m.kind) ?? [];
    list.push(m);
    byKind.set(m.kind, list);
  };
  for (const e of events) {
    for (const mark of e.marks) {
      const kind = KIND[mark];
      if (kind) add({ kind, event: e.index, at: placeOf(e.index, count), detail: mark }, e.index === count - 1);
    }
  }
  for (const s of stops) {
    if (s.event < -1 || s.event >= count) continue;
    add({ kind: 'stop', event: s.event, at: placeOf(s.event, count), detail: 'stop' }, true);
  }
  return ORDER.flatMap((k) => byKind.get(k) ?? []);
}
