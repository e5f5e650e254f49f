import { DENSITY_POLICIES, GUARD_KINDS, type Config, type DensityPolicy } from './types.js';
import { errorText } from './errors.js';

const MINUTE = 60_000;

/** The defaults of SPEC §3 and §5. */
export const DEFAULT_CONFIG: Config = {
  remindAt: 2,
  fuseAt: 3,
  maxAttemptsPerStep: 10,
  density: 'key_actions',
  everyN: 10,
  processTimeoutMs: null,
  pollMs: 10 * MINUTE,
  flakiness: 0,
  heedReminder: 0.5,
  guard: 'article',
};

const DENSITIES: readonly DensityPolicy[] = DENSITY_POLICIES;

export type ConfigResult = { ok: true; config: Config } | { ok: false; error: string };

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/**
 * Checks a (partial) config against SPEC §3's invariant `1 ≤ remindAt < fuseAt ≤
 * maxAttemptsPerStep` and the other fields' ranges; fills what is missing from the defaults.
 * Unknown keys are refused too: a typo must not silently fall back to a default.
 */
export function validateConfig(partial: unknown): ConfigResult {
  if (typeof partial !== 'object' || partial === null || Array.isArray(partial)) {
    return { ok: false, error: errorText('E101') };
  }
  const unknown = Object.keys(partial).filter((k) => !Object.hasOwn(DEFAULT_CONFIG, k));
  if (unknown.length > 0) return { ok: false, error: errorText('E102', unknown.join(', ')) };
  const c = { ...DEFAULT_CONFIG, ...(partial as Partial<Config>) };
  if (!isInt(c.remindAt) || !isInt(c.fuseAt) || !isInt(c.maxAttemptsPerStep)) {
    return { ok: false, error: errorText('E103') };
  }
  if (!(1 <= c.remindAt && c.remindAt < c.fuseAt && c.fuseAt <= c.maxAttemptsPerStep)) {
    return {
      ok: false,
      error: errorText(
        'E104',
        `remindAt=${c.remindAt}, fuseAt=${c.fuseAt}, maxAttemptsPerStep=${c.maxAttemptsPerStep}`,
      ),
    };
  }
  if (!DENSITIES.includes(c.density)) return { ok: false, error: errorText('E105', String(c.density)) };
  if (!isInt(c.everyN) || c.everyN < 1) return { ok: false, error: errorText('E106') };
  if (c.processTimeoutMs !== null && !(isInt(c.processTimeoutMs) && c.processTimeoutMs > 0)) {
    return { ok: false, error: errorText('E107') };
  }
  if (!isInt(c.pollMs) || c.pollMs < 1) return { ok: false, error: errorText('E108') };
  if (typeof c.flakiness !== 'number' || !(c.flakiness >= 0 && c.flakiness < 1)) {
    return { ok: false, error: errorText('E109') };
  }
  if (typeof c.heedReminder !== 'number' || !(c.heedReminder >= 0 && c.heedReminder <= 1)) {
    return { ok: false, error: errorText('E110') };
  }
  if (!(GUARD_KINDS as readonly unknown[]).includes(c.guard))
    return { ok: false, error: errorText('E111', String(c.guard)) };
  return { ok: true, config: c };
}
