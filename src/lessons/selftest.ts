import type { Bilingual } from '../engine';

/**
 * The article's two self-test questions (section 自测): zh verbatim from the article, en a
 * faithful translation. The page asks the student to write an answer before it shows the model
 * one (selftestAnswers.ts, loaded then).
 */
export interface SelfTestQuestion {
  id: 'q1' | 'q2';
  question: Bilingual;
}

/** The article's own instruction above the questions. */
export const SELF_TEST_INTRO: Bilingual = {
  zh: '合上文章先自己答，再展开对照：',
  en: 'Close the article and answer on your own first, then open the answers to compare:',
};

export const SELF_TEST: readonly SelfTestQuestion[] = [
  {
    id: 'q1',
    question: {
      zh: 'Checkpoint 里存什么才能既可恢复、又不必存全量上下文？',
      en: 'What must a checkpoint hold to be recoverable without storing the full context?',
    },
  },
  {
    id: 'q2',
    question: {
      zh: 'waiting_approval 状态怎么和权限机制衔接而不卡死主循环？',
      en: 'How does the waiting_approval state connect with the permission mechanism without freezing the main loop?',
    },
  },
];
