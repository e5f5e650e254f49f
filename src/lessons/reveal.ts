import type { Bilingual, EndReason, SimCommand, StateName } from '../engine';
import type { Prediction } from './predict';
import { isSimpleChoices } from './simpleNames';

/**
 * Predict-then-reveal on the page's own run (outside a lesson's script): the answer is what the
 * command actually did to the live run, read right after it applied, so it cannot drift from the
 * engine; the one sentence on why is chosen from what happened (the state reached, the fuse, the
 * process).
 */
export interface Outcome {
  command: SimCommand['type'];
  from: StateName;
  to: StateName;
  /** The run had already ended for this reason before the command (null: not ended). */
  endedBefore: EndReason | null;
  ended: EndReason | null;
  /** The process is running after the command (a crash leaves it down). */
  alive: boolean;
}

/** Where a run stands (read from the live Sim just before and right after the command). */
export interface Standing {
  state: StateName;
  ended: EndReason | null;
  alive: boolean;
}

/** What `command` did, from where the run stood just before it and right after. */
export const outcomeOf = (command: SimCommand['type'], before: Standing, after: Standing): Outcome => ({
  command,
  from: before.state,
  to: after.state,
  endedBefore: before.ended,
  ended: after.ended,
  alive: after.alive,
});

/** One sentence on why the run went where it did. */
export function explainOutcome(o: Outcome): Bilingual {
  if (o.command === 'CRASH' || !o.alive)
    return {
      zh: '崩溃杀掉的是进程，不是任务：状态停在原处，重启后从最新的存档接着跑。',
      en: 'A crash kills the process, not the task: the state stays where it was, and a restart goes on from the newest checkpoint.',
    };
  if (o.ended === 'loop_fuse' && o.endedBefore !== 'loop_fuse')
    return {
      zh: '同一个键（工具 + 参数 + 错误类型）失败到了熔断阈值：熔断器跳闸，任务以 failed 结束，不再空烧 token。',
      en: 'The same key (tool + args + error type) failed up to the fuse: it trips and the task ends in failed instead of burning tokens.',
    };
  if (o.ended === 'retries_exhausted' && o.endedBefore !== 'retries_exhausted')
    return {
      zh: '这一步的尝试次数用完了：没有熔断，但也无路可退，任务以 failed 结束。',
      en: 'This step has used up its attempts: no fuse, but no attempt left either, so the task ends in failed.',
    };
  if (o.command === 'REJECT')
    return {
      zh: '拒绝不是终点：理由作为 rejection 消息放进上下文，模型带着它重试这一步。',
      en: 'A rejection is not the end: its reason goes into the context as a rejection message and the model tries the step again with it in mind.',
    };
  if (o.to === 'tool_failed')
    return {
      zh: '工具报错了，但还没到熔断阈值：循环守卫记下这次失败，任务停在 tool_failed 等下一次尝试。',
      en: 'The tool failed below the fuse: the loop guard counts it and the task waits in tool_failed for its next attempt.',
    };
  if (o.to === 'waiting_approval')
    return {
      zh: '高风险的一步要人批准：先写 before_suspend 存档，再挂起状态机，等待时不花 token。',
      en: 'A risky step needs a person: the before_suspend checkpoint is written, then the machine suspends, spending no tokens while it waits.',
    };
  if (o.command === 'REQUEST_APPROVAL' && o.to === 'running')
    return {
      zh: '这一步被标成高风险，但状态还没变：下一个 tick 走到它时，先写 before_suspend 存档，再挂起等人批准。',
      en: 'The step is marked risky, but the state does not change yet: the next tick that reaches it writes the before_suspend checkpoint, then suspends for a person.',
    };
  if (o.to === 'cancelled')
    return {
      zh: '人可以在任何未结束的状态叫停任务：它以 cancelled 结束。',
      en: 'A person may stop the task from any state that has not ended: it ends in cancelled.',
    };
  if (o.to === 'planning')
    return {
      zh: '计划要改：任务回到 planning，模型给出新版计划后再继续执行。',
      en: 'The plan changes: the task goes back to planning, and runs on once the model has written the new version.',
    };
  if (o.to === 'failed')
    return {
      zh: '简单模式没有重试和熔断：一次失败，任务就以 failed 结束。',
      en: 'The simple mode has no retry and no fuse: one failure and the task ends in failed.',
    };
  return {
    zh: `这一下没有改变阶段：任务仍在 ${o.to}。`,
    en: `This did not change the phase: the task is still ${o.to}.`,
  };
}

/** The Prediction (predict.ts) the live outcome stands for, to score with scorePrediction. */
export function livePrediction(choices: readonly StateName[], o: Outcome): Prediction {
  return {
    at: 0,
    from: o.from,
    choices,
    simple: isSimpleChoices(choices),
    answer: o.to,
    fuseTrips: o.ended === 'loop_fuse' && o.endedBefore !== 'loop_fuse',
    why: explainOutcome(o),
  };
}
