import { describe, expect, it } from '@jest/globals'
import { MAX_UNTRUSTED_LENGTH, isPrintableToken, oneLine, quoted, untrusted } from '../src/base/text.js'
import { forgedCommands, HOSTILE, PAYLOADS } from './support/injection.js'

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
