import { DEFAULT_KEY_ACTIONS, type KeyActionRule, type TraceFormat } from '../../traces';

/**
 * Key actions as one field: tool names, comma-separated, and `*part*` for a part matched in
 * any name (the OTLP default is all parts: `*write*, *exec*, …`).
 */
const keyActionsText = (rule: KeyActionRule): string =>
  [...rule.names, ...rule.patterns.map((p) => `*${p}*`)].join(', ');

export const defaultKeyActionsText = (format: TraceFormat): string => keyActionsText(DEFAULT_KEY_ACTIONS[format]);

export function keyActionsRule(text: string): KeyActionRule {
  const items = text
    .split(/[,，、]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const part = /^\*(.+)\*$/;
  return {
    names: items.filter((s) => !part.test(s)),
    patterns: items.flatMap((s) => {
      const m = part.exec(s);
      return m ? [(m[1] as string).trim()] : [];
    }),
  };
}
