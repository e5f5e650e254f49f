import { guide } from './en.guide';
import { lessons } from './en.lessons';
import { notes } from './en.notes';
import { present } from './en.present';
import { traces } from './en.traces';
import { liveClass } from './en.class';

/**
 * English words of the views opened on request: a lesson's captions and asks, the teacher's
 * guide, the trace view, presenter mode's read-outs. A chunk of its own, fetched beside the
 * view's chunk and added to the language's words before the view renders (ui/viewWords.ts), so
 * the first screen does not wait for them (docs/design/speed.md). `zh.views.ts` has every key.
 */
export const views = {
  ...lessons,
  ...notes,
  ...guide,
  ...traces,
  ...present,
  ...liveClass,
};

/** A key of the views' words. */
export type ViewKey = keyof typeof views;
