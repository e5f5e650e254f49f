import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pickLang, translate } from './i18n';
import { useSimStore } from './store/simStore';
import { App } from './ui/App';
import { ErrorBoundary } from './ui/ErrorBoundary';
import './ui/styles.css';

const store = useSimStore.getState();
store.setLang(pickLang(window.location.search, navigator.languages ?? [navigator.language]));
// Reads storage, then resumes the newest run of the scenario or creates one; `data-ready` follows.
void store.boot(window.location.search).catch((e: unknown) => {
  useSimStore.setState({ ready: true, storage: { status: 'error', message: String(e) } });
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ErrorBoundary message={(e) => translate(useSimStore.getState().lang, 'app.error', { msg: e.message })}>
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
