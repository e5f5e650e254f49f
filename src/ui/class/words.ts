import type { ClassStatus } from '../../class/view';
import type { ClassError } from '../../class/protocol';
import type { StateName } from '../../engine';
import type { MessageKey } from '../../i18n';
import { isSimpleChoices } from '../../lessons';
import type { T } from '../useT';

/** What the projector says of a class that is not running: why, and what to do (null: nothing to say). */
export function classStatusWords(status: ClassStatus): MessageKey | null {
  switch (status) {
    case 'connecting':
      return 'class.connecting';
    case 'norelay':
      return 'class.norelay';
    case 'notoken':
      return 'class.notoken';
    case 'forbidden':
      return 'class.forbidden';
    case 'ended':
      return 'class.ended';
    default:
      return null;
  }
}

/**
 * A choice as the projector's Predict first says it: a step number, one of the simple mode's four
 * names, or a state's name; anything else (the relay passes only what the projector sent) as it is.
 */
export function choiceLabel(t: T, choice: string, choices: readonly string[]): string {
  if (/^\d+$/.test(choice)) return t('predict.step', { n: Number(choice) });
  const simple = isSimpleChoices(choices as StateName[]);
  const key = simple ? `simpleState.${choice}` : `state.${choice}`;
  return t.has(key) ? t(key) : choice;
}

/** A refusal of the relay as a sentence for the teacher (`class.refused` puts it after "The relay said no:"). */
export const classErrorWords = (error: ClassError): MessageKey => `class.error.${error}`;
