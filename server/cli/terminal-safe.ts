/**
 * Characters that can rewrite or disguise what an operator's terminal shows: C0 and C1 controls (ESC starts an
 * escape sequence, U+009B is a one-byte CSI) and the bidirectional overrides, isolates and marks that make
 * text display in another order than it is stored. A visitor writes every lead field, so none may reach a
 * terminal as it is.
 */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const BIDI_AND_C1 = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** JSON text with the C1 and bidi characters JSON.stringify leaves raw written as \\u escapes: still the same JSON. */
const escapeRaw = (json: string) => json.replace(BIDI_AND_C1, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Text for a terminal line: every such character (a tab and a newline too) as '?'. */
export function terminalText(text: string): string {
  return text.replace(/[\t\n\r]/g, ' ').replace(CONTROLS, '?');
}

/** Text for a CSV field: every such character as '?', newlines kept (they are quoted). */
export function csvText(text: string): string {
  return text.replace(CONTROLS, '?');
}

/** JSON with every such character written as a \\u escape: the same data, nothing live on a terminal. */
export function terminalJson(value: unknown): string {
  // JSON.stringify already escapes U+0000-U+001F; C1 and bidi characters it leaves raw
  return escapeRaw(JSON.stringify(value, null, 2));
}

/** Text for a log line: quoted and escaped like JSON, C1 and bidi characters as \\u escapes too. */
export function logText(text: string): string {
  return escapeRaw(JSON.stringify(text));
}
