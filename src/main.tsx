// First: storage starts opening while the rest of the page loads (see boot.ts).
import './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { translate } from './i18n';
import { useSimStore } from './store/simStore';
import { App } from './ui/App';
import { ErrorBoundary } from './ui/ErrorBoundary';
import './ui/theme.css';
import './ui/styles.css';
import './ui/layout.css';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ErrorBoundary message={(e) => translate(useSimStore.getState().lang, 'app.error', { msg: e.message })}>
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
