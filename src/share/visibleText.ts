/**
 * Text from outside the page (a trace's tool names, args and errors, a challenge file's title, an
 * imported run's ids and step titles) is shown with every control character made visible: bidi
 * controls (U+202E shows "safe\u202Egnp.exe" as "safeexe.png"), zero-width and other format
 * characters, C0 and C1 controls. Each becomes its `\uXXXX` escape, so what a student reads is
 * what the file holds. ui/OutsideText.tsx shows the result isolated from the text around it; a
 * trace's CSV export writes it so (CSV has no escapes of its own).
 */

/** Controls and invisible format characters; tab and line breaks are left to the layout. */
const CONTROLS =
  // eslint-disable-next-line no-control-regex -- finding control characters is its purpose
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

/** `text` with each control or invisible format character written as its `\uXXXX` escape. */
export function visibleText(text: string): string {
  return text.replace(CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}
