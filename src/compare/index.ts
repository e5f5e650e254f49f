/** The comparison runner: two designs, one story, one virtual clock (the compare view calls this). */
export { CompareRun, ComparePane, type CompareConfig, type PaneMeters } from './runner';
export { parseCompareQuery, type QueryProblem } from './query';
export { chartOf, type Chart } from './chart';
export { spanOf, verdictOf } from './verdict';
