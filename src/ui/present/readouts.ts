import { loopOf, type Lang } from '../../engine';
import { formatClock, formatInt } from '../../i18n';
import type { Focus } from '../../lessons';
import type { SimView } from '../../store/view';
import { shownOutcome } from '../panels/ledgerOutcome';
import { messageText } from '../engineText';
import type { T } from '../translator';

/** What a read-out shows beyond the run's own view: the store's figures of what is on disk. */
interface Stored {
  /** Checkpoints of the run on disk (the history's length). */
  count: number;
  bytesWritten: number;
  /** The newest checkpoint's size, and a full-state checkpoint's at the same point. */
  newestBytes: number;
  newestFullBytes: number;
}

/** One read-out as presenter mode draws it: a label, and its figure as text. */
interface Readout {
  focus: Exclude<Focus, 'diagram'>;
  label: string;
  value: string;
}

/**
 * The figure a cited read-out shows, in the page's words: the same figures as the page's own
 * read-outs (Readouts, Meters, the ledger, the channel, the checkpoint panel) read from the same
 * view, so presenter mode cannot say what the page does not. `diagram` is the diagram itself:
 * no read-out of its own.
 */
export function readoutOf(focus: Focus, view: SimView, stored: Stored, t: T, lang: Lang): Readout | null {
  const ctx = view.context;
  const cp = view.newest;
  const r = (label: string, value: string): Readout | null => (focus === 'diagram' ? null : { focus, label, value });
  const none = t('evidence.noCheckpoint');
  switch (focus) {
    case 'diagram':
      return null;
    case 'step':
      return r(t('read.step'), `${Math.min(ctx.cursor, ctx.plan.steps.length)} / ${ctx.plan.steps.length}`);
    case 'loop': {
      if (view.simple) return r(t('read.loop'), t('simple.noGuard'));
      const loop = loopOf(ctx);
      return r(t('read.loop'), `${t(`stage.${loop.stage}`)} · ${loop.count}/${loop.fuseAt ?? '∞'}`);
    }
    case 'guard':
      return r(
        t('design.label'),
        t(`design.${view.design.id}.name`) +
          (ctx.config.guard === 'tool-only' ? ` · ${t('design.guard.tool-only')}` : ''),
      );
    case 'requests':
      return r(t('read.approvals'), formatInt(ctx.approval.issued));
    case 'ended':
      return r(t('evidence.ended'), ctx.ended ? t(`node.reason.${ctx.ended}`) : t('evidence.notEnded'));
    case 'down':
      return r(t('evidence.process'), view.down ? t(`evidence.down.${view.down}`) : t('evidence.up'));
    case 'clock':
      return r(t('meter.clock'), formatClock(lang, view.clock));
    case 'tokens':
      return r(t('meter.tokens'), formatInt(view.tokens));
    case 'wasted':
      return r(t('meter.wasted'), formatInt(view.wasted));
    case 'checkpoints':
      return r(t('meter.checkpoints'), formatInt(view.checkpointing ? ctx.seq : 0));
    case 'stored':
      return r(
        t('evidence.stored'),
        t('evidence.storedValue', { n: formatInt(stored.count), bytes: formatInt(stored.bytesWritten) }),
      );
    case 'sizes':
      return r(
        t('evidence.sizes'),
        t('evidence.sizesValue', { ours: formatInt(stored.newestBytes), full: formatInt(stored.newestFullBytes) }),
      );
    case 'newest':
      return r(
        t('evidence.newest'),
        cp ? t('evidence.newestValue', { seq: cp.seq, trigger: cp.trigger, state: cp.state, step: cp.step }) : none,
      );
    case 'cp-done':
      return r(t('evidence.cp.done'), cp ? cp.done || t('evidence.none') : none);
    case 'cp-refs': {
      const last = cp?.refs.at(-1);
      return r(
        t('evidence.cp.refs'),
        !cp ? none : last ? t('evidence.refsValue', { n: cp.refs.length, ref: last.ref }) : t('evidence.none'),
      );
    }
    case 'cp-todos':
      return r(
        t('evidence.cp.todos'),
        cp ? t('evidence.todosValue', { pending: cp.todos.pending || t('evidence.none') }) : none,
      );
    case 'cp-plan': {
      if (!cp) return r(t('evidence.cp.plan'), none);
      const p = cp.plan;
      const held = p.remaining ? t('evidence.planHeld', { n: p.remaining.length }) : '';
      return r(
        t('evidence.cp.plan'),
        t('evidence.planValue', { v: p.version, mode: t(`plan.mode.${p.mode}`), total: p.total }) + held,
      );
    }
    case 'ledger': {
      if (view.simple) return r(t('evidence.ledger'), t('simple.noLedger'));
      const a = ctx.ledger.at(-1);
      if (!a) return r(t('evidence.ledger'), t('evidence.ledgerEmpty'));
      const outcome = shownOutcome(a) + (a.error && a.error.type !== 'no_progress' ? ` ${a.error.type}` : '');
      const actor = a.actor === 'human' ? ` · ${t('ledger.actor.human')}` : '';
      return r(
        t('evidence.ledger'),
        t('evidence.ledgerValue', { step: a.step, attempt: a.attempt, call: `${a.tool} ${a.args}`, outcome }) + actor,
      );
    }
    case 'channel': {
      if (view.simple) return r(t('evidence.channel'), t('simple.noChannel'));
      const m = ctx.channel.at(-1);
      // The reminder's own <system-reminder> tags are the channel's wrapping; its kind says so here.
      const text =
        m &&
        messageText(lang, m)
          .replace(/<\/?system-reminder>/g, '')
          .trim();
      return r(t('evidence.channel'), m ? `${t(`channel.kind.${m.kind}`)}: ${text}` : t('channel.empty'));
    }
    case 'plan':
      return r(t('panel.plan'), t('evidence.planNow', { v: ctx.plan.version, total: ctx.plan.steps.length }));
    case 'rereads':
      return r(t('meter.rereads'), formatInt(view.rereads));
    case 'side':
      return r(
        t('meter.side'),
        view.side.doneAt !== null
          ? t('meter.side.done', { time: formatClock(lang, view.side.doneAt) })
          : view.side.queuedAt !== null
            ? t('meter.side.waiting')
            : t('meter.side.none'),
      );
  }
}
