import {
  MIGRATIONS,
  checkCheckpoint as checkAgainstPlans,
  parseCheckpoint as parseAgainstPlans,
  type Migrations,
  type ParseResult,
} from 'harness-core';
import { findScenario } from './scenarios';

/**
 * The checkpoint codec (harness-core) bound to this simulator's plans: a checkpoint names its
 * scenario, and one this simulator does not have is refused (E206).
 */
export const parseCheckpoint = (text: string, migrations: Migrations = MIGRATIONS): ParseResult =>
  parseAgainstPlans(text, findScenario, migrations);

/** The same checks on a value already parsed from JSON (IndexedDB stores objects). */
export const checkCheckpoint = (raw: unknown, migrations: Migrations = MIGRATIONS): ParseResult =>
  checkAgainstPlans(raw, findScenario, migrations);
