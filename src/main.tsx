// Before anything that could reach a script sink: the page's one Trusted Types policy.
import './trustedTypes';
// First the page's words start loading (words.ts), then storage opens (boot.ts), while the rest loads.
import { words } from './words';
import './boot';
import { storageOr, takeTeacherToken } from './class/keys';
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
import './ui/theme.css';
import './ui/styles.css';
import './ui/layout.css';

// The teacher's link from `npm run class` (`#teacher=…`): the token goes into this tab's storage
// and out of the address at once, before the projector shows the address bar to a room.
takeTeacherToken(
  window.location,
  window.history,
  storageOr(() => sessionStorage),
);

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

const root = document.getElementById('root') as HTMLElement;

// Nothing is drawn without its words; if they cannot be fetched, the page says so in both languages.
const wordsLoaded = await words.then(
  () => true,
  () => false,
);
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
