import { MINUTE, timeOfDay, type DesignId } from '../engine';
import { listOf, said, type MessageKey, type Words } from '../i18n/words';
import type { PaneMeters } from './runner';

/** How much more of a cost makes it a difference worth a sentence (and how a ratio is rounded). */
const RATIO_AT = 1.5;

const clock = (minutes: number): string => {
  const m = timeOfDay(minutes * MINUTE).minutes;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** A design's name, as the dictionaries have it (harness-core keeps its own for Node users). */
const designName = (id: DesignId): MessageKey => `design.${id}.name`;

/** A span of virtual time as people say it: "2 min 15 s", "1 h 5 min" (zh 2 分 15 秒, 1 小时 5 分). */
export function spanOf(ms: number): Words {
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return said('span.hm', { h, m });
  if (m > 0) return sec > 0 ? said('span.ms', { m, s: sec }) : said('span.m', { m });
  return said('span.s', { s: sec });
}

const int = (n: number): string => n.toLocaleString('en');

/**
 * What one pane did that the other did not, in the article's terms (empty when nothing differs):
 * every figure of the table where this pane is the costlier, so two runs are "alike" only when
 * no figure differs.
 */
function differences(p: PaneMeters, other: PaneMeters): Words[] {
  const out: Words[] = [];
  const say = (key: MessageKey, params: Parameters<typeof said>[1] = {}) => out.push(said(key, params));
  if (other.tokens > 0 && p.tokens >= RATIO_AT * other.tokens)
    say('verdict.tokensTimes', { x: Math.round(p.tokens / other.tokens) });
  else if (p.tokens > other.tokens) say('verdict.moreTokens', { n: int(p.tokens - other.tokens) });
  if (p.stepsWasted > other.stepsWasted) say('verdict.wasted', { n: p.stepsWasted });
  if (p.rereads > other.rereads) say('verdict.rereads', { n: p.rereads });
  // The queued task is named when this design kept it waiting (a held process, or never run);
  // a run that is only later (its clock, named below) delays it by as much, nothing more to say.
  const heldUp = p.sideTaskDoneAt === null || p.heldMinutes > other.heldMinutes || p.clockMs === other.clockMs;
  if (
    heldUp &&
    other.sideTaskDoneAt !== null &&
    (p.sideTaskDoneAt === null || p.sideTaskDoneAt > other.sideTaskDoneAt)
  ) {
    if (p.sideTaskDoneAt === null) say('verdict.queuedNever');
    else say('verdict.queuedAt', { at: clock(p.sideTaskDoneAt) });
  }
  if (p.killed && !other.killed) say('verdict.killed', { at: clock(p.killedAt ?? p.minutes), state: p.finalState });
  else if (p.finalState !== other.finalState || p.ended !== other.ended) {
    if (p.ended) say('verdict.endedBy', { state: p.finalState, ended: p.ended });
    else say('verdict.endedIn', { state: p.finalState });
  }
  const against = (n: number, m: number) => ({ n: int(n), m: int(m) });
  if (p.modelCalls > other.modelCalls) say('verdict.modelCalls', against(p.modelCalls, other.modelCalls));
  if (p.checkpoints > other.checkpoints) say('verdict.checkpoints', against(p.checkpoints, other.checkpoints));
  if (p.bytesWritten > other.bytesWritten) say('verdict.bytes', against(p.bytesWritten, other.bytesWritten));
  // A killed pane's time is named above (killed at …).
  if (p.clockMs > other.clockMs && !(p.killed && !other.killed))
    say('verdict.late', { span: spanOf(p.clockMs - other.clockMs) });
  if (p.heldMinutes > other.heldMinutes) say('verdict.held', { span: spanOf(p.heldMinutes * 60_000) });
  return out;
}

/**
 * The compare view's one sentence once both panes have ended (ui-contract `compare-verdict`): for
 * each design, every figure where it is the costlier ("Checkpoint every step: 43 checkpoints
 * against 16, 103,913 bytes written against 44,132, its clock 2 min 15 s later"), the costlier
 * design first; "ended alike" only when no figure differs; null while either pane still runs.
 */
export function verdictOf(a: PaneMeters, b: PaneMeters): Words | null {
  if (!a.done || !b.done) return null;
  const parts = [
    [b, differences(b, a)],
    [a, differences(a, b)],
  ] as const;
  const told = parts.filter(([, d]) => d.length > 0);
  if (told.length === 0) return said('verdict.alike', { tokens: a.tokens, wasted: a.stepsWasted });
  const each = told.map(([p, d]) =>
    said('verdict.design', { design: said(designName(p.design)), parts: listOf(d, 'list.comma') }),
  );
  return said('verdict.all', { all: listOf(each, 'list.sentences') });
}
