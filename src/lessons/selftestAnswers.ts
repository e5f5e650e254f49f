import type { MessageKey } from '../i18n/words';
import type { SelfTestQuestion } from './selftest';

/**
 * The article's model answers to its self-test (selftest.ts): zh verbatim from the article (its
 * bold marked up as `emphasis`, a substring of the answer), en a faithful translation. A chunk
 * of its own: the page loads it when a student who has written an answer asks for this one.
 */
export interface ModelAnswer {
  answer: MessageKey;
  /** The sentence the article sets in bold, in each language (a substring of `answer`). */
  emphasis?: MessageKey;
}

export const SELF_TEST_ANSWERS: Record<SelfTestQuestion['id'], ModelAnswer> = {
  q1: {
    answer: 'selftest.q1.answer',
    emphasis: 'selftest.q1.emphasis',
  },
  q2: {
    answer: 'selftest.q2.answer',
  },
};
