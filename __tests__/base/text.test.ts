// src/base/text.ts: outside text on one log line (untrusted, quoted, oneLine), printable tokens, and the redaction of secrets.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import {
  MAX_UNTRUSTED_LENGTH,
  isPrintableToken,
  oneLine,
  quoted,
  redactSecrets,
  registerSecret,
  untrusted,
} from '../../src/base/text.ts'
import { forgedCommands, HOSTILE, INVISIBLE, PAYLOADS } from '../support/injection.ts'

describe('untrusted(): outside text on one log line', () => {
  it.each(PAYLOADS.map((p) => [p]))('%j becomes one line that is no runner command', (payload) => {
    for (const text of [payload, `before ${payload}`, payload.replace(/^x/, '')]) {
      const line = `info: ${untrusted(text)}`
      expect(forgedCommands(line)).toEqual([])
      expect(forgedCommands(untrusted(text))).toEqual([])
      expect(line).not.toMatch(/[\r\n\u2028\u2029]/)
    }
  })

  it('shows control characters as escapes, so the reader still sees what the server sent', () => {
    expect(untrusted('a\nb\rc\td\u0007e\u2028f')).toBe('a\\nb\\rc\\td\\u0007e\\u2028f')
    expect(untrusted('::error::x')).toBe(':\u200b:error::x')
    expect(untrusted('  ::warning::x')).toBe('  :\u200b:warning::x')
    expect(untrusted('a ##[add-mask]b ##[group]')).toBe('a #\u200b#[add-mask]b #\u200b#[group]')
    expect(untrusted('plain text: a::b')).toBe('plain text: a::b')
  })

  it('shows bidi controls and other invisible characters as escapes, so no text displays reversed or hides a part', () => {
    expect(untrusted('ci-\u202egnp.exe')).toBe('ci-\\u202egnp.exe')
    for (const c of INVISIBLE) {
      const hex = c.codePointAt(0)!.toString(16)
      const escape = hex.length > 4 ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`
      expect([hex, untrusted(`a${c}b`), oneLine(`a${c}b`, 10)]).toEqual([hex, `a${escape}b`, `a${escape}b`])
    }
    // Letters, accents and emoji stay as they are.
    expect(untrusted('kéy Ωμέγα 日本 😀')).toBe('kéy Ωμέγα 日本 😀')
  })

  it('cuts long text to a bound, by characters, without splitting a surrogate pair', () => {
    expect(untrusted('x'.repeat(1000))).toBe(`${'x'.repeat(MAX_UNTRUSTED_LENGTH)}…`)
    expect(untrusted('😀'.repeat(5), 3)).toBe('😀😀😀…')
    expect(untrusted('abc', 3)).toBe('abc')
    // Exactly `max` characters in more UTF-16 units than `max`: whole, with no `…`.
    expect(untrusted('😀'.repeat(3), 3)).toBe('😀😀😀')
    // U+FFFF is one unit, not half of a pair.
    expect(untrusted('\uffff'.repeat(4), 3)).toBe('\uffff\uffff\uffff…')
    // The cut comes before the escapes: a bound on characters read, not on a half escape.
    expect(untrusted('\n'.repeat(10), 2)).toBe('\\n\\n…')
    // Linear: 10 MB of markers and line breaks take no time worth measuring.
    expect(untrusted(`${HOSTILE}\n`.repeat(60_000), Number.POSITIVE_INFINITY)).not.toMatch(/[\r\n]|##\[/)
  })

  it('quoted() puts it in double quotes, escaping the quotes inside', () => {
    expect(quoted('say "hi"\n')).toBe('"say \\"hi\\"\\n"')
    expect(quoted('x'.repeat(10), 4)).toBe('"xxxx…"')
  })

  it('oneLine() flattens and bounds without touching markers, for the job summary', () => {
    expect(oneLine('a\r\n\r\nb ##[x]', 100)).toBe('a\\r\\n\\r\\nb ##[x]')
    expect(oneLine('abcdef', 3)).toBe('abc…')
  })
})

describe('isPrintableToken(): what a key or token may be', () => {
  it('printable ASCII without a space, and not empty', () => {
    expect(isPrintableToken('napi_AZaz09-._~!#$%&*+/=?^`{|}')).toBe(true)
    for (const text of ['', 'a b', 'a\nb', 'a\tb', 'kéy', 'a\u007f', '\u200b'])
      expect([text, isPrintableToken(text)]).toEqual([text, false])
  })

  it('at most `max` characters when given', () => {
    expect(isPrintableToken('x'.repeat(1024), 1024)).toBe(true)
    expect(isPrintableToken('x'.repeat(1025), 1024)).toBe(false)
    expect(isPrintableToken('x'.repeat(100_000))).toBe(true)
  })
})

describe('redactSecrets(): what the step must never show, replaced before anything is cut', () => {
  const KEY = 'napi_7kq2m9x4v8w1b6n3c5z0a2s4d6f8g0h1j3k5'
  registerSecret(KEY)

  it('replaces a registered secret wherever it is, whole', () => {
    expect(redactSecrets(`a ${KEY} b ${KEY}`)).toBe('a *** b ***')
  })

  it('replaces pieces of 12 characters or more anywhere, and shorter ones at the start or end, only where asked', () => {
    const middle = KEY.slice(5, 20)
    expect(redactSecrets(`x ${middle} y`, { pieces: true })).toBe('x *** y')
    expect(redactSecrets(`x ${middle} y`)).toBe(`x ${middle} y`)
    expect(redactSecrets(`cut here: ${KEY.slice(0, 7)}`, { pieces: true })).toBe('cut here: ***')
    expect(redactSecrets(`${KEY.slice(-7)} and on`, { pieces: true })).toBe('*** and on')
    // Short pieces inside ordinary text are ordinary text.
    expect(redactSecrets(`x ${KEY.slice(3, 10)} y`, { pieces: true })).toBe(`x ${KEY.slice(3, 10)} y`)
  })

  it('untrusted() and summary cells replace an echo the server itself cut short, wherever it stands', () => {
    expect(untrusted(`x ${KEY.slice(5, 20)} y`)).toBe('x *** y')
    // The secret's last twelve characters, and its first: whole pieces of their own.
    expect(oneLine(`x ${KEY.slice(-12)} y`, 200)).toBe('x *** y')
    expect(oneLine(`x ${KEY.slice(0, 12)} y`, 200)).toBe('x *** y')
    // At the ends of a text, shorter pieces: where the server cut it.
    expect(untrusted(`said ${KEY.slice(0, 7)}`)).toBe('said ***')
    expect(untrusted(`${KEY.slice(-7)} said`)).toBe('*** said')
    expect(untrusted('nothing to hide here')).toBe('nothing to hide here')
  })

  it('pieces at the very start of a text, and a text that is a piece of a secret and nothing else', () => {
    expect(untrusted(`${KEY.slice(5, 20)} y`)).toBe('*** y')
    expect(untrusted(KEY.slice(0, 7))).toBe('***')
    expect(untrusted(`said ${KEY.slice(0, 6)}`)).toBe('said ***')
    expect(untrusted(`${KEY.slice(-6)} said`)).toBe('*** said')
  })

  it('every registered secret, not only the first; a secret that holds another is replaced whole', () => {
    registerSecret('zq81-prefix')
    registerSecret('zq81-prefix-and-more-99')
    expect(redactSecrets('x zq81-prefix-and-more-99 y')).toBe('x *** y')
    expect(redactSecrets('x zq81-prefix y')).toBe('x *** y')
    // Values shorter than four characters are never looked for: they would blank out ordinary words.
    registerSecret('a7q')
    expect(redactSecrets('a7q in a sentence')).toBe('a7q in a sentence')
    registerSecret('Q7k%')
    expect(redactSecrets('x Q7k% y')).toBe('x *** y')
  })

  it('credential forms however they are spaced, and only what looks like a credential', () => {
    expect(redactSecrets('Authorization: Bearer  abc.DEF-123')).toBe('Authorization: Bearer  ***')
    expect(redactSecrets('token  a1b2c3d4e5f6 sent')).toBe('token  *** sent')
    expect(redactSecrets('token: a1b2c3d4e5f6g7')).toBe('token: ***')
    expect(redactSecrets('token=1abcdefgh2')).toBe('token=***')
    // Digits alone, or letters alone, are no credential by their form.
    expect(redactSecrets('token=12345678 and token=abcdefghij')).toBe('token=12345678 and token=abcdefghij')
    expect(redactSecrets('uses ghs_16C7e42F292c6912E7710c838347Ae178B4a here')).toBe('uses *** here')
    expect(redactSecrets('ghp_short and ghx_16C7e42F292c6912E7710c838347Ae178B4a')).toBe(
      'ghp_short and ghx_16C7e42F292c6912E7710c838347Ae178B4a',
    )
  })

  it('replaces credentials by their form, whoever owns them, and leaves prose alone', () => {
    expect(redactSecrets('Authorization: Bearer abc.DEF-123')).toBe('Authorization: Bearer ***')
    expect(redactSecrets('header token ghs_16C7e42F292c6912E7710c838347Ae178B4a')).toBe('header token ***')
    expect(redactSecrets('uses github_pat_11ABCDEFG0123456789_abcdefghijklmnop')).toBe('uses ***')
    expect(redactSecrets('Proxy-Authorization: Basic dXNlcjpwYXNzd29yZA==')).toBe('Proxy-Authorization: Basic ***')
    expect(redactSecrets('token=a1b2c3d4e5f6')).toBe('token=***')
    expect(redactSecrets('the token may not read that; token authentication failed; Basic settings')).toBe(
      'the token may not read that; token authentication failed; Basic settings',
    )
  })

  it('untrusted() and quoted() redact before they cut: an echo at any offset shows no piece of the secret', () => {
    for (let offset = 0; offset <= 260; offset++) {
      const text = `${'m'.repeat(offset)}${KEY}${'n'.repeat(50)}`
      for (const shown of [untrusted(text), quoted(text), oneLine(text, 200)]) {
        for (let i = 0; i + 6 <= KEY.length; i++)
          expect({ offset, piece: shown.includes(KEY.slice(i, i + 6)) }).toEqual({ offset, piece: false })
      }
    }
  })
})
