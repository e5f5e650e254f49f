/**
 * The tick-to-screen measure, the part that runs inside the page (each function is passed to
 * page.evaluate or addInitScript, so it uses nothing from outside itself), and the plain pages
 * it is compared against.
 */
import type { BrowserContext } from '@playwright/test';
import { within } from '../chromium';
import { figure, median, type Figure } from '../lib';

/** Ticks per sample set, and the time limit (ms) for one set. */
export const TICK_SAMPLES = 50;
export const RUN_LIMIT = 120_000;

export interface TickSample {
  /** Click to the read-outs changed (the engine's step and React's commit). */
  commit: number;
  /** Click to the first animation frame after the change (its rAF callback). */
  frame: number;
  /** Click to just after that frame was produced (rAF, then a message-channel task). */
  paint: number;
  /** Whether the tick wrote a checkpoint (checkpoint-count changed): the page then shows it once IndexedDB has it. */
  wrote: boolean;
  /** Click to the second rAF after the change (double rAF). */
  doubleFrame: number;
  /**
   * For a tick that wrote: whether every IndexedDB write it started had completed when the page
   * showed the change (watchWrites below); null where writes are not watched or none was due.
   */
  durable: boolean | null;
}

declare global {
  interface Window {
    /** Every readwrite transaction of the page: when it started and when it completed (watchWrites). */
    __benchWrites?: { start: number; done: number | null }[];
  }
}

/**
 * Installed before any page script: records each IndexedDB readwrite transaction's start and
 * `complete` (the write is durable), so a tick sample can check that the page showed a step's
 * effects only after its checkpoint was stored (SPEC: durable before shown).
 */
export function watchWrites(): void {
  const writes: { start: number; done: number | null }[] = [];
  window.__benchWrites = writes;
  const open = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<typeof open>) {
    const tx = open.apply(this, args);
    if (args[1] === 'readwrite') {
      const w = { start: performance.now(), done: null as number | null };
      writes.push(w);
      tx.addEventListener('complete', () => (w.done = performance.now()));
    }
    return tx;
  } as typeof open;
}

/**
 * Inside the page: `n` ticks, each clicked at a random moment of a frame (as a person's click
 * would land), after the page has settled from the previous one.
 */
export async function tickSamples(n: number): Promise<TickSample[]> {
  const q = (id: string) => document.querySelector(`[data-testid="${id}"]`);
  const read = () => `${q('current-step')?.textContent ?? ''}|${q('current-state')?.textContent ?? ''}`;
  const frame = () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));
  const samples: TickSample[] = [];
  for (let i = 0; i < n; i++) {
    await frame();
    await frame();
    await new Promise((r) => setTimeout(r, Math.random() * 16));
    const button = q('btn-step') as HTMLButtonElement | null;
    if (!button || button.disabled) throw new Error(`btn-step not enabled at sample ${i} (${read()})`);
    const before = read();
    const checkpoints = q('checkpoint-count')?.textContent;
    const t0 = performance.now();
    button.click();
    await new Promise<void>((done, fail) => {
      if (read() !== before) return done();
      const timer = setTimeout(() => {
        observer.disconnect();
        fail(new Error(`no change after a tick within 10 s (${before})`));
      }, 10_000);
      const observer = new MutationObserver(() => {
        if (read() === before) return;
        clearTimeout(timer);
        observer.disconnect();
        done();
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const tShow = performance.now();
    const commit = tShow - t0;
    const times = await new Promise<[number, number, number]>((done) => {
      requestAnimationFrame(() => {
        const tFrame = performance.now();
        let tPaint = 0;
        const channel = new MessageChannel();
        channel.port1.onmessage = () => (tPaint = performance.now());
        channel.port2.postMessage(0);
        requestAnimationFrame(() => {
          const tDouble = performance.now();
          // The message runs long before the next frame; wait for it in the unlikely case it has not.
          const finish = () => (tPaint ? done([tFrame, tPaint, tDouble]) : setTimeout(finish, 0));
          finish();
        });
      });
    });
    const wrote = q('checkpoint-count')?.textContent !== checkpoints;
    // The writes this tick started before the page showed it: all complete by then, and at least one.
    const due = (window.__benchWrites ?? []).filter((w) => w.start >= t0 && w.start <= tShow);
    const durable =
      !wrote || !window.__benchWrites ? null : due.length > 0 && due.every((w) => w.done !== null && w.done <= tShow);
    samples.push({ commit, frame: times[0] - t0, paint: times[1] - t0, doubleFrame: times[2] - t0, wrote, durable });
  }
  return samples;
}

/** A page with nothing but a step button and a read-out: the floor of the tick-to-screen measure. */
export const FLOOR_PAGE = `<button data-testid="btn-step">step</button> <span data-testid="current-step">0</span>
<script>document.querySelector('button').onclick = () => { const s = document.querySelector('[data-testid=current-step]'); s.textContent = String(Number(s.textContent) + 1); };</script>`;

/**
 * A page with a step button and one list box, nothing else: a table of rows of eight cells (like a
 * ledger row) that gains a row a click and follows the newest in the next frame, as the ledger
 * does. `most` rows at most: 119, dropping 40 once it has 120 (the ledger's window), or 10,
 * dropping the oldest on every click (a list cut to the rows in view). What one list panel costs
 * on its own, in plain DOM.
 */
export const listPage = (most: number) => `<style>
  body { font: 13px sans-serif; margin: 0; }
  .box { height: 14rem; width: 40rem; overflow: auto; contain: strict; background: #fff; }
  table { border-collapse: collapse; width: 100%; }
  td { border-bottom: 1px solid #eee; padding: 1px 4px; vertical-align: top; }
</style>
<button data-testid="btn-step">step</button> <span data-testid="current-step">0</span>
<div class="box"><table><tbody></tbody></table></div>
<script>
  const box = document.querySelector('.box');
  const body = box.querySelector('tbody');
  const most = ${most};
  const drop = most > 40 ? 40 : 1;
  let n = 0;
  function add() {
    n++;
    const tr = document.createElement('tr');
    for (const text of [n, 1, 'read_file', '{"path":"schema/source' + n + '.sql","round":2}', 'ok', '', 'model', 'Day 2 · 01:' + (n % 60)]) {
      const td = document.createElement('td');
      td.textContent = String(text);
      tr.append(td);
    }
    body.append(tr);
    if (body.children.length > most) for (let i = 0; i < drop; i++) body.firstChild.remove();
    document.querySelector('[data-testid=current-step]').textContent = String(n);
    requestAnimationFrame(() => { box.scrollTop = box.scrollHeight; });
  }
  for (let i = 0; i < Math.min(90, most); i++) add();
  document.querySelector('button').onclick = add;
</script>`;

/**
 * The tick samples in two: those that wrote a checkpoint wait for IndexedDB before the page shows
 * them (a step's effects are never shown before its checkpoint is durable), the others do not.
 */
export function splitByWrite(samples: TickSample[]): Figure[] {
  const out: Figure[] = [];
  for (const [wrote, label] of [
    [false, 'no checkpoint written'],
    [true, 'a checkpoint written (shown once IndexedDB has it)'],
  ] as const) {
    const some = samples.filter((s) => s.wrote === wrote);
    if (some.length === 0) continue;
    out.push(
      figure(
        `tick to screen, ticks with ${label}, median`,
        median(some.map((s) => s.paint)),
        'ms',
        undefined,
        `${some.length} of ${samples.length} ticks; click to read-outs changed ${median(some.map((s) => s.commit)).toFixed(1)} ms`,
      ),
    );
  }
  return out;
}

/** The tick samples on a new page of the context made of `html` (FLOOR_PAGE, listPage). */
export async function ticksOn(context: BrowserContext, html: string, what: string): Promise<TickSample[]> {
  const page = await context.newPage();
  await page.setContent(html);
  return within(page.evaluate(tickSamples, TICK_SAMPLES), RUN_LIMIT, `tick samples, ${what}`);
}

/** Inside the page: the median interval between animation frames (the page's frame rate). */
export async function frameInterval(): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 31; i++) times.push(await new Promise<number>((r) => requestAnimationFrame(r)));
  const deltas = times
    .slice(1)
    .map((t, i) => t - (times[i] as number))
    .sort((a, b) => a - b);
  return deltas[Math.floor(deltas.length / 2)] as number;
}

/**
 * Inside the page: press btn-step until current-step reaches about `target`. The page publishes a
 * change only once the checkpoints it asked for are durable, so the read-out can lag the clicks:
 * press at most 100 times (a frame every 20), wait for the read-out to move and then to stay put
 * for half a second, look again.
 */
export async function stepTo(target: number): Promise<number> {
  const q = (id: string) => document.querySelector(`[data-testid="${id}"]`);
  const step = () => Number((q('current-step')?.textContent ?? '').replace(/[^\d]/g, ''));
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  for (let round = 0; round < 100 && step() < target; round++) {
    const from = step();
    const presses = Math.min(100, target - from);
    for (let i = 0; i < presses; i++) {
      (q('btn-step') as HTMLButtonElement).click();
      if (i % 20 === 19) await frame();
    }
    const t0 = performance.now();
    while (step() === from && performance.now() - t0 < 10_000) await pause(20);
    let last = step();
    let since = performance.now();
    while (performance.now() - since < 500 && performance.now() - t0 < 20_000) {
      await pause(50);
      if (step() !== last) {
        last = step();
        since = performance.now();
      }
    }
  }
  await frame();
  return step();
}
