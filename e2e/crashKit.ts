import type { BrowserContext, Page } from '@playwright/test';

/**
 * The crash loop's kill, done inside the page so it lands at a chosen instant: every IndexedDB
 * write is held open ~10 ms before it may commit (as the store test's 10 ms writes), and a kill
 * aborts every write not yet committed, in the same task as it reads what the screen shows.
 * That is a process dying: what committed outlives it, nothing else does.
 */

/** What the screen showed at the kill. */
export interface Shown {
  /** `checkpoint-count`: the checkpoints the page shows as taken. */
  count: number;
  /** The newest `checkpoint-item`'s `data-seq` (0 with none). */
  seq: number;
  /** Done todos minus `steps-at-risk`: the steps the page shows as safe. */
  safe: number;
  /** Whether a write was in flight at the kill. */
  inFlight: boolean;
}

export type Read = Shown & { ahead: string[] };

interface KillHooks {
  arm(afterMs: number): void;
  killNow(): void;
  shown: Shown | null;
  /** Redraws that showed more checkpoints than were durable, each a step a kill would lose. */
  shownAhead: string[];
}

/** Installs the slow writes and the kill in every page of `context`. */
export async function slowWritesAndKill(context: BrowserContext, holdMs = 10) {
  await context.addInitScript((hold: number) => {
    const live = new Set<IDBTransaction>();
    let dead = false;
    let armed = 0;
    let killAt = Infinity;
    // Checkpoint seqs each write transaction holds, and the newest committed of each run.
    const holds = new WeakMap<IDBTransaction, [string, number][]>();
    const durable = new Map<string, number>();
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
      const key = args[1];
      if (Array.isArray(key) && key[0] === 'cp') holds.get(this.transaction)?.push([String(key[1]), Number(key[2])]);
      return put.apply(this, args);
    };
    const transaction = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<typeof transaction>) {
      const tx = transaction.apply(this, args);
      if (args[1] !== 'readwrite') return tx;
      if (dead) {
        tx.abort();
        return tx;
      }
      live.add(tx);
      holds.set(tx, []);
      for (const end of ['complete', 'abort', 'error']) tx.addEventListener(end, () => live.delete(tx));
      // Added before the app's own listener, so a write counts as durable before the app hears it.
      tx.addEventListener('complete', () => {
        for (const [run, seq] of holds.get(tx) ?? []) durable.set(run, Math.max(durable.get(run) ?? 0, seq));
      });
      // Cheap reads keep the transaction busy, so it cannot commit before `hold` ms have passed.
      const store = tx.objectStore(tx.objectStoreNames[0] as string);
      const until = performance.now() + hold;
      const spin = () => {
        if (!dead && performance.now() < until) store.get(['crash-kit-hold']).onsuccess = spin;
      };
      spin();
      return tx;
    };
    let lastCount = -1;
    let lastTick = '';
    const num = (id: string) =>
      Number((document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '').replace(/[^\d-]/g, ''));
    const currentRun = () =>
      document.querySelector('[data-testid="run-item"].is-current')?.getAttribute('data-run') ?? '';
    const hooks: KillHooks = {
      shown: null,
      shownAhead: [],
      arm: (afterMs) => {
        armed = 1;
        killAt = performance.now() + afterMs;
        lastCount = num('checkpoint-count');
        // What a resume would stand on now: the newest checkpoint, durable since an earlier page.
        durable.set(currentRun(), Math.max(durable.get(currentRun()) ?? 0, lastCount));
      },
      killNow: () => {
        if (dead) return;
        hooks.shown = {
          count: num('checkpoint-count'),
          seq: Number(document.querySelector('[data-testid="checkpoint-item"]')?.getAttribute('data-seq') ?? 0),
          safe: document.querySelectorAll('[data-testid="todo"][data-status="done"]').length - num('steps-at-risk'),
          inFlight: live.size > 0,
        };
        dead = true;
        for (const tx of live) {
          try {
            tx.abort();
          } catch {
            // Already committing: it is durable, and the resume may stand on it.
          }
        }
      },
    };
    (window as unknown as { crashKit: KillHooks }).crashKit = hooks;
    // At each redraw of the checkpoint count: had the process died now, would the resume stand
    // at or after it? Once the seeded delay passed, the kill lands right after the next tick shows.
    new MutationObserver(() => {
      if (armed === 0 || dead) return;
      const count = num('checkpoint-count');
      if (count !== lastCount) {
        lastCount = count;
        const run = currentRun();
        const safe = durable.get(run) ?? 0;
        if (count > safe) hooks.shownAhead.push(`${run}: showed ${count} checkpoints, ${safe} durable`);
      }
      // A tick shows as the step, the ledger or the virtual clock moving on.
      const clock = document.querySelector('[data-testid="virtual-clock"]')?.textContent ?? '';
      const tick = `${num('current-step')} ${document.querySelectorAll('[data-testid="ledger-row"]').length} ${clock}`;
      if (tick === lastTick) return;
      lastTick = tick;
      // Past the delay, the kill waits (up to a second) for a tick shown while a write is in
      // flight: the moment a step shown before its checkpoint is durable would be lost.
      const now = performance.now();
      if (now >= killAt && (live.size > 0 || now >= killAt + 1000)) hooks.killNow();
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, holdMs);
}

/** Arms the kill for the first tick shown `afterMs` from now. */
export const armKill = (page: Page, afterMs: number) =>
  page.evaluate((ms) => (window as unknown as { crashKit: KillHooks }).crashKit.arm(ms), afterMs);

/** Kills now if the armed kill has not landed; what the screen showed at the kill. */
export const killAndRead = (page: Page): Promise<Read> =>
  page.evaluate(() => {
    const kit = (window as unknown as { crashKit: KillHooks }).crashKit;
    kit.killNow();
    return { ...(kit.shown as Shown), ahead: kit.shownAhead };
  });

/** Kill times from a seed (mulberry32), so a failing crash loop replays: E2E_CRASH_SEED=<n>. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
