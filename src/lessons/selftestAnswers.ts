import type { Bilingual } from '../engine';
import type { SelfTestQuestion } from './selftest';

/**
 * The article's model answers to its self-test (selftest.ts): zh verbatim from the article (its
 * bold marked up as `emphasis`, a substring of the answer), en a faithful translation. A chunk
 * of its own: the page loads it when a student who has written an answer asks for this one.
 */
export interface ModelAnswer {
  answer: Bilingual;
  /** The sentence the article sets in bold, in each language (a substring of `answer`). */
  emphasis?: Bilingual;
}

export const SELF_TEST_ANSWERS: Record<SelfTestQuestion['id'], ModelAnswer> = {
  q1: {
    answer: {
      zh: '存「位置」，不存「行李」：五样东西——当前状态与步骤号、已完成步骤的清单、关键中间产物的引用（文件路径、外部记录号，本体放在文件系统里，即状态外部化）、待办清单快照、计划快照（动态计划改到哪、后续步骤是什么）。不存全量上下文的原因是上下文可重建：重建方式与压缩后的工作集重建同理（最近文件、激活技能、工具清单），消息历史丢的部分靠中间产物文件重放回来。判据一句话：无法重建的部分才值得进存档，能重建的只存重建线索（引用）——存全量上下文的存档又大又脆，恢复时还要全量注入，挤占新会话的预算。注意这是手写 Harness 的默认取向：框架级实现（LangGraph）默认存全量图状态，省心但更重。',
      en: 'Store the “position”, not the “luggage”: five things: the current state and step number, the list of steps done, references to the key intermediate artifacts (file paths, record numbers in outside systems; the artifacts themselves stay in the file system, which is state externalization), the todo-list snapshot, and the plan snapshot (how far a dynamic plan has been revised, and what the following steps are). The full context is not stored because it can be rebuilt: the same way as the working set is rebuilt after compaction (recent files, active skills, the tool list), and what is lost of the message history is replayed from the intermediate artifact files. The rule in one sentence: only what cannot be rebuilt deserves a place in the checkpoint; for what can be rebuilt, store only the clues to rebuild it (references). A checkpoint of the full context is big and brittle, and on recovery it must be injected whole, crowding the new session’s budget. Note that this is the default leaning of a hand-written harness: framework-level implementations (LangGraph) store the full graph state by default, which is less work but heavier.',
    },
    emphasis: {
      zh: '无法重建的部分才值得进存档，能重建的只存重建线索（引用）',
      en: 'only what cannot be rebuilt deserves a place in the checkpoint; for what can be rebuilt, store only the clues to rebuild it (references)',
    },
  },
  q2: {
    answer: {
      zh: '分工是「权限出裁决、状态机管等待」：running 中的工具调用被权限机制判为需要人裁决时，任务先做一次 Checkpoint 落盘（当前步骤、已完成清单、产物引用），再转入 waiting_approval 挂起——挂起的是任务状态机，不是进程：主循环空转轮询裁决结果、不占模型调用，也不重发请求（弹窗只弹一次），人来早来晚都不丢进度。批准则读档从断点续跑（转回 running）；拒绝则把拒绝理由作为工具结果转 tool_failed，模型带着理由换路径重试。产品层在用户输入间隙的投机预执行（见权限篇）与本层不矛盾——预计算的是建议输入的操作结果，挂起的是任务进度。两个衔接点别做错：等待期间不重发请求（重复弹窗），拒绝后不让模型盲试（理由必须进步骤账本）。',
      en: 'The division of labour is “permissions give the verdict, the state machine handles the waiting”: when the permission mechanism decides a tool call in running needs a person’s verdict, the task first writes a checkpoint to disk (current step, list of steps done, artifact refs), then goes into waiting_approval and suspends. What is suspended is the task’s state machine, not the process: the main loop idles, polling for the verdict, without using model calls and without sending the request again (the prompt pops up once), and whether the person comes early or late, no progress is lost. Approval reads the checkpoint and resumes from where it stopped (back to running); rejection turns the reason for rejecting into the tool result and goes to tool_failed, and the model retries another way with that reason in hand. Speculative pre-execution at the product level in the gaps between user inputs (see the permissions article) does not contradict this layer: what is precomputed is the result of the suggested operation; what is suspended is the task’s progress. Two joints not to get wrong: do not send the request again while waiting (repeated prompts), and do not let the model try blindly after a rejection (the reason must go into the step ledger).',
    },
  },
};
