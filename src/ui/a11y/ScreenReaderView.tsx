import { memo } from 'react';
import './a11y.css';
import { Announcer } from './Announcer';
import { DiagramText } from './DiagramText';

/** What a screen reader has of the page beyond its controls: the live announcements and the diagram as text. */
export const ScreenReaderView = memo(function ScreenReaderView() {
  return (
    <>
      <DiagramText />
      <Announcer />
    </>
  );
});
