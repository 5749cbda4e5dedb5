// src/keys/pruning.ts: prune-keys' selection and guards on plain records, with finding the step's own key among them
// (findOwnKey, src/keys/usage.ts): the edge cases an emulator run does not reach.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import { PERSONAL_KEYS, organizationKeys } from '../../src/api/namespace.ts'
import type { ApiKey } from '../../src/api/types.ts'
import { IN_USE_WINDOW_MS, judgeKeys, type PruneKeysSettings } from '../../src/keys/pruning.ts'
import { findOwnKey, type OwnKey } from '../../src/keys/usage.ts'
import { blockList } from '../../src/base/networks.ts'
import { withExpiry } from '../../src/keys/expiry.ts'

const NOW = Date.parse('2026-11-21T10:00:00Z')
const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()

function key(
  id: number,
  name: string,
  created: number | string,
  used: number | string | null = null,
  projectId?: string,
): ApiKey {
  return {
    id,
    name,
    created_at: typeof created === 'number' ? iso(created) : created,
    last_used_at: typeof used === 'number' ? iso(used) : used,
    last_used_from_addr: used === null ? '' : '192.0.2.1',
    ...(projectId === undefined ? {} : { project_id: projectId }),
  }
}

const select = (options: Partial<PruneKeysSettings> = {}): PruneKeysSettings => ({
  dryRun: true,
  maxRevoke: 50,
  ...options,
})
const nobody: OwnKey = { kind: 'elsewhere', where: 'elsewhere' }

describe("finding the step's own key", () => {
  const since = NOW - 60_000
  const until = NOW + 60_000
  const keys = [key(1, 'a', NOW - DAY, NOW - 30_000), key(2, 'b', NOW - DAY, NOW - 61_000), key(3, 'c', NOW - DAY)]

  it('a personal key is one of the personal keys: the keys used since the step began', () => {
    expect(findOwnKey(keys, PERSONAL_KEYS, { accountId: 'u', authMethod: 'api_key_user' }, { since, until })).toEqual({
      kind: 'found',
      ids: [1],
    })
  })

  it("a personal key is not among an organization's keys; an organization key is not among another's, nor among personal keys", () => {
    expect(
      findOwnKey(keys, organizationKeys('org-a'), { accountId: 'u', authMethod: 'api_key_user' }, { since, until })
        .kind,
    ).toBe('elsewhere')
    expect(
      findOwnKey(keys, organizationKeys('org-a'), { accountId: 'org-b', authMethod: 'api_key_org' }, { since, until })
        .kind,
    ).toBe('elsewhere')
    expect(
      findOwnKey(keys, PERSONAL_KEYS, { accountId: 'org-b', authMethod: 'api_key_org' }, { since, until }).kind,
    ).toBe('elsewhere')
    expect(
      findOwnKey(keys, organizationKeys('org-a'), { accountId: 'org-a', authMethod: 'api_key_org' }, { since, until }),
    ).toEqual({
      kind: 'found',
      ids: [1],
    })
  })

  it('a kind of key the action does not know may be among any keys', () => {
    expect(
      findOwnKey(keys, organizationKeys('org-a'), { accountId: 'x', authMethod: 'oauth' }, { since, until }),
    ).toEqual({
      kind: 'found',
      ids: [1],
    })
  })

  it("no use since the step began: unknown; a last use it cannot read is never taken for this step's", () => {
    const old = [key(2, 'b', NOW - DAY, NOW - DAY), key(3, 'c', NOW - DAY)]
    const user = { accountId: 'u', authMethod: 'api_key_user' }
    expect(findOwnKey(old, PERSONAL_KEYS, user, { since, until })).toEqual({ kind: 'unknown' })
    // To every other rule an unreadable time is a use now; here it would make any key look like the step's, and the
    // guard "the step cannot tell its own key" would no longer keep the real one.
    for (const text of ['yesterday', '1795255140', '2026-11-21', '', '{"at":1}']) {
      expect([text, findOwnKey([...old, key(4, 'd', NOW - DAY, text)], PERSONAL_KEYS, user, { since, until })]).toEqual(
        [text, { kind: 'unknown' }],
      )
    }
    // Beside a key whose use during the step it can read, only that one is found.
    expect(findOwnKey([key(4, 'd', NOW - DAY, 'yesterday'), ...keys], PERSONAL_KEYS, user, { since, until })).toEqual({
      kind: 'found',
      ids: [1],
    })
  })

  it('a last use later than the list could show (past the clock skew) is no use by this step either', () => {
    const user = { accountId: 'u', authMethod: 'api_key_user' }
    expect(findOwnKey([key(1, 'a', NOW - DAY, until)], PERSONAL_KEYS, user, { since, until })).toEqual({
      kind: 'found',
      ids: [1],
    })
    const later = [key(1, 'a', NOW - DAY, until + 1000), key(2, 'b', NOW - DAY, '9999-12-31T00:00:00Z')]
    expect(findOwnKey(later, PERSONAL_KEYS, user, { since, until })).toEqual({ kind: 'unknown' })
  })
})

describe('judging keys', () => {
  const expired = withExpiry('job', NOW - DAY)

  it('selects expired keys and, with unused-for, idle and never-used old ones, at the boundary included', () => {
    const keys = [
      key(1, expired, NOW - 2 * DAY),
      key(2, 'idle', NOW - 100 * DAY, NOW - 30 * DAY),
      key(3, 'never', NOW - 30 * DAY),
      key(4, 'busy', NOW - 100 * DAY, NOW - 30 * DAY + 1000),
      key(5, 'young', NOW - 30 * DAY + 1000),
      key(6, withExpiry('later', NOW + 60_000), NOW - DAY),
      key(7, withExpiry('now', NOW), NOW - DAY),
    ]
    const verdicts = judgeKeys(keys, select({ unusedForMs: 30 * DAY }), NOW, nobody)
    expect(verdicts.map((v) => [v.key.id, v.reasons, v.kept])).toEqual([
      [2, ['not used for 30 days'], undefined],
      [3, ['never used, created 30 days ago'], undefined],
      [1, ['expired 2026-11-20 10:00 UTC (by its name)'], undefined],
      [7, ['expired 2026-11-21 10:00 UTC (by its name)'], undefined],
    ])
    expect(judgeKeys(keys, select(), NOW, nobody).map((v) => v.key.id)).toEqual([1, 7])
  })

  it('gives every reason that applies', () => {
    const [verdict] = judgeKeys(
      [key(1, expired, NOW - 50 * DAY, NOW - 40 * DAY)],
      select({ unusedForMs: 30 * DAY }),
      NOW,
      nobody,
    )
    expect(verdict!.reasons).toEqual(['expired 2026-11-20 10:00 UTC (by its name)', 'not used for 40 days'])
  })

  it('a name prefix narrows, and is a prefix, not a pattern', () => {
    const keys = [
      key(1, withExpiry('job-1', NOW - DAY), NOW - 2 * DAY),
      key(2, withExpiry('a-job-1', NOW - DAY), NOW - 2 * DAY),
    ]
    expect(judgeKeys(keys, select({ keyNamePrefix: 'job-' }), NOW, nobody).map((v) => v.key.id)).toEqual([1])
    expect(judgeKeys(keys, select({ keyNamePrefix: 'job.' }), NOW, nobody)).toEqual([])
  })

  it('keeps a key used or made within the in-use window, and the one just outside it goes', () => {
    const edge = NOW - IN_USE_WINDOW_MS
    const keys = [
      key(1, expired, NOW - 2 * DAY, edge + 1000),
      key(2, expired, edge + 1000),
      key(3, expired, NOW - 2 * DAY, edge),
      key(4, expired, edge),
      // The platform's clock a little ahead of the runner's: a use "in the future" is in use.
      key(5, expired, NOW - 2 * DAY, NOW + 30_000),
    ]
    const kept = Object.fromEntries(judgeKeys(keys, select(), NOW, nobody).map((v) => [v.key.id, v.kept]))
    expect(kept).toEqual({
      1: 'used 9 min ago, within the last 10 min',
      2: 'created 9 min ago, within the last 10 min',
      3: undefined,
      4: undefined,
      5: 'used just now, within the last 10 min',
    })
  })

  it("keeps the step's own key whatever its name and age say", () => {
    const keys = [key(1, expired, NOW - 100 * DAY, NOW - 90 * DAY), key(2, expired, NOW - 100 * DAY, NOW - 90 * DAY)]
    expect(judgeKeys(keys, select(), NOW, { kind: 'found', ids: [2] }).map((v) => v.kept)).toEqual([
      undefined,
      "the step's own key",
    ])
    expect(judgeKeys(keys, select(), NOW, { kind: 'found', ids: [1, 2] }).map((v) => v.kept)).toEqual([
      "the step's own key, or used within the same minute",
      "the step's own key, or used within the same minute",
    ])
  })

  it('keeps a key whose times it cannot read', () => {
    const keys = [key(1, expired, 'soon'), key(2, expired, NOW - DAY, 'a while ago')]
    const verdicts = judgeKeys(keys, select({ unusedForMs: DAY }), NOW, nobody)
    expect(verdicts.map((v) => [v.key.id, v.kept])).toEqual([
      [1, 'its created_at or last_used_at is not a time the action can read'],
      [2, 'its created_at or last_used_at is not a time the action can read'],
    ])
  })
})

describe('judging keys by where they were last used from', () => {
  const expired = withExpiry('job', NOW - DAY)
  const from = (k: ApiKey, address: string): ApiKey => ({ ...k, last_used_from_addr: address })
  const keys = [
    from(key(1, 'ci-a', NOW - 30 * DAY, NOW - DAY), '203.0.113.7'),
    from(key(2, expired, NOW - 30 * DAY, NOW - DAY), '203.0.113.8'),
    from(key(3, 'ci-b', NOW - 30 * DAY, NOW - DAY), '10.1.2.3'),
  ]
  const judged = (unreadableRanges: number) =>
    judgeKeys(keys, select(), NOW, nobody, { expected: { list: blockList(['10.0.0.0/8']), unreadableRanges } }).map(
      (v) => [v.key.id, v.kept],
    )

  it('selects a key last used from outside the expected networks', () => {
    expect(judged(0)).toEqual([
      [1, undefined],
      [2, undefined],
    ])
  })

  it('keeps a key selected only for an address it cannot place: none recorded, or no IP address', () => {
    const odd = [
      from(key(4, 'ci-c', NOW - 30 * DAY, NOW - DAY), ''),
      from(key(5, 'ci-d', NOW - 30 * DAY, NOW - DAY), 'unknown'),
    ]
    const verdicts = judgeKeys([...odd, keys[1]!], select(), NOW, nobody, {
      expected: { list: blockList(['10.0.0.0/8']), unreadableRanges: 0 },
    })
    expect(verdicts.map((v) => [v.key.id, v.reasons, v.kept])).toEqual([
      [
        2,
        ['expired 2026-11-20 10:00 UTC (by its name)', 'last used from an unexpected network (203.0.113.8)'],
        undefined,
      ],
      [
        4,
        ['last used from an unexpected network (no address recorded)'],
        'the platform recorded no address for its last use',
      ],
      [
        5,
        ['last used from an unexpected network (unknown)'],
        'the address of its last use is no IP address the action can read',
      ],
    ])
  })

  it("keeps a key selected only for that when some of GitHub's ranges could not be read: its address may be in one", () => {
    expect(judged(3)).toEqual([
      [1, "GitHub's meta API lists 3 runner range(s) the action cannot read, and this address may be in one"],
      [2, undefined],
    ])
  })
})

describe('edges of the pure rules', () => {
  it('an organization key among personal keys is elsewhere, and says so', () => {
    expect(
      findOwnKey([], PERSONAL_KEYS, { accountId: 'org-b', authMethod: 'api_key_org' }, { since: NOW, until: NOW }),
    ).toEqual({
      kind: 'elsewhere',
      where: 'an organization key: it is not among these keys',
    })
  })

  it("a last use at the very start of the window counts as the step's", () => {
    const since = NOW - 60_000
    const keys = [key(1, 'a', NOW - DAY, since), key(2, 'b', NOW - DAY, since - 1)]
    expect(
      findOwnKey(keys, PERSONAL_KEYS, { accountId: 'u', authMethod: 'api_key_user' }, { since, until: NOW + 60_000 }),
    ).toEqual({
      kind: 'found',
      ids: [1],
    })
  })

  it('keys touched at the same moment are revoked in id order, whatever order they are listed in', () => {
    const expired = withExpiry('job', NOW - DAY)
    const a = key(1, expired, NOW - 2 * DAY)
    const b = key(2, expired, NOW - 2 * DAY)
    expect(judgeKeys([a, b], select(), NOW, nobody).map((v) => v.key.id)).toEqual([1, 2])
    expect(judgeKeys([b, a], select(), NOW, nobody).map((v) => v.key.id)).toEqual([1, 2])
  })

  it('a verdict no guard keeps carries no `kept` at all', () => {
    const k = key(1, withExpiry('job', NOW - DAY), NOW - 2 * DAY)
    expect(judgeKeys([k], select(), NOW, nobody)).toStrictEqual([
      { key: k, reasons: ['expired 2026-11-20 10:00 UTC (by its name)'] },
    ])
  })

  it('names spans in days from two days, in hours from two hours, in minutes below', () => {
    const keys = [
      key(1, 'two-days', NOW - 100 * DAY, NOW - 2 * DAY),
      key(2, 'five-hours', NOW - 100 * DAY, NOW - 5 * 3_600_000),
      key(3, 'two-hours', NOW - 100 * DAY, NOW - 2 * 3_600_000),
      key(4, 'almost', NOW - 100 * DAY, NOW - 2 * 3_600_000 + 60_000),
    ]
    expect(judgeKeys(keys, select({ unusedForMs: 60 * 60_000 }), NOW, nobody).map((v) => v.reasons)).toEqual([
      ['not used for 2 days'],
      ['not used for 5 h'],
      ['not used for 2 h'],
      ['not used for 119 min'],
    ])
  })

  it('a use a whole minute ago is "1 min ago"; anything less is "just now"', () => {
    const expired = withExpiry('job', NOW - DAY)
    const keys = [key(1, expired, NOW - DAY, NOW - 60_000), key(2, expired, NOW - DAY, NOW - 59_999)]
    expect(judgeKeys(keys, select(), NOW, nobody).map((v) => v.kept)).toEqual([
      'used 1 min ago, within the last 10 min',
      'used just now, within the last 10 min',
    ])
  })
})
