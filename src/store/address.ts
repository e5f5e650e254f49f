import { quote, type SimCommand } from '../engine';
import { pageSlicer } from './pageSlicer';
import { REPLAY_BUDGET_MS, decodeShare, sendInSlices, type Slicer, type Unpacked } from '../share';

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

/**
 * `?scenario=` or `?design=` the page has not got: the run uses the default instead, and says
 * what it replaced and with what, as the seed does (null when both were taken).
 */
export function replacedNotice(
  params: URLSearchParams,
  used: { scenario: string; design: string },
  lang: 'zh' | 'en',
): { kind: 'error'; text: string } | null {
  const { dropped } = decodeShare(params);
  const parts = (['scenario', 'design'] as const).flatMap((key) => {
    const d = dropped.find((x) => x.key === key);
    if (!d) return [];
    const shown = quote(d.value, 40);
    return lang === 'zh'
      ? [`网址里的${key === 'scenario' ? '场景' : '设计'} ${shown} 不存在，换成了 ${used[key]}`]
      : [`the URL's ${key} ${shown} does not exist: this run uses ${used[key]}`];
  });
  if (parts.length === 0) return null;
  return {
    kind: 'error',
    text: lang === 'zh' ? `${parts.join('；')}。` : `${parts.join('; ').replace(/^t/, 'T')}.`,
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
 * Sends a shared link's commands to the page's new run, through the page, in slices with turns
 * for the page between them and under a budget of work (share/replaySend.ts); says what did not
 * replay, else nothing. Every command a link carries moved the sharer's run, so one that moves
 * nothing here means another version of the page made the link: the run stops there and the
 * notice says where. A link whose replay outgrows the budget stops where it got to, and says so.
 */
export async function replayed(
  unpacked: Unpacked,
  lang: 'zh' | 'en',
  send: (cmd: SimCommand) => boolean,
  opts: { budgetMs?: number; slicer?: Slicer } = {},
): Promise<{ kind: 'error'; text: string } | null> {
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
  const r = await sendInSlices(commands, send, { ...opts, slicer: opts.slicer ?? pageSlicer });
  if (r.end === 'done') return null;
  const n = commands.length;
  if (r.end === 'budget') {
    const s = (opts.budgetMs ?? REPLAY_BUDGET_MS) / 1000;
    return {
      kind: 'error',
      text:
        lang === 'zh'
          ? `链接里的 ${n} 条命令重放了 ${s} 秒仍未放完（每条都比上一条更费时）：运行停在第 ${r.at} 条之后。`
          : `The link's ${n} commands took more than ${s} s of work to replay (each costs more than the one before): the run stands after command ${r.at}.`,
    };
  }
  return {
    kind: 'error',
    text:
      lang === 'zh'
        ? `链接里的第 ${r.at + 1} 条命令（共 ${n} 条）在这里不起作用，可能来自别的版本：运行停在第 ${r.at} 条之后。`
        : `Command ${r.at + 1} of ${n} in the link does nothing here (another version of the page made it): the run stands after command ${r.at}.`,
  };
}
