/** The teacher's guide (SPEC §12): the class plan derived from the lessons, its notes, the simulator's readings. */
export { CLASS_MINUTES, classPlan, type ClassPlan, type GuideLesson, type GuidePrediction } from './plan';
export { ALLOWANCES, DISCUSS_IN_CLASS, MIN_SLACK_MINUTES, type Allowances } from './allowances';
export { HOMEWORK } from './homework';
export { LESSON_NOTES } from './notes';
export { READINGS } from './readings';
export { worksheetOf, type SheetLesson, type SheetQuestion } from './worksheet';
