// Before anything that could reach a script sink: the page's one Trusted Types policy.
import './trustedTypes';
// First the page's words start loading (words.ts), then storage opens (boot.ts), while the rest loads.
import { words } from './words';
import './boot';
import { storageOr, takeTeacherToken } from './class/keys';
import { pageSlicer } from './store/pageSlicer';

// The teacher's link from `npm run class` (`#teacher=…`): the token goes into this tab's storage
// and out of the address at once, before the projector shows the address bar to a room.
takeTeacherToken(
  window.location,
  window.history,
  storageOr(() => sessionStorage),
);

// The page's script in three tasks, not one long one at a slow CPU: this chunk (storage opening,
// the words on their way), then react-dom, then the React half (start.tsx). V8 also writes each
// part's code cache in a task of its own on a second visit. index.html names their files
// (build/preload.ts), so they are fetched with this one, not after it has run (speed device:
// docs/design/speed.md). No top-level await: start.tsx imports modules of this chunk, which must
// have finished evaluating.
const root = document.getElementById('root') as HTMLElement;
// Heard at once: a words fetch that fails early is handled, not an unhandled rejection.
const wordsLoaded = words.then(
  () => true,
  () => false,
);
void pageSlicer
  .yield()
  .then(() => import('react-dom/client'))
  .then(pageSlicer.yield)
  .then(() => Promise.all([import('./start'), wordsLoaded]))
  .then(
    ([{ start }, loaded]) => start(root, loaded),
    // Its file could not be fetched (an update removed it, the network went): said in both languages.
    () => {
      const p = document.createElement('p');
      p.className = 'hs-notice hs-notice--error';
      p.setAttribute('role', 'alert');
      p.textContent = '页面没能加载，请刷新页面。 The page could not load: reload the page.';
      root.replaceChildren(p);
    },
  );
