import type { MessageKey } from '../i18n/words';

/**
 * The article's two self-test questions (section 自测): zh verbatim from the article, en a
 * faithful translation. The page asks the student to write an answer before it shows the model
 * one (selftestAnswers.ts, loaded then).
 */
export interface SelfTestQuestion {
  id: 'q1' | 'q2';
  question: MessageKey;
}

/** The article's own instruction above the questions. */
export const SELF_TEST_INTRO: MessageKey = 'selftest.intro';

export const SELF_TEST: readonly SelfTestQuestion[] = [
  {
    id: 'q1',
    question: 'selftest.q1.question',
  },
  {
    id: 'q2',
    question: 'selftest.q2.question',
  },
];
