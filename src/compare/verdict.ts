import { DESIGNS, MINUTE, timeOfDay, type Bilingual } from '../engine';
import type { PaneMeters } from './runner';

/** How much more of a cost makes it a difference worth a sentence (and how a ratio is rounded). */
const RATIO_AT = 1.5;

const clock = (minutes: number): string => {
  const m = timeOfDay(minutes * MINUTE).minutes;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** What one pane did that the other did not, in the article's terms (empty when nothing differs). */
function differences(p: PaneMeters, other: PaneMeters): { zh: string[]; en: string[] } {
  const zh: string[] = [];
  const en: string[] = [];
  if (other.tokens > 0 && p.tokens >= RATIO_AT * other.tokens) {
    const x = Math.round(p.tokens / other.tokens);
    zh.push(`token 是对方的 ${x} 倍`);
    en.push(`${x}x the tokens`);
  }
  if (p.stepsWasted > other.stepsWasted) {
    zh.push(`白干 ${p.stepsWasted} 步`);
    en.push(`${p.stepsWasted} steps done twice`);
  }
  if (p.rereads > other.rereads) {
    zh.push(`重读 ${p.rereads} 个文件`);
    en.push(`${p.rereads} files re-read`);
  }
  if (other.sideTaskDoneAt !== null && (p.sideTaskDoneAt === null || p.sideTaskDoneAt > other.sideTaskDoneAt)) {
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
  return { zh, en };
}

/**
 * The compare view's one sentence once both panes have ended (ui-contract `compare-verdict`): for
 * each design, the figures where it differs from the other ("No fuse: 76x the tokens, killed at
 * 05:56 still in tool_failed"), the costlier first; null while either pane still runs.
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
