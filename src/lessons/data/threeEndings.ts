import type { Lesson } from '../types';
import { LESSON_META } from '../meta';

/**
 * Lesson 1: the opening story's three endings, in the article's order (先从三种「从头再来」说起):
 * back in ten minutes and approved; back the next day to a run still waiting, or killed and
 * (without a checkpoint) started again at step 1; step 27 itself failing all night. Each ending
 * is a segment of its own (a fresh run on the same seed and script): a design is a property of
 * the whole run (it is saved with it).
 */
export const threeEndings: Lesson = {
  ...LESSON_META.threeEndings,
  scenario: 'migration-40',
  seed: 1,
  design: 'article',
  stops: [
    {
      id: 'migration-40',
      move: { kind: 'segment', design: 'article' },
      caption: {
        zh: '四十步的数据迁移，用文章的设计跑：关键动作前存档，等审批时挂起的是状态机。文章说接下来有三种可能。',
        en: 'A 40-step data migration on the article’s design: checkpoints before key actions, and waiting suspends the machine. The article says three things can happen next.',
      },
      shows: { state: 'created', step: 1, checkpoints: 0 },
      source: '先从三种「从头再来」说起',
    },
    {
      id: 'asks-at-27',
      focus: ['step', 'newest', 'clock'],
      move: { kind: 'beat', story: 'opening-story', beat: 0 },
      caption: {
        zh: '傍晚，第 27 步要改数据库结构，得有人批。挂起前先落盘一次（before_suspend）。这时你走开了。',
        en: 'It is evening, and step 27 changes the database schema: it needs a person’s approval. It checkpoints before suspending (before_suspend). You have just walked away.',
      },
      shows: {
        state: 'waiting_approval',
        step: 27,
        requests: 1,
        clock: { day: 1, from: '18:00', to: '23:00' },
        newest: { step: 27, trigger: 'before_suspend', state: 'waiting_approval' },
      },
      source: 'Checkpoint 存什么',
    },
    {
      id: 'back-in-ten',
      focus: ['step', 'wasted'],
      move: { kind: 'command', command: { type: 'APPROVE' } },
      yourTurn: {
        control: 'btn-approve',
        ask: {
          zh: '第一种结局：你十分钟后回来了。按「批准」。',
          en: 'The first ending: you are back in ten minutes. Press Approve.',
        },
        expect: 'running',
      },
      caption: {
        zh: '它从第 27 步继续，前 26 步一步不重做——前提是它记得自己进行到哪：批准读的是挂起前那份存档。',
        en: 'It goes on from step 27 and redoes none of the first 26, because it knows where it was: approving reads the checkpoint written before suspending.',
      },
      shows: { state: 'running', step: 27, requests: 1, wasted: 0 },
      source: '先从三种「从头再来」说起',
    },
    {
      id: 'next-day-waiting',
      move: { kind: 'segment', design: 'article' },
      caption: {
        zh: '第二种结局有两支。先看「还在干等」那一支：没有看门狗，进程不会被杀。',
        en: 'The second ending has two branches. First the one where it is still waiting idly: no watchdog, so nothing kills the process.',
      },
      shows: { state: 'created', step: 1 },
      source: '先从三种「从头再来」说起',
    },
    {
      id: 'waits-all-night',
      focus: ['clock', 'tokens', 'requests', 'step'],
      move: { kind: 'beat', story: 'opening-story', beat: 0, through: 1 },
      caption: {
        zh: '一整夜停在 waiting_approval：每十分钟看一眼有没有批复，不调模型、不花 token、不重发请求。你第二天早上才回来：一批，它就从第 27 步接着跑。',
        en: 'All night in waiting_approval: it looks for an answer every ten minutes, with no model call, no tokens and no second request. You are back only the next morning: approve, and it goes on from step 27.',
      },
      shows: {
        state: 'waiting_approval',
        step: 27,
        down: null,
        requests: 1,
        wasted: 0,
        clock: { day: 2, from: '08:00', to: '10:00' },
      },
      source: '渐进拆解',
    },
    {
      id: 'no-checkpoint-watchdog',
      focus: ['checkpoints'],
      move: { kind: 'segment', design: 'no-checkpoint', story: 'opening-story' },
      caption: {
        zh: '另一支：早被超时杀掉。这次什么都不存档，看门狗 8 小时后杀进程。',
        en: 'The other branch: killed by the timeout long ago. This time nothing is saved, and a watchdog kills the process after 8 hours.',
      },
      shows: { state: 'created', step: 1, checkpoints: 0 },
      source: '先从三种「从头再来」说起',
    },
    {
      id: 'killed-in-night',
      focus: ['down', 'clock', 'stored', 'checkpoints', 'step'],
      move: { kind: 'beat', story: 'opening-story', beat: 0, through: 1 },
      caption: {
        zh: '走到第 27 步等审批，夜里被超时杀掉。第二天早上你回来了：盘上没有任何存档。',
        en: 'It reaches step 27, waits, and the timeout kills it in the night. You are back the next morning: there is no checkpoint on disk.',
      },
      shows: {
        stored: 0,
        state: 'waiting_approval',
        step: 27,
        down: 'timeout',
        checkpoints: 0,
        clock: { day: 2, from: '08:00', to: '10:00' },
      },
      source: '先从三种「从头再来」说起',
    },
    {
      id: 'restart-from-1',
      focus: ['step'],
      move: { kind: 'command', command: { type: 'RESTART' } },
      caption: {
        zh: '重启后无档可读，只能从头来：重新受理、重新拆计划，从第 1 步起。',
        en: 'On restart there is nothing to read, so it starts over: planned again, from step 1.',
      },
      shows: { state: 'planning', step: 1, down: null, checkpoints: 0 },
      source: '先从三种「从头再来」说起',
    },
    {
      id: 'steps-wasted-26',
      focus: ['wasted', 'ended'],
      move: { kind: 'beat', story: 'opening-story', beat: 2 },
      caption: {
        zh: '跑完时，前 26 步白干了一遍。',
        en: 'By the end, the first 26 steps were done twice: 26 steps wasted.',
      },
      shows: { state: 'completed', ended: 'completed', wasted: 26 },
      source: '先从三种「从头再来」说起',
    },
    {
      id: 'article-watchdog',
      move: { kind: 'segment', design: 'article', story: 'opening-story' },
      caption: {
        zh: '同样的故事、同一个看门狗，换回文章的设计：它会在第 27 步挂起前存档。',
        en: 'The same story and the same watchdog, on the article’s design: it will checkpoint before suspending at step 27.',
      },
      shows: { state: 'created', step: 1 },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'killed-checkpoint-kept',
      focus: ['down', 'stored', 'clock'],
      move: { kind: 'beat', story: 'opening-story', beat: 0, through: 1 },
      caption: {
        zh: '一样在夜里被超时杀掉——可到了早上，存档还在盘上。',
        en: 'The timeout kills it in the night as well, but in the morning the checkpoint is still on disk.',
      },
      shows: {
        stored: 8,
        state: 'waiting_approval',
        down: 'timeout',
        clock: { day: 2, from: '08:00', to: '10:00' },
        newest: { step: 27, trigger: 'before_suspend', state: 'waiting_approval' },
      },
      source: '先从三种「从头再来」说起',
    },
    {
      id: 'restart-from-27',
      focus: ['step', 'requests'],
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
      shows: {
        state: 'waiting_approval',
        step: 27,
        down: null,
        requests: 1,
        wasted: 0,
        clock: { day: 2, from: '08:00', to: '10:00' },
      },
      source: '其余技术定义 · 中断恢复、失败复现与人工接管',
    },
    {
      id: 'no-fuse-failing',
      move: { kind: 'segment', design: 'no-fuse', story: 'opening-story-failing' },
      caption: {
        zh: '第三种结局：你批了，可第 27 步本身一直失败，而且没有熔断。',
        en: 'The third ending: you approve, but step 27 itself keeps failing, and there is no fuse.',
      },
      shows: { state: 'created', step: 1 },
      source: '先从三种「从头再来」说起',
    },
    {
      id: 'retried-until-timeout',
      focus: ['tokens', 'clock', 'down'],
      move: { kind: 'beat', story: 'opening-story-failing', beat: 0, through: 2 },
      caption: {
        zh: '同一个调用、同一个错，重试到天亮：token 烧了一晚上，就在同一个坑里打转，最后被超时杀掉。',
        en: 'The same call, the same error, retried until dawn: a night of tokens burnt in one hole, until the timeout kills it.',
      },
      shows: {
        state: 'tool_failed',
        step: 27,
        down: 'timeout',
        ended: null,
        clock: { day: 2, from: '05:00', to: '06:30' },
      },
      source: '先从三种「从头再来」说起',
    },
    {
      id: 'article-failing',
      move: { kind: 'segment', design: 'article', story: 'opening-story-failing' },
      caption: {
        zh: '同样的故事换回文章的设计：循环要有计数。',
        en: 'The same story on the article’s design: a loop must have a counter.',
      },
      shows: { state: 'created', step: 1 },
      source: '渐进拆解',
    },
    {
      id: 'remind-then-fuse',
      focus: ['loop', 'channel', 'ended', 'ledger', 'tokens'],
      move: { kind: 'beat', story: 'opening-story-failing', beat: 0, through: 2 },
      caption: {
        zh: '第二次失败先注入提醒，第三次就熔断：转 failed，带着整本账交还给人，不再烧 token。',
        en: 'The second failure brings a reminder, the third trips the fuse: failed, handed back to a person with the whole ledger, and no more tokens burnt.',
      },
      shows: { state: 'failed', step: 27, ended: 'loop_fuse', loop: 'fused', count: 3 },
      source: '其余技术定义 · 死循环识别与行为干预',
    },
  ],
};
