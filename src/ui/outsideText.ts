/** The page's one rule for showing outside text (share/visibleText.ts), beside OutsideText.tsx. */
export { visibleText } from '../share/visibleText';
