import type { ArticleSection } from '../../lessons';
import { numbered, type CodeLine } from './listing';

/** The article's section that sets out the simple mode (边界与取舍: 三状态加一个失败态就够). */
export const SIMPLE_SECTION: ArticleSection = '边界与取舍 · 简单任务不需要八状态';

/**
 * The simple mode (scenario script-5min, SPEC §9) as code: a sketch, written in the style of the
 * article's `step_loop`, since the article prints no code for it, only the sentence "三状态（待跑 /
 * 在跑 / 完成）加一个失败态就够". Each branch is one transition of the engine's four-state machine
 * (src/engine/simpleMachine.ts): START sets running; a TICK runs the step and fails, completes
 * the last step, or moves on. No ledger, no retry, no checkpoint: none of those lines is here.
 */
// The template starts on its own line so the code reads at its own indentation; that first newline is dropped.
const TEXT = `
def run_script(task):                      # 三状态（待跑/在跑/完成）加一个失败态就够
    task.state = "running"                 # 待跑 → 在跑：待办只记在内存里
    while task.state == "running":
        result = run_step(task.current)
        if not result.ok:
            task.state = "failed"          # 失败态：不重试、无账本、不存档
        elif task.is_last():
            task.state = "completed"       # 完成
        else:
            task.advance()                 # 下一步`;

export const SIMPLE_SOURCE = TEXT.slice(1);

/** English glosses of the sketch's comments, by line. */
const GLOSS: Readonly<Record<number, string>> = {
  1: 'three states (to run / running / done) plus one failed state are enough',
  2: 'to run → running: the todos are kept in memory only',
  6: 'the failed state: no retry, no ledger, no checkpoint',
  8: 'done',
  10: 'the next step',
};

export const SIMPLE_LISTING: readonly CodeLine[] = numbered(SIMPLE_SOURCE, GLOSS);
