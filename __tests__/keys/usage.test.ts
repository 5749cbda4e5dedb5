// src/keys/usage.ts: what a key list says about each key's use, read on the safe side, and the order revoke-key by
// name follows from it (orderForRevocation, src/commands/revoke-key.ts).
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import type { ApiKey } from '../../src/api/types.ts'
import { orderForRevocation } from '../../src/commands/revoke-key.ts'
import {
  USE_CLOCK_SKEW_MS,
  lastTouched,
  lastUseOf,
  mayBeOwnKey,
  mergeById,
  readTime,
  type OwnKey,
} from '../../src/keys/usage.ts'

const NOW = Date.parse('2026-11-21T10:00:00Z')
const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()

function key(id: number, created: number | string, used: number | string | null = null, name = 'team'): ApiKey {
  return {
    id,
    name,
    created_at: typeof created === 'number' ? iso(created) : created,
    last_used_at: typeof used === 'number' ? iso(used) : used,
    last_used_from_addr: used === null ? '' : '192.0.2.1',
  }
}

describe('reading times', () => {
  it("reads only the service's timestamps; what Date.parse would guess is no time", () => {
    expect(readTime('2026-11-21T10:00:00Z')).toBe(NOW)
    expect(readTime('2026-11-21T10:00:00.5+00:00')).toBe(NOW + 500)
    for (const text of ['60', '1', '2026-11-21', '2026-11-21T10:00Z', '1795255200', 'yesterday', '']) {
      expect([text, readTime(text)]).toEqual([text, Number.NaN])
    }
  })

  it('a last use is never (null), a time, or unreadable (NaN: a use now)', () => {
    expect(lastUseOf(key(1, NOW))).toBeNull()
    expect(lastUseOf(key(1, NOW, NOW - DAY))).toBe(NOW - DAY)
    expect(lastUseOf(key(1, NOW, '1795255140'))).toBeNaN()
  })

  it("an unreadable time makes the guards that read it more careful: the key is the latest touched, and may be the step's", () => {
    const far = NOW + 1000 * 365 * DAY
    expect(lastTouched(key(1, NOW - DAY, 'yesterday'))).toBeGreaterThan(far)
    expect(lastTouched(key(1, 'last week'))).toBeGreaterThan(far)
    expect(lastTouched(key(1, NOW - DAY, NOW - DAY))).toBe(NOW - DAY)
    expect(mayBeOwnKey(key(1, 'last week', 'yesterday'), { kind: 'unknown' }, NOW)).toBe(true)
  })
})

describe('a key listed more than once', () => {
  it('is one record, in the place first listed, with the most recent use and creation of its copies', () => {
    const stale = key(8, NOW - 400 * DAY, NOW - 300 * DAY)
    const busy = { ...key(8, NOW - 300 * DAY, NOW - 3 * 60_000), last_used_from_addr: '203.0.113.9' }
    const other = key(9, NOW - DAY)
    expect(mergeById([stale, other, busy])).toEqual([
      { ...stale, created_at: busy.created_at, last_used_at: busy.last_used_at, last_used_from_addr: '203.0.113.9' },
      other,
    ])
    expect(mergeById([busy, stale])).toEqual([busy])
  })

  it('a copy never used does not hide a use; an unreadable use wins over any time', () => {
    const used = key(8, NOW - DAY, NOW - 60_000)
    expect(mergeById([key(8, NOW - DAY), used])[0]!.last_used_at).toBe(used.last_used_at)
    expect(mergeById([used, key(8, NOW - DAY)])[0]!.last_used_at).toBe(used.last_used_at)
    expect(mergeById([used, key(8, NOW - DAY, 'now-ish')])[0]!.last_used_at).toBe('now-ish')
    expect(mergeById([key(8, NOW - DAY, 'now-ish'), used])[0]!.last_used_at).toBe('now-ish')
  })

  it('copies that disagree on the name or the project read as in use', () => {
    const [merged] = mergeById([key(8, NOW - DAY, null, 'a'), key(8, NOW - DAY, null, 'b')])
    expect(merged!.name).toBe('a')
    expect(lastUseOf(merged!)).toBeNaN()
    const [scoped] = mergeById([key(8, NOW - DAY), { ...key(8, NOW - DAY), project_id: 'p-1' }])
    expect(lastUseOf(scoped!)).toBeNaN()
  })

  it('copies that name different creators keep none: no rule judges the key by its creator', () => {
    const by = (id: string | undefined): ApiKey => ({
      ...key(8, NOW - DAY),
      ...(id === undefined ? {} : { created_by: { id, name: id } }),
    })
    expect(mergeById([by('u-1'), by('u-1')])[0]!.created_by).toEqual({ id: 'u-1', name: 'u-1' })
    for (const copies of [
      [by('u-1'), by('u-2')],
      [by('u-1'), by(undefined)],
      [by(undefined), by('u-2')],
    ]) {
      expect(mergeById(copies)[0]).not.toHaveProperty('created_by')
    }
  })
})

describe("the step's own key among the keys of a name", () => {
  const unknown: OwnKey = { kind: 'unknown' }

  it('a key made after the step began (past the clock skew) cannot be its own', () => {
    expect(mayBeOwnKey(key(1, NOW + USE_CLOCK_SKEW_MS), unknown, NOW)).toBe(true)
    expect(mayBeOwnKey(key(1, NOW + USE_CLOCK_SKEW_MS + 1000), unknown, NOW)).toBe(false)
    expect(mayBeOwnKey(key(1, 'soon'), unknown, NOW)).toBe(true)
    expect(mayBeOwnKey(key(1, NOW - DAY), { kind: 'found', ids: [2] }, NOW)).toBe(false)
    expect(mayBeOwnKey(key(2, NOW - DAY), { kind: 'found', ids: [2] }, NOW)).toBe(true)
    expect(mayBeOwnKey(key(2, NOW - DAY), { kind: 'elsewhere', where: 'x' }, NOW)).toBe(false)
  })

  it('known elsewhere: least recently used first, never used first, ties by id', () => {
    const keys = [
      key(3, NOW - DAY, NOW - 60_000),
      key(2, NOW),
      key(1, NOW - 2 * DAY, NOW - 60_000),
      key(4, NOW - DAY, 'garbled'),
    ]
    expect(orderForRevocation(keys, { kind: 'elsewhere', where: 'x' }, NOW)).toEqual([2, 1, 3, 4])
  })

  it('found: the keys used during the step go last', () => {
    const keys = [key(1, NOW - DAY, NOW - 30_000), key(2, NOW - DAY, NOW - 2 * DAY), key(3, NOW - DAY)]
    expect(orderForRevocation(keys, { kind: 'found', ids: [1] }, NOW)).toEqual([3, 2, 1])
  })

  it('unknown: the keys that cannot be it first, then the rest by last use or creation, the latest last', () => {
    const keys = [
      key(1, NOW - DAY), // never used, made yesterday
      key(2, NOW - 3 * DAY, NOW - 2 * DAY), // last used two days ago
      key(3, NOW + DAY), // made after the step began
      key(4, NOW - 3 * DAY), // never used, made three days ago
      key(5, NOW - 3 * DAY, NOW - 2 * DAY), // a twin of 2
    ]
    expect(orderForRevocation(keys, unknown, NOW)).toEqual([3, 4, 2, 5, 1])
  })
})
