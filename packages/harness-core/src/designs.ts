import { DESIGN_IDS, type Bilingual, type DensityPolicy, type DesignId } from './types.js';

/**
 * Harness designs (SPEC §9): the article's, and five that each change one thing, so running two
 * side by side isolates what that one thing is worth. Plain data, saved with a run.
 */

export interface Design {
  id: DesignId;
  /** Checkpoints are kept; without them a restart begins at step 1. */
  checkpoints: boolean;
  /** The density this design forces, or null for the run's own setting. */
  density: DensityPolicy | null;
  /** The loop guard reminds and fuses, and `maxAttemptsPerStep` bounds a step. */
  loopGuard: boolean;
  /** Checkpoints keep artifact refs; without them a resumed run re-reads every file it had read. */
  refs: boolean;
  /** Waiting for approval suspends the machine; false: it holds the process (a blocking wait). */
  suspends: boolean;
  name: Bilingual;
  /** The one thing this design changes, and what the article says of it. */
  change: Bilingual;
}

const ARTICLE: Design = {
  id: 'article',
  checkpoints: true,
  density: null,
  loopGuard: true,
  refs: true,
  suspends: true,
  name: { zh: '文章的设计', en: 'The article’s design' },
  change: {
    zh: '关键动作前存档，先提醒后熔断（2 次提醒、3 次熔断），存产物引用，等审批时挂起状态机。',
    en: 'Checkpoints before key actions, remind before fuse (remind at 2, fuse at 3), artifact refs kept, approval suspends the machine.',
  },
};

export const DESIGNS: Readonly<Record<DesignId, Design>> = {
  article: ARTICLE,
  'no-checkpoint': {
    ...ARTICLE,
    id: 'no-checkpoint',
    checkpoints: false,
    name: { zh: '不存档', en: 'No checkpoints' },
    change: {
      zh: '什么都不存：重启从第 1 步重来，前面的步骤白干。',
      en: 'Nothing is saved: a restart begins at step 1 and redoes every step.',
    },
  },
  'no-fuse': {
    ...ARTICLE,
    id: 'no-fuse',
    loopGuard: false,
    name: { zh: '不熔断', en: 'No fuse' },
    change: {
      zh: '没有提醒、没有熔断、没有重试上限：同一个失败的调用一直重试，直到进程被超时杀掉。',
      en: 'No reminder, no fuse, no attempt limit: the same failing call is retried until the process is killed.',
    },
  },
  'every-step': {
    ...ARTICLE,
    id: 'every-step',
    density: 'every_step',
    name: { zh: '每步一存', en: 'Checkpoint every step' },
    change: {
      zh: '每一步都存档：丢得最少，但存得最多。每写一次存档花 5 秒虚拟时间，所以每一步都慢一点，整趟跑得更晚。',
      en: 'A checkpoint after every step: least lost, most written. Each write takes 5 s of virtual time, so every step is slower and the run ends later.',
    },
  },
  'no-refs': {
    ...ARTICLE,
    id: 'no-refs',
    refs: false,
    name: { zh: '不存产物引用', en: 'No artifact refs' },
    change: {
      zh: '存档里只有位置、没有产物引用：恢复后“记得结论、忘了过程”，要重读所有读过的文件。',
      en: 'Checkpoints keep the position but no artifact refs: a resumed run remembers the conclusion, forgets the process, and re-reads every file.',
    },
  },
  'blocking-wait': {
    ...ARTICLE,
    id: 'blocking-wait',
    suspends: false,
    name: { zh: '阻塞等待', en: 'Blocking wait' },
    change: {
      zh: '等审批时阻塞整个进程：排在后面的第二个任务跑不了，进程白白占着。',
      en: 'Waiting for approval blocks the whole process: the second task queued behind it cannot run, and the process is held.',
    },
  },
};

export const isDesignId = (v: unknown): v is DesignId =>
  typeof v === 'string' && (DESIGN_IDS as readonly string[]).includes(v);

/** A design by id; unknown ids get the article's. */
export const designOf = (id: string | undefined): Design => (isDesignId(id) ? DESIGNS[id] : ARTICLE);
