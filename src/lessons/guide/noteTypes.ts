import type { MessageKey } from '../../i18n/words';
import type { LESSON_META } from '../meta';

/** What the teacher's notes of one lesson hold (notes.ts; the notes themselves in notesMachine.ts and notesCheckpoints.ts). */
export interface LessonNotes {
  /**
   * What to ask the class before each prediction of the lesson, keyed by the stop's `id` (so
   * inserting a stop cannot shift them): one for every prediction, none for any other stop.
   */
  asks: Readonly<Record<string, MessageKey>>;
  /**
   * Discussion prompts, each with the answer a teacher looks for: the first `DISCUSS_IN_CLASS`
   * in class (allowances.ts), the rest homework.
   */
  discuss: readonly { q: MessageKey; a: MessageKey }[];
}

export type LessonIdOf = (typeof LESSON_META)[keyof typeof LESSON_META]['id'];
