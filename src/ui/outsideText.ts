/** The page's one rule for showing outside text (share/visibleText.ts), beside OutsideText.tsx. */
export { hasControls, visibleText } from '../share/visibleText';
