import { attemptsAt, loopOf, type Lang, type StateName, type TaskContext, type TransitionRecord } from '../../engine';
import { translate, type MessageKey } from '../../i18n';

/** What one transition says to a student who cannot see the diagram: read off the published view. */
interface TransitionFacts {
  event: TransitionRecord['event'];
  from: StateName;
  to: StateName;
  /** The step the transition is about: the attempt just recorded, or the step waiting. */
  step: number;
  total: number;
  /** The loop guard's count for that step's latest failure, and the fuse it counts towards. */
  loop: number;
  fuseAt: number | string;
  fused: boolean;
  attempts: number;
  maxAttempts: number;
}

/** Transitions whose step is the attempt the ledger just recorded (the cursor has moved on). */
const ABOUT_LAST_ATTEMPT = (r: TransitionRecord) =>
  r.to === 'tool_failed' || r.to === 'failed' || (r.from === 'running' && r.to === 'running');

/** The facts of the newest line of a view's log, or null when the log is empty. */
export function factsOf(log: readonly TransitionRecord[], ctx: TaskContext): TransitionFacts | null {
  const r = log.at(-1);
  if (!r) return null;
  const last = ctx.ledger.at(-1);
  const step = ABOUT_LAST_ATTEMPT(r) && last ? last.step : ctx.cursor;
  const loop = loopOf(ctx, step);
  return {
    event: r.event,
    from: r.from,
    to: r.to,
    step,
    total: ctx.plan.steps.length,
    loop: loop.count,
    fuseAt: loop.fuseAt ?? '∞',
    fused: loop.fused,
    attempts: attemptsAt(ctx.ledger, step),
    maxAttempts: ctx.config.maxAttemptsPerStep,
  };
}

/** The dictionary key of what a transition means, by where it goes (and the event, where it matters). */
function detailKey(f: TransitionFacts): MessageKey | null {
  if (f.event === 'RESTORE') return 'sr.restore';
  if (f.to === 'cancelled') return 'sr.cancelled';
  if (f.event === 'START') return 'sr.started';
  if (f.event === 'REPLAN') return 'sr.replan';
  if (f.event === 'APPROVE') return 'sr.approved';
  if (f.to === 'running' && f.from === 'planning') return 'sr.planned';
  if (f.to === 'running' && f.from === 'running') return 'sr.stepDone';
  if (f.to === 'running' && f.from === 'tool_failed') return 'sr.retry';
  if (f.to === 'tool_failed') return f.event === 'REJECT' ? 'sr.rejected' : 'sr.stepFailed';
  if (f.to === 'failed') return f.fused ? 'sr.fused' : 'sr.attemptsUsed';
  if (f.to === 'waiting_approval') return f.from === 'waiting_approval' ? 'sr.stillWaiting' : 'sr.waiting';
  if (f.to === 'completed') return 'sr.completed';
  return null;
}

/** "running → tool failed: step 6 failed, loop 1 of 3", in the page's language. */
export function transitionText(lang: Lang, f: TransitionFacts): string {
  const state = (s: StateName) => translate(lang, `state.${s}`);
  const key = detailKey(f);
  const detail = key
    ? translate(lang, key, {
        step: f.step,
        total: f.total,
        loop: f.loop,
        fuseAt: f.fuseAt,
        attempts: f.attempts,
        max: f.maxAttempts,
      })
    : f.event;
  return translate(lang, 'sr.move', { from: state(f.from), to: state(f.to), detail });
}

/**
 * Coalescing: the live region speaks at most once every GAP_MS. What arrives sooner is held;
 * when the gap has passed, the newest held line is said with how many transitions it stands
 * for. Play at 4 ticks a second thus says one line every 1.5 s, never a queue of them.
 */
export const GAP_MS = 1500;

export interface Coalescer {
  /** When the region last spoke (ms), null before it ever did. */
  spokenAt: number | null;
  /** Transitions not said yet, and the newest one's text. */
  held: number;
  latest: string | null;
}

export const QUIET: Coalescer = { spokenAt: null, held: 0, latest: null };

interface Offer {
  next: Coalescer;
  /** What to say now, or null. */
  say: string | null;
  /** When to call `flush` for what is held (ms), or null when nothing is. */
  flushAt: number | null;
}

const spoken = (lang: Lang, held: number, latest: string) =>
  held > 1 ? translate(lang, 'sr.batch', { n: held, latest }) : latest;

/** `count` new transitions arrived at `now`, the newest described by `text`. */
export function offer(c: Coalescer, lang: Lang, text: string, count: number, now: number): Offer {
  const held = c.held + count;
  if (c.spokenAt === null || now - c.spokenAt >= GAP_MS)
    return { next: { spokenAt: now, held: 0, latest: null }, say: spoken(lang, held, text), flushAt: null };
  return { next: { spokenAt: c.spokenAt, held, latest: text }, say: null, flushAt: c.spokenAt + GAP_MS };
}

/** The gap has passed: say what is held, if anything. */
export function flush(c: Coalescer, lang: Lang, now: number): { next: Coalescer; say: string | null } {
  if (c.held === 0 || c.latest === null) return { next: c, say: null };
  return { next: { spokenAt: now, held: 0, latest: null }, say: spoken(lang, c.held, c.latest) };
}
