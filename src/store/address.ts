import { quote, type SimCommand } from '../engine';
import type { Unpacked } from '../share';

/**
 * What boot reads from the page's address besides the scenario: a seed it cannot take, the
 * parameters it drops once the run is saved, and a shared link's replay, each said as a notice
 * when it does not hold (runs.ts calls these).
 */

/** `?seed=` that is not a whole number from 0 to 2^53 − 1 (the run starts with seed 1 instead). */
export function badSeedNotice(text: string, lang: 'zh' | 'en'): { kind: 'error'; text: string } {
  const shown = quote(text, 40);
  return {
    kind: 'error',
    text:
      lang === 'zh'
        ? `网址里的种子 ${shown} 不是 0 到 2^53 − 1 之间的整数：这次运行用种子 1。`
        : `The URL's seed ${shown} is not a whole number from 0 to 2^53 − 1: this run uses seed 1.`,
  };
}

const URL_PARAMS_TO_DROP = ['run', 'replay'];

/** Drops `run=new` and `replay` from the address once the run is saved: a reload resumes that run. */
export function dropRunNew() {
  const url = new URL(window.location.href);
  if (!URL_PARAMS_TO_DROP.some((p) => url.searchParams.has(p))) return;
  for (const p of URL_PARAMS_TO_DROP) url.searchParams.delete(p);
  window.history.replaceState(null, '', url);
}

/**
 * Sends a shared link's commands to the page's new run, through the page (so each checkpoint is
 * written and shown as a pressed button's would be); says what did not replay, else nothing.
 * Every command a link carries moved the sharer's run, so one that moves nothing here means
 * another version of the page made the link: the run stops there and the notice says where.
 */
export function replayed(
  unpacked: Unpacked,
  lang: 'zh' | 'en',
  send: (cmd: SimCommand) => boolean,
): { kind: 'error'; text: string } | null {
  if (!unpacked.ok) {
    return {
      kind: 'error',
      text:
        lang === 'zh'
          ? `链接里的时刻无法重现（${unpacked.reason.zh}）：运行从头开始。`
          : `The link's moment cannot be replayed (${unpacked.reason.en}): the run starts from the beginning.`,
    };
  }
  const { commands } = unpacked.replay;
  for (let i = 0; i < commands.length; i++) {
    if (send(commands[i]!)) continue;
    return {
      kind: 'error',
      text:
        lang === 'zh'
          ? `链接里的第 ${i + 1} 条命令（共 ${commands.length} 条）在这里不起作用，可能来自别的版本：运行停在第 ${i} 条之后。`
          : `Command ${i + 1} of ${commands.length} in the link does nothing here (another version of the page made it): the run stands after command ${i}.`,
    };
  }
  return null;
}
