import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_SCENARIO_ID } from './engine';
import { pickLang, translate } from './i18n';
import { useSimStore } from './store/simStore';
import { App } from './ui/App';
import { ErrorBoundary } from './ui/ErrorBoundary';
import './ui/styles.css';

const params = new URLSearchParams(window.location.search);
const lang = pickLang(window.location.search, navigator.languages ?? [navigator.language]);
const seed = Number.parseInt(params.get('seed') ?? '1', 10);
const store = useSimStore.getState();
store.setLang(lang);
store.newRun(params.get('scenario') ?? DEFAULT_SCENARIO_ID, Number.isFinite(seed) ? seed : 1);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ErrorBoundary message={(e) => translate(useSimStore.getState().lang, 'app.error', { msg: e.message })}>
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
