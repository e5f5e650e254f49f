import { useEffect, useState } from 'react';
import { useSimStore } from '../../store/simStore';
import { QUIET, factsOf, flush, offer, transitionText, type Coalescer } from './announce';

/**
 * A polite live region that says each transition as the page publishes it (so never before its
 * checkpoint is durable), coalesced during play (announce.ts). Another run taking the page (a
 * fork, a new run, opening a saved one) is not a transition and is not said.
 */
export function Announcer() {
  const [spoken, setSpoken] = useState({ text: '', n: 0 });
  useEffect(() => {
    let c: Coalescer = QUIET;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = useSimStore.getState();
    let seen = { sim: start.sim, length: start.view.logLength };
    const speak = (text: string | null) => {
      if (text) setSpoken((s) => ({ text, n: s.n + 1 }));
    };
    const onFlush = () => {
      timer = undefined;
      const f = flush(c, useSimStore.getState().lang, performance.now());
      c = f.next;
      speak(f.say);
    };
    const unsubscribe = useSimStore.subscribe((s, prev) => {
      if (s.view === prev.view) return;
      const v = s.view;
      const count = v.logLength - seen.length;
      const other = s.sim !== seen.sim || count < 0;
      seen = { sim: s.sim, length: v.logLength };
      const facts = other || count === 0 ? null : factsOf(v.log, v.context);
      if (!facts) return;
      const now = performance.now();
      const o = offer(c, s.lang, transitionText(s.lang, facts), count, now);
      c = o.next;
      speak(o.say);
      if (o.flushAt !== null && timer === undefined) timer = setTimeout(onFlush, Math.max(0, o.flushAt - now));
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, []);
  return (
    <div
      className="hs-sr-only"
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="sr-announcer"
      data-said={spoken.n}
    >
      {spoken.text}
    </div>
  );
}
