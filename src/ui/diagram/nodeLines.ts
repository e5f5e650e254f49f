import { useMemo } from 'react';
import { loopOf } from '../../engine';
import { formatDuration } from '../../i18n';
import { useSimStore } from '../../store/simStore';
import { useShownView } from './viewSource';
import { useT } from '../useT';

export type NodeLines = Partial<Record<string, { lines: string[]; tone?: 'warn' | 'danger' }>>;

/** A wait as h:mm, short enough for a compact node in either language. */
const hoursMinutes = (ms: number): string => {
  const m = Math.floor(ms / 60_000);
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
};

/**
 * Live per-state lines: step n/N on running, the loop against the fuse, the wait. A compact
 * drawing keeps one short counter, and only where it is not zero.
 */
export function useNodeLines(compact = false): NodeLines {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const ctx = useShownView((v) => v.context);
  return useMemo(() => {
    const total = ctx.plan.steps.length;
    const n = Math.min(ctx.cursor, total);
    const loop = loopOf(ctx);
    const waited = ctx.waitingSince === null ? 0 : ctx.clock - ctx.waitingSince;
    const ended = ctx.ended;
    const tone =
      loop.stage === 'fused' ? { tone: 'danger' as const } : loop.stage === 'reminded' ? { tone: 'warn' as const } : {};
    if (compact)
      return {
        running: { lines: [t('node.step', { n, total })] },
        tool_failed: {
          lines: loop.count > 0 ? [t('node.loopShort', { count: loop.count, fuse: loop.fuseAt ?? '∞' })] : [],
          ...tone,
        },
        waiting_approval: {
          lines: ctx.waitingSince === null ? [] : [t('node.waitedShort', { time: hoursMinutes(waited) })],
        },
      };
    return {
      planning: { lines: [t('node.plan', { v: Math.max(1, ctx.plan.version) })] },
      running: { lines: [t('node.step', { n, total })] },
      tool_failed: {
        lines: [t('node.loop', { count: loop.count, fuse: loop.fuseAt ?? '∞', stage: t(`stage.${loop.stage}`) })],
        ...tone,
      },
      waiting_approval: {
        lines: ctx.waitingSince === null ? [] : [t('node.waited', { time: formatDuration(lang, waited) })],
      },
      ...(ended
        ? {
            [ended === 'completed' ? 'completed' : ended === 'cancelled' ? 'cancelled' : 'failed']: {
              lines: [t(`node.reason.${ended}`)],
            },
          }
        : {}),
    };
  }, [ctx, t, lang, compact]);
}
