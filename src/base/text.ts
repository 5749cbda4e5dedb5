/**
 * Text from outside the action (the service's records and messages, free-text inputs) is data.
 * The runner reads the log as a command channel: a line that starts with `::` is a workflow
 * command, `##[` is one anywhere in a line, and lines split on CR and LF. `untrusted()` is the
 * one way such text reaches the log: one line, no command, bounded. The lint rule
 * `local/outside-text` (lint/outside-text.js) keeps raw outside text out of the log.
 */

/** Longest piece of outside text written into one log line, in characters. */
export const MAX_UNTRUSTED_LENGTH = 200

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
const CONTROL = new RegExp(CONTROL_CHARACTER.source, 'g')
const ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }
/** Invisible, but enough to stop the runner seeing `::` or `##[`. */
const BREAK = '\u200b'

/**
 * `text` on one line and bounded: at most `max` characters (a longer text ends with `…`), then
 * control characters shown as escapes (`\n`, `\u0007`). Also what a job-summary cell shows.
 */
export function oneLine(text: string, max: number): string {
  return cut(text, max).replace(CONTROL, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/**
 * `text` made safe for one log line: `oneLine()`, then a leading `::` and every `##[` broken
 * with a zero-width space.
 */
export function untrusted(text: string, max = MAX_UNTRUSTED_LENGTH): string {
  return oneLine(text, max)
    .replace(/##\[/g, `#${BREAK}#[`)
    .replace(/^(\s*):(?=:)/, `$1:${BREAK}`)
}

/** `untrusted()` in double quotes, for names and messages inside a sentence. */
export function quoted(text: string, max = MAX_UNTRUSTED_LENGTH): string {
  return `"${untrusted(text, max).replace(/"/g, '\\"')}"`
}

/** The first `max` characters (code points) of `text`, and `…` when there were more; linear, never splits a pair. */
function cut(text: string, max: number): string {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a fast path; the loop gives the same answer
  if (text.length <= max) return text
  let count = 0
  for (let i = 0; i < text.length; count++) {
    if (count === max) return `${text.slice(0, i)}…`
    i += text.codePointAt(i)! > 0xffff ? 2 : 1
  }
  return text
}

/** Whether `text` holds a control character or a line break of any kind: what a one-line input may not. */
export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text)
}

/** Printable ASCII without a space: what a key or token may be, since it is sent in a header. */
const PRINTABLE_TOKEN = /^[\x21-\x7e]+$/

/** Whether `text` is one token of printable ASCII (no space, no line break), of at most `max` characters. */
export function isPrintableToken(text: string, max = Number.POSITIVE_INFINITY): boolean {
  return text.length <= max && PRINTABLE_TOKEN.test(text)
}
