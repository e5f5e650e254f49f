import { DEFAULT_CONFIG, MINUTE, STORIES, type Bilingual, type Config } from '../../engine';
import type { Lesson } from '../types';

/**
 * Where the simulator extends the article or reads it its own way (SPEC §10, the lessons'
 * captions, the diagram's dashed edge): what the article says, what the simulator does, and
 * which lessons show it, found in the lessons' data so the list of lessons cannot go stale.
 */
export interface Reading {
  id: string;
  title: Bilingual;
  article: Bilingual;
  simulator: Bilingual;
  /** The lesson shows this reading (its data, not its wording, says so). */
  shownIn: (lesson: Lesson) => boolean;
}

/** The configs a lesson runs with: its own, and each segment's. */
const configsOf = (l: Lesson): Partial<Config>[] => [
  l.config ?? {},
  ...l.stops.flatMap((s) => (s.move.kind === 'segment' && s.move.config ? [s.move.config] : [])),
];

const HOURS = (STORIES['opening-story'].config.processTimeoutMs ?? 0) / (60 * MINUTE);
const POLL = DEFAULT_CONFIG.pollMs / MINUTE;

export const READINGS: readonly Reading[] = [
  {
    id: 'replan-edge',
    title: { zh: '改计划的回边 running → planning', en: 'The replan edge running → planning' },
    article: {
      zh: 'running 只有两条回边：经 tool_failed（失败重试）与经 waiting_approval（等人批准）。',
      en: 'running has two loop-backs: through tool_failed (retry on failure) and through waiting_approval (a person approves).',
    },
    simulator: {
      zh: '加了第三条：running → planning，模型边跑边改计划：动态计划走到新情况时，以及回应被拒的理由时（先插一步备份，再重新请求变更）。这是模拟器的扩展，图上画成虚线。',
      en: 'A third: running → planning, the model revising its plan mid-run: a dynamic plan meeting something new, and any plan answering a rejection’s reason (a backup step first, then the change asked for again). It is the simulator’s extension and is drawn dashed.',
    },
    shownIn: (l) => l.stops.some((s) => (s.shows.plan?.version ?? 1) > 1),
  },
  {
    id: 'count-reset',
    title: { zh: '「先提醒（计数重置）」', en: '“Remind first (count reset)”' },
    article: {
      zh: '伪代码写「先提醒（计数重置），到顶熔断」；边界一节说「改路径后计数重置」。',
      en: 'The pseudo-code says “remind first (count reset), fuse at the top”; the trade-offs section says the count resets “once the path changes”.',
    },
    simulator: {
      zh: '读作：换了做法（新参数）就是新键，从 0 数起；光提醒不清零，不改做法的模型第三次照样熔断。',
      en: 'Read as: a changed approach (new args) is a new key, counted from 0; a reminder alone resets nothing, so a model that does not change is fused at the third failure.',
    },
    shownIn: (l) => configsOf(l).some((c) => c.heedReminder !== undefined),
  },
  {
    id: 'simple-names',
    title: { zh: '简单模式的四个状态', en: 'The simple mode’s four states' },
    article: {
      zh: '「三状态（待跑 / 在跑 / 完成）加一个失败态就够」。',
      en: '“Three states (pending / running / done) plus one failed state are enough.”',
    },
    simulator: {
      zh: '图上用文章的名字 待跑 / 在跑 / 完成 / 失败，底下是八态里的 created、running、completed、failed；没有账本、守卫、上下文通道和存档。',
      en: 'The diagram uses the article’s names 待跑 / 在跑 / 完成 / 失败 (pending, running, done, failed) over the ids created, running, completed and failed; no ledger, guard, context channel or checkpoint.',
    },
    shownIn: (l) =>
      l.scenario === 'script-5min' ||
      l.stops.some((s) => s.move.kind === 'segment' && s.move.scenario === 'script-5min'),
  },
  {
    id: 'coarse-guard',
    title: { zh: '粗粒度守卫（只看工具）', en: 'The coarse guard (the tool alone)' },
    article: {
      zh: '把「相同工具」判成死循环会误伤枚举尝试；计数的判据该用「工具 + 参数 + 错误类型」，并且先提醒后熔断。',
      en: 'Judging “the same tool” a dead loop kills an enumeration of tries; the key should be tool + args + error type, with a reminder before the fuse.',
    },
    simulator: {
      zh: `为了演示被误伤的样子，守卫多了一个设置：只看工具、不提醒，同一工具失败 ${DEFAULT_CONFIG.fuseAt} 次就熔断。它是循环守卫的设置，不是重试上限：尝试上限仍是 ${DEFAULT_CONFIG.maxAttemptsPerStep}，高于提醒阈值。`,
      en: `To show the harm, the guard has one more setting: the tool alone, no reminder, fused at ${DEFAULT_CONFIG.fuseAt} failures of one tool. It is a loop-guard setting, not a retry cap: the attempt limit stays ${DEFAULT_CONFIG.maxAttemptsPerStep}, above the reminder threshold.`,
    },
    shownIn: (l) => configsOf(l).some((c) => c.guard === 'tool-only'),
  },
  {
    id: 'no-progress',
    title: { zh: '无失败也查', en: 'Checked without a failure too' },
    article: {
      zh: '伪代码在 running 里查「原地打转（无失败也查）」。',
      en: 'The pseudo-code checks for going in circles in running, “without a failure too”.',
    },
    simulator: {
      zh: '同一调用反复返回同样结果，记成一次合成的 no_progress 失败，所以图上经过 tool_failed。',
      en: 'A call that keeps returning the same result is recorded as a synthetic no_progress failure, so the diagram passes tool_failed.',
    },
    shownIn: (l) =>
      l.stops.some(
        (s) =>
          s.move.kind === 'command' && s.move.command.type === 'FAIL_NOW' && s.move.command.error === 'no_progress',
      ),
  },
  {
    id: 'night-figures',
    title: { zh: '那一夜的数字', en: 'The figures of the night' },
    article: {
      zh: '「你第二天才回来，它要么还在干等、要么早被超时杀掉」：没有给出超时和轮询的数字。',
      en: '“You come back only the next day: it is either still waiting, or long since killed by a timeout”: no figure for the timeout or the polling.',
    },
    simulator: {
      zh: `开场故事里看门狗 ${HOURS} 小时后杀进程，等审批的运行每 ${POLL} 分钟看一眼有没有批复：这是模拟器定的数。`,
      en: `In the opening story a watchdog kills the process after ${HOURS} hours, and a waiting run looks for an answer every ${POLL} minutes: the simulator’s figures.`,
    },
    shownIn: (l) => l.stops.some((s) => s.move.kind === 'beat'),
  },
];
