/**
 * What a tab keeps of a live class (issue 43), and where. No socket here: main.tsx imports this
 * file on every page to take the teacher token out of the address before anything is drawn, so
 * the projector's address bar never shows it; the relay's client loads only when a class is used.
 */

/**
 * The teacher's link carries its token in the fragment, `#teacher=<token>` (protocol.ts names the
 * class's addresses). Spelt here, not there: main.tsx reads it on every page, and protocol.ts's
 * schemas stay out of the first screen's chunk.
 */
export const TEACHER_FRAGMENT = 'teacher';

/** The teacher token `npm run class` printed (`#teacher=…`): this tab's, so it outlives a move between lessons. */
export const TEACHER_KEY = 'harness-sim.class.teacher';
/** The join code of the class this tab's teacher runs: a reload or another lesson reconnects to it. */
export const LIVE_KEY = 'harness-sim.class.live';
/** A student's secret for one class, per join code: a phone that sleeps or reloads resumes with it. */
export const secretKey = (code: string): string => `harness-sim.class.secret.${code}`;

/** The few Storage methods the class uses (sessionStorage, localStorage, or a test's map). */
export type KeyStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A store that forgets everything: a browser that blocks storage still runs a class, for this page only. */
const memory = (): KeyStore => {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
  };
};

/** `sessionStorage` or `localStorage`, or memory where the browser refuses it (private mode, a sandbox). */
export function storageOr(pick: () => Storage): KeyStore {
  try {
    const s = pick();
    s.getItem(TEACHER_KEY);
    return s;
  } catch {
    return memory();
  }
}

/**
 * Takes `#teacher=<token>` out of the address (history.replaceState: no reload, no history entry)
 * and keeps it in the tab's `store`. Returns the tab's token: the one just taken, or the one kept
 * earlier. The rest of the fragment, if any, stays.
 */
export function takeTeacherToken(
  location: Pick<Location, 'href'>,
  history: Pick<History, 'replaceState' | 'state'>,
  store: KeyStore,
): string | null {
  const url = new URL(location.href);
  const fragment = new URLSearchParams(url.hash.slice(1));
  const token = fragment.get(TEACHER_FRAGMENT);
  if (token !== null) {
    fragment.delete(TEACHER_FRAGMENT);
    const rest = fragment.toString();
    url.hash = rest ? `#${rest}` : '';
    // An empty hash still leaves a bare `#` in href: cut it.
    history.replaceState(history.state, '', url.href.replace(/#$/, ''));
    if (token) {
      try {
        store.setItem(TEACHER_KEY, token);
      } catch {
        // Storage full or blocked: the token is still read below for this page.
        return token;
      }
    }
  }
  return store.getItem(TEACHER_KEY);
}
