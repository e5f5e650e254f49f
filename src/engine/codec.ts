import { why } from './why';
import {
  MIGRATIONS,
  TOOL_NAMES,
  errorText,
  quote,
  checkCheckpoint as checkAgainstPlans,
  parseCheckpoint as parseAgainstPlans,
  type Migrations,
  type ParseResult,
} from 'harness-core/sim';
import { findScenario } from './scenarios';

/**
 * The checkpoint codec (harness-core) bound to this simulator's plans: a checkpoint names its
 * scenario, and one this simulator does not have is refused (E206).
 */
export const parseCheckpoint = (text: string, migrations: Migrations = MIGRATIONS): ParseResult =>
  ownTools(parseAgainstPlans(text, findScenario, migrations));

/** The same checks on a value already parsed from JSON (IndexedDB stores objects). */
export const checkCheckpoint = (raw: unknown, migrations: Migrations = MIGRATIONS): ParseResult =>
  ownTools(checkAgainstPlans(raw, findScenario, migrations));

const KNOWN_TOOLS: ReadonlySet<string> = new Set(TOOL_NAMES);

/**
 * harness-core takes any tool name; this simulator times and sizes its five tools only, so a
 * stored step (a dynamic plan's rest, a rejection's answer) naming another is refused (E205).
 */
function ownTools(r: ParseResult): ParseResult {
  if (!r.ok) return r;
  const plan = r.checkpoint.plan;
  const steps = [...(plan.remaining ?? []), ...(plan.answers ?? []).flatMap((a) => a.steps)];
  const other = steps.find((s) => !KNOWN_TOOLS.has(s.tool));
  return other
    ? {
        ok: false,
        error: errorText('E205', why('why.unknownTool', quote(other.tool))),
      }
    : r;
}
