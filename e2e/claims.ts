import type { Page } from '@playwright/test';
import type { Shown } from '../src/lessons/shows';

/** The code view's lit line and the move it names (`code-view[data-transition]`), as the page shows them. */
export interface CodeShown {
  transition: string | null;
  lines: number[];
}

/**
 * What the page shows of its run, read from the UI contract's hooks alone, in the terms a lesson
 * stop's `shows` uses (src/lessons/types.ts): the browser half of "every claim held to the run".
 * Where the engine and the screen could differ (the step past the plan's end, a plan version of
 * 0), this reads the screen.
 */
export function readPage(page: Page): Promise<Shown & { code: CodeShown | null }> {
  return page.evaluate(() => {
    const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    const num = (id: string): number => {
      const el = q(id);
      return el ? Number((el.textContent ?? '').replace(/[^\d-]/g, '')) : NaN;
    };
    const channel = q('context-channel');
    const kinds = channel ? [...channel.querySelectorAll<HTMLElement>('[data-kind]')] : [];
    const ledger = q('ledger');
    const latest = q('checkpoint-latest')?.textContent ?? '';
    let newest: { step: number; trigger: string; state: string } | null = null;
    try {
      if (latest.trim().startsWith('{')) {
        const cp = JSON.parse(latest) as { step: number; trigger: string; state: string };
        newest = { step: cp.step, trigger: cp.trigger, state: cp.state };
      }
    } catch {
      newest = null;
    }
    const clock = q('virtual-clock');
    const side = q('side-task');
    const cpBytes = num('checkpoint-bytes');
    const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="ledger-row"]')]
      .map((r) => ({
        i: Number(r.dataset.index),
        step: Number(r.dataset.step),
        tool: r.dataset.tool ?? '',
        args: r.dataset.args ?? '',
      }))
      .sort((a, b) => a.i - b.i);
    const rowCount = ledger ? Number(ledger.getAttribute('aria-rowcount') ?? 1) - 1 : 0;
    // The newest row is drawn (the ledger follows its end); the row before it at its step is
    // looked for among the drawn rows, which hold every row of a lesson's short ledgers.
    const newestRow = rows.at(-1);
    let call: { step: number; tool: string; args: string; changed: boolean } | null = null;
    if (newestRow && newestRow.i === rowCount - 1) {
      const before = rows.slice(0, -1).findLast((r) => r.step === newestRow.step);
      const changed = before !== undefined && (before.tool !== newestRow.tool || before.args !== newestRow.args);
      call = { step: newestRow.step, tool: newestRow.tool, args: newestRow.args, changed };
    }
    // A long history is windowed: its rows then carry the whole length in aria-setsize.
    const items = document.querySelectorAll('[data-testid="checkpoint-item"]');
    const stored = Number(items[0]?.getAttribute('aria-setsize') ?? items.length);
    const codeView = q('code-view');
    const code = codeView
      ? {
          transition: codeView.dataset.transition ?? null,
          lines: [...codeView.querySelectorAll<HTMLElement>('[data-testid="code-line"][data-active="true"]')].map(
            (el) => Number(el.dataset.line),
          ),
        }
      : null;
    return {
      // Stored checkpoints with no bytes written is a meter that lags its history: -1, never a match.
      stored: stored > 0 && num('bytes-written') <= 0 ? -1 : stored,
      code,
      call,
      state: (q('current-state')?.textContent ?? '') as never,
      step: num('current-step'),
      ended: (q('run-ended')?.dataset.reason ?? null) as never,
      down: (q('process-down')?.dataset.down ?? null) as never,
      loop: (q('loop-none') ? null : (q('loop-stage')?.dataset.stage ?? null)) as never,
      count: q('loop-none') ? 0 : num('loop-count'),
      guard: (q('design-name')?.dataset.guard ?? '') as never,
      // The channel lists its newest message first.
      message: (kinds[0]?.dataset.kind ?? null) as never,
      ledger: ledger ? Number(ledger.getAttribute('aria-rowcount') ?? 1) - 1 : 0,
      checkpoints: num('checkpoint-count'),
      newest: newest as never,
      wasted: num('steps-wasted'),
      rereads: num('files-reread'),
      requests: num('approval-requests'),
      plan: { version: Number(q('plan-version')?.dataset.version ?? NaN), steps: num('step-total') },
      side: side ? (side.dataset.doneAt ? 'done' : 'waiting') : ('' as never),
      fullStateTimes: cpBytes > 0 ? num('fullstate-bytes') / cpBytes : 0,
      clock: { day: Number(clock?.dataset.day ?? NaN), minutes: Number(clock?.dataset.minutes ?? NaN) },
    };
  });
}

/** A projector's window: presenter mode is checked at both. */
export const PROJECTORS = [
  { width: 1024, height: 768 },
  { width: 1280, height: 720 },
] as const;

/**
 * What is wrong with the read-outs a stop cites (its `focus`) as presenter mode shows them: each
 * must be drawn, wholly inside the window and every box that clips it, its figure at 24 px or
 * more (`diagram`: the lit state's name as drawn, the diagram's zoom included), a meter's figure
 * the same as the page's own hook. Empty when all are right.
 */
export function citedProblems(page: Page, focus: readonly string[]): Promise<string[]> {
  return page.evaluate((focus) => {
    const problems: string[] = [];
    for (const f of focus) {
      const el =
        f === 'diagram'
          ? document.querySelector<HTMLElement>('.hs-diagram [data-testid^="state-"][data-active="true"]')
          : document.querySelector<HTMLElement>(`[data-testid="present-readout"][data-readout="${f}"]`);
      if (!el || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) {
        problems.push(`${f}: not shown`);
        continue;
      }
      const r = el.getBoundingClientRect();
      const out = (b: { top: number; left: number; bottom: number; right: number }) =>
        r.top < b.top - 0.5 || r.left < b.left - 0.5 || r.bottom > b.bottom + 0.5 || r.right > b.right + 0.5;
      if (r.width < 1 || r.height < 1 || out({ top: 0, left: 0, bottom: innerHeight, right: innerWidth }))
        problems.push(`${f}: outside the window`);
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflow !== 'visible' && out(a.getBoundingClientRect())) {
          problems.push(`${f}: clipped by .${a.className}`);
          break;
        }
      const text = el.querySelector<HTMLElement>(f === 'diagram' ? '.hs-node__label' : '.hs-evidence__value');
      if (!text) {
        problems.push(`${f}: no figure`);
        continue;
      }
      let px = parseFloat(getComputedStyle(text).fontSize);
      if (f === 'diagram') {
        const node = el.closest<HTMLElement>('.react-flow__node')!;
        px *= node.getBoundingClientRect().height / node.offsetHeight;
      }
      if (px < 24) problems.push(`${f}: ${px.toFixed(1)} px`);
      // A meter's figure is the page's own (its hook, hidden in presenter mode), not another reading.
      const hook = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? '';
      const same: Record<string, () => string> = {
        step: () => `${hook('current-step')} / ${hook('step-total')}`,
        wasted: () => hook('steps-wasted'),
        tokens: () => hook('token-meter'),
        clock: () => hook('virtual-clock'),
        checkpoints: () => hook('checkpoint-count'),
        requests: () => hook('approval-requests'),
      };
      const want = same[f]?.();
      if (want !== undefined && text.textContent?.trim() !== want)
        problems.push(`${f}: ${text.textContent?.trim()}, the page's ${want}`);
    }
    return problems;
  }, focus);
}
