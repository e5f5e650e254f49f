/** The teacher's guide (SPEC §12): the class plan derived from the lessons, its notes, the simulator's readings. */
export { CLASS_MINUTES, classPlan, type ClassPlan, type GuideLesson, type GuidePrediction } from './plan';
export { LESSON_NOTES, SELF_TEST_MINUTES, type LessonNotes } from './notes';
export { READINGS, type Reading } from './readings';
