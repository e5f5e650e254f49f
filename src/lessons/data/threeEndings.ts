import type { Lesson } from '../types';
import { LESSON_META } from '../meta';

/**
 * Lesson 1: the opening story's three endings. Each ending is a segment of its own (a fresh run
 * with that design on the same seed and script), one after the other, rather than one run that
 * switches design midway: a design is a property of the whole run (it is saved with it).
 */
export const threeEndings: Lesson = {
  ...LESSON_META.threeEndings,
  scenario: 'migration-40',
  seed: 1,
  design: 'article',
  stops: [
    {
      move: { kind: 'segment', design: 'article', story: 'opening-story' },
      caption: {
        zh: '四十步的数据迁移，先用文章的设计跑：关键动作前存档，等审批时挂起的是状态机。',
        en: 'A 40-step data migration, first on the article’s design: checkpoints before key actions, and waiting suspends the machine.',
      },
      source: '先从三种「从头再来」说起',
    },
    {
      move: { kind: 'beat', story: 'opening-story', beat: 0 },
      caption: {
        zh: '第 27 步要改数据库结构，得有人批。挂起前先落盘一次（before_suspend）。这时你走开了。',
        en: 'Step 27 changes the database schema and needs a person’s approval. It checkpoints before suspending (before_suspend). You have just walked away.',
      },
      source: 'Checkpoint 存什么',
      focus: 'checkpoints',
    },
    {
      move: { kind: 'beat', story: 'opening-story', beat: 1 },
      caption: {
        zh: '一整夜没人批。8 小时后看门狗把进程杀了——但存档还在盘上。',
        en: 'Nobody approves all night. After 8 hours the watchdog kills the process, but the checkpoint is still on disk.',
      },
      source: '先从三种「从头再来」说起',
    },
    {
      move: { kind: 'command', command: { type: 'RESTART' } },
      yourTurn: {
        control: 'btn-restart',
        ask: {
          zh: '第二天早上你回来了。按「重启」：它会站在哪一步？',
          en: 'You are back the next morning. Press Restart: where will it stand?',
        },
        expect: 'waiting_approval',
      },
      caption: {
        zh: '读档：还是第 27 步、还在等审批，请求也没有重发。进度是数据，不是模型「记得」。',
        en: 'It reads the checkpoint: step 27, still waiting, and the request is not sent again. Progress is data, not something the model remembers.',
      },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      move: { kind: 'beat', story: 'opening-story', beat: 2 },
      caption: {
        zh: '批准后从第 27 步接着跑完，白干的步骤：0。',
        en: 'Approved, it goes on from step 27 to the end. Steps wasted: 0.',
      },
      source: '先从三种「从头再来」说起',
      focus: 'meters',
    },
    {
      move: { kind: 'segment', design: 'no-checkpoint', story: 'opening-story' },
      caption: {
        zh: '第二种结局：同一个故事，但什么都不存档。',
        en: 'The second ending: the same story, but nothing is saved.',
      },
      source: '先从三种「从头再来」说起',
    },
    {
      move: { kind: 'beat', story: 'opening-story', beat: 0 },
      caption: {
        zh: '一样走到第 27 步等审批，只是盘上没有任何存档。',
        en: 'It reaches step 27 and waits, as before, but nothing is on disk.',
      },
      source: '先从三种「从头再来」说起',
      focus: 'checkpoints',
    },
    {
      move: { kind: 'beat', story: 'opening-story', beat: 1 },
      caption: { zh: '一样在夜里被超时杀掉。', en: 'It is killed by the timeout in the night, as before.' },
      source: '先从三种「从头再来」说起',
    },
    {
      move: { kind: 'beat', story: 'opening-story', beat: 2 },
      caption: {
        zh: '重启后无档可读，只能从第 1 步重来：前 26 步白干。',
        en: 'On restart there is nothing to read: it begins again at step 1, and the first 26 steps are wasted.',
      },
      source: '先从三种「从头再来」说起',
      focus: 'meters',
    },
    {
      move: { kind: 'segment', design: 'no-fuse', story: 'opening-story-failing' },
      caption: {
        zh: '第三种结局：第 27 步本身一直失败，而且没有熔断。',
        en: 'The third ending: step 27 itself keeps failing, and there is no fuse.',
      },
      source: '先从三种「从头再来」说起',
    },
    {
      move: { kind: 'beat', story: 'opening-story-failing', beat: 0 },
      caption: { zh: '走到第 27 步等审批。', en: 'It reaches step 27 and waits for approval.' },
      source: '先从三种「从头再来」说起',
    },
    {
      move: { kind: 'beat', story: 'opening-story-failing', beat: 1 },
      caption: { zh: '这次你当场批了，然后离开。', en: 'This time you approve at once, then leave.' },
      source: '先从三种「从头再来」说起',
    },
    {
      move: { kind: 'beat', story: 'opening-story-failing', beat: 2 },
      caption: {
        zh: '同一个调用、同一个错，重试到天亮：token 烧了一晚上，就在同一个坑里打转，最后被超时杀掉。',
        en: 'The same call, the same error, retried until dawn: a night of tokens burnt in one hole, until the timeout kills it.',
      },
      source: '先从三种「从头再来」说起',
      focus: 'meters',
    },
    {
      move: { kind: 'segment', design: 'article', story: 'opening-story-failing' },
      caption: {
        zh: '同一个夜晚换回文章的设计：循环要有计数。',
        en: 'The same night on the article’s design: a loop must have a counter.',
      },
      source: '渐进拆解',
    },
    {
      move: { kind: 'beat', story: 'opening-story-failing', beat: 0 },
      caption: { zh: '走到第 27 步等审批。', en: 'It reaches step 27 and waits for approval.' },
      source: '先从三种「从头再来」说起',
    },
    {
      move: { kind: 'beat', story: 'opening-story-failing', beat: 1 },
      caption: { zh: '你批准了，然后离开。', en: 'You approve, then leave.' },
      source: '先从三种「从头再来」说起',
    },
    {
      move: { kind: 'beat', story: 'opening-story-failing', beat: 2 },
      caption: {
        zh: '第二次失败先注入提醒，第三次就熔断：转 failed，带着整本账交还给人，不再烧 token。',
        en: 'The second failure brings a reminder, the third trips the fuse: failed, handed back to a person with the whole ledger, and no more tokens burnt.',
      },
      source: '其余技术定义 · 死循环识别与行为干预',
      focus: 'ledger',
    },
  ],
};
