import { memo } from 'react';
import { useSimStore } from '../../store/simStore';
import { Toggle } from '../controls/Toggle';
import { useCodeShown } from './useCodeShown';
import './code.css';

/**
 * `toggle-code` (ui-contract): the article's code beside the diagram, on or off. Presenter mode
 * shows the toggle only while the code is on (a lesson's default), so a room's screen keeps the
 * lesson's own controls and nothing to scroll; the presenter can still turn it off.
 */
export const CodeToggle = memo(function CodeToggle({ inLesson, present }: { inLesson: boolean; present: boolean }) {
  const shown = useCodeShown(inLesson);
  const setCodeShown = useSimStore((s) => s.setCodeShown);
  if (present && !shown) return null;
  return (
    <Toggle
      testId="toggle-code"
      label="code.toggle"
      className="hs-code-toggle"
      checked={shown}
      onChange={setCodeShown}
    />
  );
});
