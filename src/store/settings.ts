import type { Config, InjectableError, Lang } from '../engine';
import type { RunSettings, SliceArgs } from './types';

/** The overnight lesson's process timeout: the process is killed 8 virtual hours into a wait. */
const OVERNIGHT_MS = 8 * 60 * 60_000;

/** The engine config a run's settings ask for. */
export function configOf(settings: RunSettings): Partial<Config> {
  return {
    density: settings.density,
    heedReminder: settings.heedReminder,
    ...(settings.overnight ? { processTimeoutMs: OVERNIGHT_MS } : {}),
  };
}

/** What the person chose, as a page starts. */
const chosen = {
  lang: 'en' as Lang,
  errorType: 'not_found' as InjectableError,
  rejectReason: '',
  helpOpen: false,
  /** The article's code beside the diagram (ui-contract `toggle-code`); null: the page's default (on in a lesson). */
  codeShown: null as boolean | null,
  settings: { density: 'key_actions', design: 'article', overnight: false, heedReminder: 0.5 } as RunSettings,
};

/** The first slice: what the person chose on the page (language, the error to inject, a new run's settings). */
export const createSettingsSlice = (...[set]: SliceArgs<typeof chosen>) => ({
  ...chosen,
  setLang: (lang: Lang) => set({ lang }),
  setErrorType: (errorType: InjectableError) => set({ errorType }),
  setRejectReason: (rejectReason: string) => set({ rejectReason }),
  setHelpOpen: (helpOpen: boolean) => set({ helpOpen }),
  setCodeShown: (codeShown: boolean) => set({ codeShown }),
  setSettings: (s: Partial<RunSettings>) => set((st) => ({ settings: { ...st.settings, ...s } })),
});

export type SettingsSlice = ReturnType<typeof createSettingsSlice>;
