import type { LessonIdOf, LessonNotes } from './noteTypes';
import { CHECKPOINT_NOTES } from './notesCheckpoints';
import { MACHINE_NOTES } from './notesMachine';

export type { LessonNotes } from './noteTypes';

/**
 * The teacher's notes of each lesson (SPEC §12): what the guide cannot read from the lesson's
 * own data (which lessons are homework: homework.ts). Everything else it shows (title, article sections, stops, your-turns, each
 * prediction's answer and why, the lesson's playing time) comes from the lesson (plan.ts), so
 * the guide cannot drift from the lessons; guide.test.ts holds these notes to them.
 */
export const LESSON_NOTES: Readonly<Record<LessonIdOf, LessonNotes>> = { ...MACHINE_NOTES, ...CHECKPOINT_NOTES };
