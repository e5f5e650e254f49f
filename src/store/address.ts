import { quote, type SimCommand } from '../engine';
import { loadDictionary, translate, type Lang } from '../i18n';
import { pageSlicer } from './pageSlicer';
import { REPLAY_BUDGET_MS, sendInSlices, type Decoded, type Slicer, type Unpacked } from '../share';

/**
 * What boot reads from the page's address besides the scenario: a seed it cannot take, the
 * parameters it drops once the run is saved, and a shared link's replay, each said as a notice
 * when it does not hold (runs.ts calls these).
 */

/** `?seed=` that is not a whole number from 0 to 2^53 − 1 (the run starts with seed 1 instead). */
export function badSeedNotice(text: string, lang: Lang): { kind: 'error'; text: string } {
  return { kind: 'error', text: translate(lang, 'address.badSeed', { seed: quote(text, 40) }) };
}

/**
 * `?scenario=` or `?design=` the page has not got: the run uses the default instead, and says
 * what it replaced and with what, as the seed does (null when both were taken).
 */
export function replacedNotice(
  dropped: Decoded['dropped'],
  used: { scenario: string; design: string },
  lang: Lang,
): { kind: 'error'; text: string } | null {
  const asked = (key: 'scenario' | 'design') => dropped.find((x) => x.key === key)?.value;
  const [scenario, design] = [asked('scenario'), asked('design')];
  if (scenario === undefined && design === undefined) return null;
  const which = scenario === undefined ? 'design' : design === undefined ? 'scenario' : 'both';
  return {
    kind: 'error',
    text: translate(lang, `address.replaced.${which}`, {
      scenario: quote(scenario ?? '', 40),
      design: quote(design ?? '', 40),
      usedScenario: used.scenario,
      usedDesign: used.design,
    }),
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
  lang: Lang,
  send: (cmd: SimCommand) => boolean,
  opts: { budgetMs?: number; slicer?: Slicer } = {},
): Promise<{ kind: 'error'; text: string } | null> {
  // The notice is said in the page's words: this runs at boot, beside their fetch.
  await loadDictionary(lang);
  if (!unpacked.ok) {
    const reason = unpacked.reason;
    return { kind: 'error', text: translate(lang, 'address.unreplayable', { reason }) };
  }
  const { commands } = unpacked.replay;
  const r = await sendInSlices(commands, send, { ...opts, slicer: opts.slicer ?? pageSlicer });
  if (r.end === 'done') return null;
  const n = commands.length;
  if (r.end === 'budget') {
    const s = (opts.budgetMs ?? REPLAY_BUDGET_MS) / 1000;
    return { kind: 'error', text: translate(lang, 'address.replayBudget', { n, s, at: r.at }) };
  }
  return { kind: 'error', text: translate(lang, 'address.replayStuck', { k: r.at + 1, n, at: r.at }) };
}
