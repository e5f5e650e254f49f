import { useSimStore } from '../../store/simStore';

/**
 * Whether the article's code is shown: the person's choice (the store's `codeShown`), else the
 * page's default, on inside a lesson (`inLesson`: App's `?lesson=`) and off elsewhere.
 */
export function useCodeShown(inLesson: boolean): boolean {
  return useSimStore((s) => s.codeShown ?? inLesson);
}
