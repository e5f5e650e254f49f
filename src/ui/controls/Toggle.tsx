import type { MessageKey } from '../../i18n';
import { useT } from '../useT';

/** A labelled on/off switch (a checkbox in its label): the code view's and predict mode's. */
export function Toggle(props: {
  testId: string;
  label: MessageKey;
  className: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const t = useT();
  return (
    <label className={props.className}>
      <input
        type="checkbox"
        data-testid={props.testId}
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      {t(props.label)}
    </label>
  );
}
