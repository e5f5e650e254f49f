import { visibleText } from '../share/visibleText';
import './panels/bidi.css';

/**
 * One string from outside the page, shown inert: its control characters visible (share/visibleText.ts)
 * and the whole isolated from the text around it (`<bdi>`, `unicode-bidi: isolate`), so a
 * right-to-left name cannot reorder the row or sentence it sits in. `code` shows it as code.
 * Every outside string the page shows goes through here (trace names, args and errors, challenge
 * titles and briefs, imported run ids and step titles); `data-outside` marks it for tests.
 */
export function OutsideText({ text, code = false }: { text: string; code?: boolean }) {
  const shown = visibleText(text);
  return (
    <bdi className="hs-outside" data-outside="">
      {code ? <code>{shown}</code> : shown}
    </bdi>
  );
}

/** What a translation is given in place of an outside value, so the value is placed by `WithOutside`. */
export const SLOT = '\u0001';

/**
 * A sentence of the page's own words (`text`, translated with SLOT for each outside value)
 * with `values` put in, in order, each as an OutsideText.
 */
export function WithOutside({
  text,
  values,
  code = false,
}: {
  text: string;
  values: readonly string[];
  code?: boolean;
}) {
  const parts = text.split(SLOT);
  return (
    <>
      {parts.map((p, i) => (
        <span key={i}>
          {p}
          {i < parts.length - 1 && <OutsideText text={values[i] ?? ''} code={code} />}
        </span>
      ))}
    </>
  );
}
