import { useShallow } from 'zustand/react/shallow';
import { loopOf, type Lang, type TaskContext } from '../../engine';
import { formatDuration } from '../../i18n';
import { useSimStore } from '../../store/simStore';
import { useShownView } from './viewSource';
import { useT, type T } from '../useT';

export type NodeTone = 'warn' | 'danger';

/** A wait as h:mm, short enough for a compact node in either language. */
const hoursMinutes = (ms: number): string => {
  const m = Math.floor(ms / 60_000);
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
};

const NONE: string[] = [];

/**
 * The live lines of one state's node: step n/N on running, the loop against the fuse, the wait,
 * the plan's version, why the run ended. A compact drawing keeps one short counter, and only
 * where it is not zero.
 */
export function nodeLinesOf(name: string, ctx: TaskContext, t: T, lang: Lang, compact: boolean): string[] {
  const waited = ctx.waitingSince === null ? 0 : ctx.clock - ctx.waitingSince;
  switch (name) {
    case 'running':
      return [t('node.step', { n: Math.min(ctx.cursor, ctx.plan.steps.length), total: ctx.plan.steps.length })];
    case 'tool_failed': {
      const loop = loopOf(ctx);
      if (compact)
        return loop.count > 0 ? [t('node.loopShort', { count: loop.count, fuse: loop.fuseAt ?? '∞' })] : NONE;
      return [t('node.loop', { count: loop.count, fuse: loop.fuseAt ?? '∞', stage: t(`stage.${loop.stage}`) })];
    }
    case 'waiting_approval':
      if (ctx.waitingSince === null) return NONE;
      return [
        compact
          ? t('node.waitedShort', { time: hoursMinutes(waited) })
          : t('node.waited', { time: formatDuration(lang, waited) }),
      ];
    case 'planning':
      return compact ? NONE : [t('node.plan', { v: Math.max(1, ctx.plan.version) })];
    default: {
      const ended = ctx.ended;
      if (compact || !ended) return NONE;
      const node = ended === 'completed' ? 'completed' : ended === 'cancelled' ? 'cancelled' : 'failed';
      return name === node ? [t(`node.reason.${ended}`)] : NONE;
    }
  }
}

/** The loop node's warning tone while the loop guard has reminded or fused (the text says it too). */
export function nodeToneOf(name: string, ctx: TaskContext): NodeTone | undefined {
  if (name !== 'tool_failed') return undefined;
  const { stage } = loopOf(ctx);
  return stage === 'fused' ? 'danger' : stage === 'reminded' ? 'warn' : undefined;
}

/**
 * One node's live lines and tone, read from the view by the node itself: a tick re-renders only
 * the node whose counter moved, and the diagram's nodes (React Flow's input) stay the same
 * objects, so React Flow neither re-reads them nor commits a second time.
 */
export function useNodeLines(name: string, compact: boolean): { lines: string[]; tone: NodeTone | undefined } {
  const t = useT();
  const lang = useSimStore((s) => s.lang);
  const lines = useShownView(useShallow((v) => nodeLinesOf(name, v.context, t, lang, compact)));
  const tone = useShownView((v) => nodeToneOf(name, v.context));
  return { lines, tone };
}
