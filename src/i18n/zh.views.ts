import { guide } from './zh.guide';
import { lessons } from './zh.lessons';
import { notes } from './zh.notes';
import { present } from './zh.present';
import { traces } from './zh.traces';
import { liveClass } from './zh.class';
import type { ViewKey } from './en.views';

/** 按需打开的视图的中文：课程的说明与提问、教师指南、轨迹视图、演示模式的读数（见 en.views.ts）。 */
export const views: Record<ViewKey, string> = {
  ...lessons,
  ...notes,
  ...guide,
  ...traces,
  ...present,
  ...liveClass,
};
