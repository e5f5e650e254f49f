import type { Challenge } from './types';

/**
 * Each shipped challenge's id and title, apart from its file: the list on the first screen needs
 * only these, so the catalog (the files and their parse) loads when a challenge is opened.
 * challenges.test.ts checks they are the files' own, in the catalog's order.
 */
export const CHALLENGE_TITLES: readonly Pick<Challenge, 'id' | 'title'>[] = [
  { id: 'one-rejection', title: { zh: '拒绝一次，照样跑完', en: 'One rejection, and still finish' } },
  { id: 'crash-two-wasted', title: { zh: '崩一次，最多白干两步', en: 'Crash once, waste at most two steps' } },
  { id: 'approve-across-crash', title: { zh: '审批跨过一次崩溃', en: 'An approval across a crash' } },
  { id: 'fuse-without-error', title: { zh: '没有报错也熔断', en: 'A fuse without an error' } },
  { id: 'detour-no-fuse', title: { zh: '失败三次，不熔断', en: 'Three failures, no fuse' } },
];
