import type { ArticleSection } from '../../lessons';

/** The article's section that prints the listing (the code view's source opens the article there). */
export const SECTION: ArticleSection = '动手：转移、存档与熔断';

/**
 * The article's pseudo-code (section 动手：转移、存档与熔断), exactly as the article prints it:
 * `step_loop(task)` and `checkpoint(task)` with the blank line between them, comments in the
 * article's Chinese. listing.test.ts checks it against the article's text, so this copy cannot
 * drift from src/lessons/__fixtures__/article.txt. Lines are numbered as the listing reads,
 * from 1 (`def step_loop`) through the last line of `checkpoint`, the blank line counted.
 */
// The template starts on its own line so the code reads at its own indentation; that first newline is dropped.
const TEXT = `
def step_loop(task):
    while task.state not in TERMINAL:          # 三个终态：completed/failed/cancelled
        if task.state in ("created", "planning"):
            task.plan_or_replan()              # 拆解/重计划：产出步骤清单再进入执行
            task.state = "running"             # 计划本身也随状态存档（见 checkpoint 第五样）
        if task.state == "running":         # 关键转移前落盘（示意简化在循环顶，
            checkpoint(task)                   #  实际锚定危险动作与阶段切换，见下节）
        if task.state == "running":
            if loop_detected(task):            # 原地打转（无失败也查，见下文）
                task.remind_or_fuse()          # 先提醒（计数重置），到顶熔断
                continue                       # 熔断后当轮不再执行步骤
            result = run_step(task.current)
            if result.ok:
                task.advance()                 # 下一步；计划动态调整也在此
            elif result.needs_approval:        # 由权限裁决置入（见等人审批时序图）
                task.state = "waiting_approval"
            else:
                task.state = "tool_failed"
                task.record(result.error)      # 步骤账本：错误 + 次数 +1
        elif task.state == "tool_failed":
            if task.retries(task.current) >= MAX_RETRY:   # MAX_RETRY 高于提醒阈值
                task.state = "failed"          # 重试耗尽：终态，落盘后带全账本
                checkpoint(task)
            else:
                task.state = "running"         # 带着记录重试
        elif task.state == "waiting_approval":
            v = poll_decision(task)            # 挂起轮询，不占模型调用
            if v is APPROVED:
                task.state = "running"         # 读档续跑
            else:
                task.state = "tool_failed"     # 拒绝理由进步骤账本
        # cancelled 由人叫停的外部信号直接置入终态，不进本循环

def checkpoint(task):
    save(state=task.state, step=task.current,  # 位置
         done=task.done_list,                  # 已完成清单
         refs=task.artifact_refs,              # 中间产物引用（本体在文件）
         todos=task.todos,                     # 待办快照——上下文不存
         plan=task.plan)                       # 计划快照：动态计划改到哪、后续步骤是什么`;

export const SOURCE = TEXT.slice(1);

/**
 * English glosses of the article's comments, by line, shown in en mode (the code lines stay the
 * article's). Comment continuations (line 7 finishes line 6's) carry their own part of it.
 */
const GLOSS: Readonly<Record<number, string>> = {
  2: 'the three terminal states: completed/failed/cancelled',
  4: 'decompose / replan: produce the step list, then go on to execute it',
  5: 'the plan itself is checkpointed with the state (see the fifth item of checkpoint)',
  6: 'write to disk before a key transition (simplified here to the loop top,',
  7: ' in practice anchored on risky actions and phase switches; see the next section)',
  9: 'spinning in place (checked even without a failure; see below)',
  10: 'remind first (the count resets), fuse when it reaches the top',
  11: 'after the fuse trips, no step runs in this round',
  14: 'the next step; a dynamic plan is adjusted here too',
  15: 'set by the permission verdict (see the approval sequence diagram)',
  19: 'step ledger: the error, and the count + 1',
  21: 'MAX_RETRY is above the reminder threshold',
  22: 'retries used up: a terminal state, written to disk with the whole ledger',
  25: 'retry, with the record',
  27: 'suspended, polling: it spends no model call',
  29: 'read the checkpoint and go on',
  31: 'the reason for rejecting goes into the step ledger',
  32: "cancelled is set straight to a terminal state by a person's stop signal; it never enters this loop",
  35: 'position',
  36: 'the done list',
  37: 'artifact references (the bodies live in files)',
  38: 'a snapshot of the todos; the context is not stored',
  39: 'the plan snapshot: how far a dynamic plan has changed, and what the next steps are',
};

/** One line of a listing: its number (1-based), its text as written, and the gloss of its comment. */
export interface CodeLine {
  n: number;
  text: string;
  gloss: string | null;
}

/** A listing's lines, numbered from 1, each with the en gloss of its comment (by line number). */
export function numbered(source: string, glosses: Readonly<Record<number, string>>): readonly CodeLine[] {
  return source.split('\n').map((text, i) => ({ n: i + 1, text, gloss: glosses[i + 1] ?? null }));
}

export const LISTING: readonly CodeLine[] = numbered(SOURCE, GLOSS);

/** The number of the first line of `listing` that holds `code` (lines are named by what they say, not by a count). */
export function lineOf(code: string, listing: readonly CodeLine[] = LISTING): number {
  const n = listing.findIndex((l) => l.text.includes(code));
  if (n < 0) throw new Error(`The listing has no line with ${code}`);
  return n + 1;
}
