import { DESIGNS, MINUTE, timeOfDay, type Bilingual } from '../engine';
import type { PaneMeters } from './runner';

/** How much more of a cost makes it a difference worth a sentence (and how a ratio is rounded). */
const RATIO_AT = 1.5;

const clock = (minutes: number): string => {
  const m = timeOfDay(minutes * MINUTE).minutes;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** A span of virtual time as people say it: "2 min 15 s", "1 h 5 min" (zh 2 分 15 秒, 1 小时 5 分). */
export function spanOf(ms: number): { zh: string; en: string } {
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return { zh: `${h} 小时 ${m} 分`, en: `${h} h ${m} min` };
  if (m > 0) return sec > 0 ? { zh: `${m} 分 ${sec} 秒`, en: `${m} min ${sec} s` } : { zh: `${m} 分`, en: `${m} min` };
  return { zh: `${sec} 秒`, en: `${sec} s` };
}

const int = (n: number): string => n.toLocaleString('en');

/**
 * What one pane did that the other did not, in the article's terms (empty when nothing differs):
 * every figure of the table where this pane is the costlier, so two runs are "alike" only when
 * no figure differs.
 */
function differences(p: PaneMeters, other: PaneMeters): { zh: string[]; en: string[] } {
  const zh: string[] = [];
  const en: string[] = [];
  if (other.tokens > 0 && p.tokens >= RATIO_AT * other.tokens) {
    const x = Math.round(p.tokens / other.tokens);
    zh.push(`token 是对方的 ${x} 倍`);
    en.push(`${x}x the tokens`);
  } else if (p.tokens > other.tokens) {
    zh.push(`多花 ${int(p.tokens - other.tokens)} token`);
    en.push(`${int(p.tokens - other.tokens)} more tokens`);
  }
  if (p.stepsWasted > other.stepsWasted) {
    zh.push(`白干 ${p.stepsWasted} 步`);
    en.push(`${p.stepsWasted} steps done twice`);
  }
  if (p.rereads > other.rereads) {
    zh.push(`重读 ${p.rereads} 个文件`);
    en.push(`${p.rereads} files re-read`);
  }
  // The queued task is named when this design kept it waiting (a held process, or never run);
  // a run that is only later (its clock, named below) delays it by as much, nothing more to say.
  const heldUp = p.sideTaskDoneAt === null || p.heldMinutes > other.heldMinutes || p.clockMs === other.clockMs;
  if (
    heldUp &&
    other.sideTaskDoneAt !== null &&
    (p.sideTaskDoneAt === null || p.sideTaskDoneAt > other.sideTaskDoneAt)
  ) {
    zh.push(p.sideTaskDoneAt === null ? '排队的任务没跑完' : `排队的任务到 ${clock(p.sideTaskDoneAt)} 才跑完`);
    en.push(
      p.sideTaskDoneAt === null
        ? 'the queued task never finished'
        : `the queued task done only at ${clock(p.sideTaskDoneAt)}`,
    );
  }
  if (p.killed && !other.killed) {
    zh.push(`${clock(p.killedAt ?? p.minutes)} 被杀掉时还停在 ${p.finalState}`);
    en.push(`killed at ${clock(p.killedAt ?? p.minutes)} still in ${p.finalState}`);
  } else if (p.finalState !== other.finalState || p.ended !== other.ended) {
    zh.push(`停在 ${p.finalState}${p.ended ? `（${p.ended}）` : ''}`);
    en.push(`ended in ${p.finalState}${p.ended ? ` (${p.ended})` : ''}`);
  }
  if (p.modelCalls > other.modelCalls) {
    zh.push(`调用模型 ${int(p.modelCalls)} 次（对方 ${int(other.modelCalls)} 次）`);
    en.push(`${int(p.modelCalls)} model calls against ${int(other.modelCalls)}`);
  }
  if (p.checkpoints > other.checkpoints) {
    zh.push(`存档 ${int(p.checkpoints)} 个（对方 ${int(other.checkpoints)} 个）`);
    en.push(`${int(p.checkpoints)} checkpoints against ${int(other.checkpoints)}`);
  }
  if (p.bytesWritten > other.bytesWritten) {
    zh.push(`写了 ${int(p.bytesWritten)} 字节（对方 ${int(other.bytesWritten)}）`);
    en.push(`${int(p.bytesWritten)} bytes written against ${int(other.bytesWritten)}`);
  }
  // A killed pane's time is named above (killed at …).
  if (p.clockMs > other.clockMs && !(p.killed && !other.killed)) {
    const late = spanOf(p.clockMs - other.clockMs);
    zh.push(`时钟晚 ${late.zh}`);
    en.push(`its clock ${late.en} later`);
  }
  if (p.heldMinutes > other.heldMinutes) {
    const held = spanOf(p.heldMinutes * 60_000);
    zh.push(`进程被占着 ${held.zh}`);
    en.push(`the process held for ${held.en}`);
  }
  return { zh, en };
}

/**
 * The compare view's one sentence once both panes have ended (ui-contract `compare-verdict`): for
 * each design, every figure where it is the costlier ("Checkpoint every step: 43 checkpoints
 * against 16, 103,913 bytes written against 44,132, its clock 2 min 15 s later"), the costlier
 * design first; "ended alike" only when no figure differs; null while either pane still runs.
 */
export function verdictOf(a: PaneMeters, b: PaneMeters): Bilingual | null {
  if (!a.done || !b.done) return null;
  const parts = [
    [b, differences(b, a)],
    [a, differences(a, b)],
  ] as const;
  const said = parts.filter(([, d]) => d.en.length > 0);
  if (said.length === 0)
    return {
      zh: `两种设计跑出一样的结果：${a.tokens} token，白干 ${a.stepsWasted} 步。`,
      en: `Both designs ended alike: ${a.tokens} tokens, ${a.stepsWasted} steps done twice.`,
    };
  return {
    zh: said.map(([p, d]) => `${DESIGNS[p.design].name.zh}：${d.zh.join('，')}`).join('；') + '。',
    // One sentence per design in English (each opens with its name, capitalised).
    en: said.map(([p, d]) => `${DESIGNS[p.design].name.en}: ${d.en.join(', ')}.`).join(' '),
  };
}
