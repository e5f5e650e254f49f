import type { MessageKey } from '../i18n/words';
import type { StateName } from '../engine';

/**
 * The simple mode's four states as the article names them (三状态加一个失败态: 待跑 / 在跑 / 完成
 * + 失败), apart from the lesson player so the page's live predict-then-reveal (reveal.ts, a
 * chunk of its own) can name them too.
 */
export const SIMPLE_STATE_NAMES: Readonly<Partial<Record<StateName, MessageKey>>> = {
  created: 'simple.state.created',
  running: 'simple.state.running',
  completed: 'simple.state.completed',
  failed: 'simple.state.failed',
};

/** The choices are the simple mode's four states (the question a page puts for its live run). */
export const isSimpleChoices = (choices: readonly StateName[]): boolean =>
  choices.length === 4 && choices.every((c) => SIMPLE_STATE_NAMES[c] !== undefined);
