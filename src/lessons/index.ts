/** Lessons as data, their player and the article's self-test: what the lesson UI calls. */
export { approval } from './data/approval';
export { LESSONS, LESSON_IDS, findLesson } from './catalog';
export { LESSON_ORDER, LESSON_TITLES } from './meta';
export { CONTROL_IDS } from './controls';
export { ARTICLE_SECTIONS, headingOf, type ArticleSection } from './sections';
export { FOCUSES, type Focus, type Lesson } from './types';
export { validateLesson } from './validate';
export { PACE, autoplay, lessonLengthMs, playTo, type LessonPosition } from './player';
export { checkYourTurn } from './yourTurn';
export { SELF_TEST, SELF_TEST_INTRO } from './selftest';
export { predictionAt, scorePrediction } from './predict';
export { SIMPLE_STATE_NAMES, isSimpleChoices } from './simpleNames';
