import type { Bilingual, StateName } from '../engine';

/**
 * The simple mode's four states as the article names them (三状态加一个失败态: 待跑 / 在跑 / 完成
 * + 失败), apart from the lesson player so the page's live predict-then-reveal (reveal.ts, a
 * chunk of its own) can name them too.
 */
export const SIMPLE_STATE_NAMES: Readonly<Partial<Record<StateName, Bilingual>>> = {
  created: { zh: '待跑', en: 'pending' },
  running: { zh: '在跑', en: 'running' },
  completed: { zh: '完成', en: 'done' },
  failed: { zh: '失败', en: 'failed' },
};

/** The choices are the simple mode's four states (the question a page puts for its live run). */
export const isSimpleChoices = (choices: readonly StateName[]): boolean =>
  choices.length === 4 && choices.every((c) => SIMPLE_STATE_NAMES[c] !== undefined);
