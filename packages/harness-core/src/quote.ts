/**
 * The one way a message quotes what it was given (a file's field name, a JSON parser's snippet,
 * a stored id): bidi controls escaped, so U+202E cannot reorder the message around it ("exe.txt"
 * shown as "txt.exe"), and cut short, so huge input stays a line.
 */

const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with its bidi controls written as `\uXXXX`, at most `max` characters (then `…`). */
export function inert(text: string, max = 120): string {
  const s = text.replace(BIDI_CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** A value quoted for a message: JSON-quoted, then `inert`. */
export function quote(v: unknown, max = 80): string {
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = String(v);
  }
  return inert(s, max);
}
