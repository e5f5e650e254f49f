/**
 * The page's React half, a chunk main.tsx imports two tasks after its own (storage opening, the
 * words on their way), react-dom between: each evaluates in a task of its own, not one long task
 * (speed device: docs/design/speed.md). Picks the view (page, compare, guide, trace, a class's
 * phone) and renders it.
 */
import { createRoot } from 'react-dom/client';
import { translate } from './i18n';
import { useSimStore } from './store/simStore';
import { StrictMode, Suspense, lazy, startTransition } from 'react';
import { App } from './ui/App';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { registerOffline } from './offline';
import { UpdateReady } from './ui/UpdateReady';
import { traceAsked, useTraceHandoff } from './ui/traces/handoff';
import { withViewWords } from './ui/viewWords';
// The page's own styles after the components' (React Flow's, the diagram's compact drawing):
// a rule of styles.css wins a tie with theirs, as it always has. index.html names this chunk's
// stylesheet in <head> (build/preload.ts), so its frame is styled before any script runs.
import './ui/theme.css';
import './ui/styles.css';
import './ui/layout.css';

/** `?compare=a,b` opens the side-by-side view, a chunk of its own (the first screen never loads it). */
const COMPARE = new URLSearchParams(window.location.search).has('compare');
const CompareView = lazy(() => import('./ui/compare/CompareView').then((m) => ({ default: m.CompareView })));
/**
 * `?guide=1` opens the teacher's guide instead of the simulator, a chunk of its own as well, with
 * the views' words (ui/viewWords.ts), as the trace view below.
 */
const GUIDE = !COMPARE && new URLSearchParams(window.location.search).has('guide');
const GuideView = lazy(withViewWords(() => import('./ui/guide/GuideView').then((m) => ({ default: m.GuideView }))));
/**
 * `?trace=sample-<id>` or `?trace=1` opens the trace view (SPEC §11), a chunk of its own; the runs
 * panel opens it in place with a picked file (ui/traces/handoff.ts: the file stays in memory, never
 * in the address or storage). Back from a view opened in place reloads the page it came from.
 */
const TRACE = !COMPARE && !GUIDE && traceAsked(window.location.search);
/** `?class=<code>` (or `?class=join`) is a student's phone in a live class (issue 43), a chunk of its own. */
const CLASS = new URLSearchParams(window.location.search).has('class');
const StudentPage = lazy(withViewWords(() => import('./ui/class/StudentPage')));
const TraceView = lazy(withViewWords(() => import('./ui/traces/TraceView').then((m) => ({ default: m.TraceView }))));
window.addEventListener('popstate', () => {
  if (useTraceHandoff.getState().shown) window.location.reload();
});

/** The simulator, or the trace view once the runs panel opens one in place. */
function Simulator() {
  const inPlace = useTraceHandoff((s) => s.shown);
  return TRACE || inPlace ? (
    <Suspense>
      <TraceView search={window.location.search} />
    </Suspense>
  ) : (
    <App />
  );
}

/**
 * Draws the page in `root` once its words are in (main.tsx's `words`); without them, says so in
 * both languages.
 */
export function start(root: HTMLElement, wordsLoaded: boolean): void {
  if (!wordsLoaded) {
    const p = document.createElement('p');
    p.className = 'hs-notice hs-notice--error';
    p.setAttribute('role', 'alert');
    p.textContent = '页面的文字没能加载，请刷新页面。 The page could not load its words: reload the page.';
    root.replaceChildren(p);
  } else {
    const reactRoot = createRoot(root);
    // A transition, so React renders the first screen in slices that leave the main thread free
    // between them (no long task from the render itself; index.html's frame is shown meanwhile).
    // Speed device: docs/design/speed.md.
    startTransition(() =>
      reactRoot.render(
        <StrictMode>
          <ErrorBoundary message={(e) => translate(useSimStore.getState().lang, 'app.error', { msg: e.message })}>
            <UpdateReady />
            {CLASS ? (
              <Suspense>
                <StudentPage search={window.location.search} />
              </Suspense>
            ) : COMPARE ? (
              <Suspense>
                <CompareView search={window.location.search} />
              </Suspense>
            ) : GUIDE ? (
              <Suspense>
                <GuideView />
              </Suspense>
            ) : (
              <Simulator />
            )}
          </ErrorBoundary>
        </StrictMode>,
      ),
    );
  }

  registerOffline();
}
