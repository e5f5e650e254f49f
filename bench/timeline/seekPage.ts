/**
 * Seek to screen, the part that runs inside the page (passed to page.evaluate, so it uses
 * nothing from outside itself), and the part of a Chromium trace that says what each seek cost
 * the page's main thread.
 */

/** One seek of the timeline slider, timed inside the page (ms from the input). */
export interface SeekSample {
  /** The event sought (the slider's value). */
  target: number;
  /** To the read-outs showing that moment (the store's seek committed by React). */
  commit: number;
  /** To the first animation frame after that (its rAF callback). */
  frame: number;
  /** To just after that frame was produced (rAF, then a message-channel task): the figure. */
  paint: number;
}

export interface SeekRun {
  samples: SeekSample[];
  /** Seeks not timed: the moment sought reads the same step and clock as the one shown before it. */
  alike: number;
  /** The slider's aria-valuemax + 1: how many events the run has. */
  events: number;
}

/**
 * Inside the page: `n` seeks of the `timeline` slider to seeded random events (after one
 * discarded warm-up), each at a random moment of a frame, after two frames of rest. Each is set
 * the way a drag sets it: the input's value, then an `input` event (what a pointer move on a
 * range input dispatches, and what React's onChange listens to). The moment counts as shown
 * when the step read-out and the virtual clock say what the slider's aria-valuetext says of
 * that event (`step N, <clock>`) and the app is `data-seeking`. `performance.mark`s `seek-<i>-in`
 * and `seek-<i>-out` bracket each timed seek for the trace.
 */
export async function seekSamples({ n, seed }: { n: number; seed: number }): Promise<SeekRun> {
  const q = (id: string) => document.querySelector(`[data-testid="${id}"]`);
  const slider = q('timeline') as HTMLInputElement | null;
  if (!slider) throw new Error('no timeline slider on the page');
  const events = Number(slider.getAttribute('aria-valuemax')) + 1;
  const frame = () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  if (!setValue) throw new Error('no value setter on HTMLInputElement');
  // mulberry32, as bench/engine/timeline.ts's positions.
  let a = seed;
  const random = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const total = () => Number(q('step-total')?.textContent ?? '0');
  const shown = () => ({
    step: (q('current-step')?.textContent ?? '').trim(),
    clock: (q('virtual-clock')?.textContent ?? '').trim(),
  });
  const seeking = () => q('app')?.getAttribute('data-seeking') === 'true';
  /** What the slider says of the event it stands at: its step (as the read-out caps it) and clock. */
  const said = () => {
    const m = /, step (\d+), (.+)$/.exec(slider.getAttribute('aria-valuetext') ?? '');
    if (!m) throw new Error(`aria-valuetext not read: ${slider.getAttribute('aria-valuetext')}`);
    return { step: String(Math.min(Number(m[1]), total())), clock: m[2] as string };
  };
  const matches = (s: { step: string; clock: string }, want: { step: string; clock: string }) =>
    s.step === want.step && s.clock.includes(want.clock);
  slider.focus();
  const samples: SeekSample[] = [];
  let alike = 0;
  for (let i = -1; i < n; i++) {
    await frame();
    await frame();
    await new Promise((r) => setTimeout(r, random() * 16));
    let target = Math.floor(random() * (events - 1));
    if (String(target) === slider.value) target = (target + 1) % (events - 1);
    const before = shown();
    if (i >= 0) performance.mark(`seek-${i}-in`);
    const t0 = performance.now();
    setValue.call(slider, String(target));
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    // The thumb and its words follow the input at once (the seek itself lands in the next frame).
    if (slider.getAttribute('aria-valuenow') !== String(target))
      throw new Error(`the slider did not take ${target} (${slider.getAttribute('aria-valuenow')})`);
    const want = said();
    if (matches(before, want)) {
      // Nothing on screen would change: not timed, but let the seek land before the next.
      for (let k = 0; k < 4; k++) await frame();
      if (i >= 0) alike++;
      continue;
    }
    await new Promise<void>((done, fail) => {
      const landed = () => seeking() && matches(shown(), want);
      if (landed()) return done();
      const timer = setTimeout(() => {
        observer.disconnect();
        fail(
          new Error(`event ${target} not shown within 10 s (${JSON.stringify(shown())} for ${JSON.stringify(want)})`),
        );
      }, 10_000);
      const observer = new MutationObserver(() => {
        if (!landed()) return;
        clearTimeout(timer);
        observer.disconnect();
        done();
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const commit = performance.now() - t0;
    const [tFrame, tPaint] = await new Promise<[number, number]>((done) => {
      requestAnimationFrame(() => {
        const f = performance.now();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => done([f, performance.now()]);
        channel.port2.postMessage(0);
      });
    });
    if (i < 0) continue;
    performance.mark(`seek-${i}-out`);
    samples.push({ target, commit, frame: tFrame - t0, paint: tPaint - t0 });
  }
  return { samples, alike, events };
}

interface MarkEvent {
  name: string;
  ph: string;
  tid: number;
  /** The thread's CPU clock when the mark was made, µs. */
  tts?: number;
}

/**
 * The CPU time of the page's main thread during each timed seek, ms, from a trace of
 * `seekSamples` (category `blink.user_timing`): each `performance.mark` carries its thread's CPU
 * clock (`tts`), so `seek-<i>-out` minus `seek-<i>-in` is the main thread's CPU from the input
 * to the frame that showed the moment (its rendering included; the compositor's and the GPU
 * process's work, and the mark before the input fires, are not).
 */
export function seekCpu(trace: Buffer): number[] {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: MarkEvent[] };
  const marks = new Map<number, { in?: number; out?: number; tid?: number }>();
  for (const e of traceEvents) {
    const m = /^seek-(\d+)-(in|out)$/.exec(e.name);
    if (!m || e.ph === 'M' || e.tts === undefined) continue;
    const w = marks.get(Number(m[1])) ?? {};
    if (w.tid !== undefined && w.tid !== e.tid) continue;
    w.tid = e.tid;
    if (m[2] === 'in') w.in ??= e.tts;
    else w.out ??= e.tts;
    marks.set(Number(m[1]), w);
  }
  return [...marks]
    .sort((x, y) => x[0] - y[0])
    .flatMap(([, w]) => (w.in === undefined || w.out === undefined ? [] : [(w.out - w.in) / 1000]));
}
