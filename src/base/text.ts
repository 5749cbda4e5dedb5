/**
 * Text from outside is data, but the runner reads the log as commands: `::` at a line's start, `##[` anywhere.
 * `untrusted()` is the one way such text reaches the log: on one line, without a command, bounded, secrets redacted,
 * invisible characters escaped (docs/audit.md). The lint rule `local/outside-text` enforces it.
 */

export const MAX_UNTRUSTED_LENGTH = 200

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
/**
 * Shown as escapes: the controls, and the invisible format characters (bidi overrides and isolates, which can show a
 * name reversed, zero-width spaces and joiners, tags), so a reader sees what the server sent.
 */
const SHOWN_ESCAPED = /[\p{Cc}\p{Cf}\u2028\u2029]/gu
const ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }
/** Invisible, but enough to stop the runner seeing `::` or `##[`. */
const BREAK = '\u200b'

/** Secrets are redacted before the cut, so a cut never shows a piece of one. Controls show as escapes (`\n`). */
export function oneLine(text: string, max: number): string {
  return cut(redactSecrets(text, { pieces: true }), max).replace(SHOWN_ESCAPED, (c) => ESCAPES[c] ?? escapeOf(c))
}

function escapeOf(c: string): string {
  const hex = c.codePointAt(0)!.toString(16)
  return hex.length > 4 ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`
}

/**
 * Never shown, wherever they come back from. The runner masks only whole values, and a server's echo of one, cut
 * short, would show the rest.
 */
const secrets: string[] = []
/** Replacing shorter values would blank out ordinary words. */
const MIN_SECRET_LENGTH = 4
/** A piece this long, anywhere in a text, counts as the secret: an echo cut short. */
const SECRET_PIECE = 12
/** At a text's start or end, where it was cut, a piece this long counts too. */
const SECRET_EDGE = 6
const REDACTED = '***'
/**
 * Credentials by their form, whoever's they are. After `Basic` or `token`, only a value with a digit among letters,
 * which prose never has.
 */
const CREDENTIAL_FORMS: ReadonlyArray<[RegExp, string]> = [
  [/\b(Bearer)(\s+)[\x21-\x7e]+/gi, `$1$2${REDACTED}`],
  [
    /\b(Basic|token)(\s+|=|:\s*)(?=[A-Za-z0-9._~+/=-]*\d)(?=[A-Za-z0-9._~+/=-]*[A-Za-z])[A-Za-z0-9._~+/=-]{8,}/gi,
    `$1$2${REDACTED}`,
  ],
  [/\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g, REDACTED],
]

/** Every part that redactSecrets replaces holds one of these, so mayHoldSecret needs only a few searches. */
const tells: Array<{ aligned: string[] }> = []

/** Every credential form starts with one; most texts have none. */
const CREDENTIAL_WORD = /bearer|basic|token|gh[pousr]_|github_pat_/i

/** Replaced with `***` in every text the step shows. */
export function registerSecret(value: string): void {
  if (value.length < MIN_SECRET_LENGTH || secrets.includes(value)) return
  secrets.push(value)
  // Longest first: a secret that holds another is replaced whole.
  secrets.sort((a, b) => b.length - a.length)
  const aligned: string[] = []
  for (let i = 0; i + SECRET_EDGE <= value.length; i += SECRET_EDGE) aligned.push(value.slice(i, i + SECRET_EDGE))
  if (value.length % SECRET_EDGE !== 0) aligned.push(value.slice(-SECRET_EDGE))
  tells.push({ aligned })
}

/** Runs for every line the step prints, so it does only a few native searches. */
export function mayHoldSecret(text: string): boolean {
  return tells.some(({ aligned }) => aligned.some((tell) => text.includes(tell)))
}

/**
 * With `pieces`, also any part of a secret of SECRET_PIECE characters or more, and a shorter one at the start or end:
 * for texts that the action or a server may have cut (log lines, summaries, outputs).
 */
export function redactSecrets(text: string, options: { pieces?: boolean } = {}): string {
  let out = text
  if (mayHoldSecret(text)) {
    for (const secret of secrets) out = out.split(secret).join(REDACTED)
    if (options.pieces) out = redactPieces(out)
  }
  if (CREDENTIAL_WORD.test(out))
    for (const [form, replacement] of CREDENTIAL_FORMS) out = out.replace(form, replacement)
  return out
}

function redactPieces(text: string): string {
  const covered = new Uint8Array(text.length)
  let found = false
  const mark = (from: number, length: number) => {
    covered.fill(1, from, from + length)
    found = true
  }
  for (const secret of secrets) {
    for (let i = 0; i + SECRET_PIECE <= secret.length; i++) {
      const piece = secret.slice(i, i + SECRET_PIECE)
      for (let at = text.indexOf(piece); at >= 0; at = text.indexOf(piece, at + 1)) mark(at, SECRET_PIECE)
    }
    for (let length = Math.min(secret.length - 1, text.length); length >= SECRET_EDGE; length--) {
      if (text.endsWith(secret.slice(0, length))) {
        mark(text.length - length, length)
        break
      }
    }
    for (let length = Math.min(secret.length - 1, text.length); length >= SECRET_EDGE; length--) {
      if (text.startsWith(secret.slice(-length))) {
        mark(0, length)
        break
      }
    }
  }
  if (!found) return text
  let out = ''
  for (let i = 0; i < text.length; i++) {
    if (!covered[i]) out += text[i]
    else if (i === 0 || !covered[i - 1]) out += REDACTED
  }
  return out
}

/** `oneLine()`, then a zero-width space breaks a leading `::` and every `##[`. */
export function untrusted(text: string, max = MAX_UNTRUSTED_LENGTH): string {
  return oneLine(text, max)
    .replace(/##\[/g, `#${BREAK}#[`)
    .replace(/^(\s*):(?=:)/, `$1:${BREAK}`)
}

/** For names and messages inside a sentence. */
export function quoted(text: string, max = MAX_UNTRUSTED_LENGTH): string {
  return `"${untrusted(text, max).replace(/"/g, '\\"')}"`
}

/** Counts code points, so it never splits a pair. */
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

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text)
}

/** A key or token goes in a header. */
const PRINTABLE_TOKEN = /^[\x21-\x7e]+$/

export function isPrintableToken(text: string, max = Number.POSITIVE_INFINITY): boolean {
  return text.length <= max && PRINTABLE_TOKEN.test(text)
}
