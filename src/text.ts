/**
 * Text from outside the action (the service's records and messages, free-text inputs) is data.
 * The runner reads the log as a command channel: a line that starts with `::` is a workflow
 * command, `##[` is one anywhere in a line, and lines split on CR and LF. `untrusted()` is the
 * one way such text reaches the log: one line, no command, bounded.
 */

/** Longest piece of outside text written into one log line, in characters. */
export const MAX_UNTRUSTED_LENGTH = 200

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g
const ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }
/** Invisible, but enough to stop the runner seeing `::` or `##[`. */
const BREAK = '\u200b'

/**
 * `text` made safe for one log line: control characters shown as escapes (`\n`, `\u0007`), a
 * leading `::` and every `##[` broken with a zero-width space, and at most `max` characters
 * (a longer text ends with `…`).
 */
export function untrusted(text: string, max = MAX_UNTRUSTED_LENGTH): string {
  const chars = [...text]
  const cut = chars.length > max ? `${chars.slice(0, max).join('')}…` : text
  return cut
    .replace(CONTROL, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/##\[/g, `#${BREAK}#[`)
    .replace(/^(\s*):(?=:)/, `$1:${BREAK}`)
}

/** `untrusted()` in double quotes, for names and messages inside a sentence. */
export function quoted(text: string, max = MAX_UNTRUSTED_LENGTH): string {
  return `"${untrusted(text, max).replace(/"/g, '\\"')}"`
}
