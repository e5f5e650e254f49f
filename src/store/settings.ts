import type { StateCreator } from 'zustand';
import type { Config } from '../engine';
import type { RunSettings, SettingsSlice, Store } from './types';

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

/** What the person chose on the page: language, the error to inject, the settings of a new run. */
export const createSettingsSlice: StateCreator<Store, [], [], SettingsSlice> = (set) => ({
  lang: 'en',
  errorType: 'not_found',
  rejectReason: '',
  helpOpen: false,
  codeShown: null,
  settings: { density: 'key_actions', design: 'article', overnight: false, heedReminder: 0.5 },
  setLang: (lang) => set({ lang }),
  setErrorType: (errorType) => set({ errorType }),
  setRejectReason: (rejectReason) => set({ rejectReason }),
  setHelpOpen: (helpOpen) => set({ helpOpen }),
  setCodeShown: (codeShown) => set({ codeShown }),
  setSettings: (s) => set((st) => ({ settings: { ...st.settings, ...s } })),
});
