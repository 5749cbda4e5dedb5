// src/keys/expiry.ts: the expiry the action writes at the end of a key name, and reads back.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import { expiringKeyName } from '../../emulator/names.ts'
import { EXPIRY_SUFFIX_LENGTH, expiryOf, expirySuffix, withExpiry } from '../../src/keys/expiry.ts'

const T = Date.parse('2026-11-22T14:00:00Z')

describe('the expiry in a key name', () => {
  it('writes one fixed form, UTC to the minute, at the end of the name', () => {
    expect(withExpiry('deploy-42', T)).toBe('deploy-42~exp-20261122T1400Z')
    expect(expirySuffix(T)).toHaveLength(EXPIRY_SUFFIX_LENGTH)
    expect(EXPIRY_SUFFIX_LENGTH).toBe(19)
  })

  it('rounds up to the next minute: a key never expires before the time asked for', () => {
    expect(withExpiry('a', T + 1)).toBe('a~exp-20261122T1401Z')
    expect(withExpiry('a', T + 59_999)).toBe('a~exp-20261122T1401Z')
    expect(withExpiry('a', T - 1)).toBe('a~exp-20261122T1400Z')
    expect(expiryOf(withExpiry('a', T + 1))).toBe(T + 60_000)
  })

  it.each([
    ['a minute', T],
    ['new year', Date.parse('2026-12-31T23:59:00Z')],
    ['a leap day', Date.parse('2028-02-29T00:00:00Z')],
    ['the last minute of the form', Date.parse('9999-12-31T23:59:00Z')],
    ['the epoch', 0],
  ])('reads back what it writes: %s', (_label, at) => {
    for (const name of ['x', 'job-1-2-deploy', 'name with spaces', '~exp-', 'a~exp-20261122T1400Z', 'é😀']) {
      expect(expiryOf(withExpiry(name, at))).toBe(at)
    }
  })

  it('reads the form as docs/keys.md documents it, written independently (the emulator seeds names with it)', () => {
    for (const at of [T, T + 1, Date.parse('2030-01-05T03:07:00Z')]) {
      expect(expiringKeyName('ci', at)).toBe(withExpiry('ci', at))
      expect(expiryOf(expiringKeyName('ci', at))).toBe(Math.ceil(at / 60_000) * 60_000)
    }
  })

  it.each([
    ['no mark at all', 'deploy-42'],
    ['the form alone, with no name before it', '~exp-20261122T1400Z'],
    ['the form not at the end', 'a~exp-20261122T1400Z-copy'],
    ['a trailing space', 'a~exp-20261122T1400Z '],
    ['lower-case z', 'a~exp-20261122T1400z'],
    ['lower-case t', 'a~exp-20261122t1400Z'],
    ['upper-case mark', 'a~EXP-20261122T1400Z'],
    ['a hyphen instead of the tilde', 'a-exp-20261122T1400Z'],
    ['seconds', 'a~exp-20261122T140000Z'],
    ['a digit short', 'a~exp-2026112T1400Z'],
    ['an ISO date with separators', 'a~exp-2026-11-22T14:00Z'],
    ['month 13', 'a~exp-20261322T1400Z'],
    ['month 00', 'a~exp-20260022T1400Z'],
    ['February 30', 'a~exp-20260230T1400Z'],
    ['February 29 of a common year', 'a~exp-20270229T1400Z'],
    ['hour 24', 'a~exp-20261122T2400Z'],
    ['minute 60', 'a~exp-20261122T1460Z'],
    ['a year before 1970', 'a~exp-19691231T2359Z'],
    ['year 0099, which Date.UTC would read as 1999', 'a~exp-00991122T1400Z'],
    ['full-width digits', 'a~exp-２０２６1122T1400Z'],
    ['no Z', 'a~exp-20261122T1400'],
  ])('does not read a name as expiring: %s', (_label, name) => {
    expect(expiryOf(name)).toBeUndefined()
  })

  it('reads the last form when a name carries two (the action appends its own to any name)', () => {
    expect(expiryOf('a~exp-20200101T0000Z~exp-20261122T1400Z')).toBe(T)
  })

  it('refuses to write an expiry the form cannot hold', () => {
    expect(() => expirySuffix(Date.parse('+010000-01-01T00:00:00Z'))).toThrow(RangeError)
    expect(() => expirySuffix(Date.parse('+010000-01-01T00:00:00Z'))).toThrow(
      'an expiry must fall between 1970 and 9999',
    )
    expect(() => expirySuffix(Number.NaN)).toThrow(RangeError)
    expect(() => expirySuffix(-60_000)).toThrow(RangeError)
  })
})
