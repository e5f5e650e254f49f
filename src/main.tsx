// First: storage starts opening while the rest of the page loads (see boot.ts).
import './boot';
import { createRoot } from 'react-dom/client';
import { translate } from './i18n';
import { useSimStore } from './store/simStore';
import { StrictMode, Suspense, lazy } from 'react';
import { App } from './ui/App';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { registerOffline } from './offline';
import './ui/theme.css';
import './ui/styles.css';
import './ui/layout.css';

/** `?compare=a,b` opens the side-by-side view, a chunk of its own (the first screen never loads it). */
const COMPARE = new URLSearchParams(window.location.search).has('compare');
const CompareView = lazy(() => import('./ui/compare/CompareView').then((m) => ({ default: m.CompareView })));

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ErrorBoundary message={(e) => translate(useSimStore.getState().lang, 'app.error', { msg: e.message })}>
      {COMPARE ? (
        <Suspense>
          <CompareView search={window.location.search} />
        </Suspense>
      ) : (
        <App />
      )}
    </ErrorBoundary>
  </StrictMode>,
);

registerOffline();
