// src/keys/creators.ts: the rule alone: which keys were made by someone who left the organization, by each key's
// created_by against the organization's members; how such a key is named; thousands of them; and, against
// the platform emulator, that the members are read whole or the step fails, an empty list included.
// Unit tests, in this process; the reading of members against the emulator over HTTP, on a manual clock.
import { describe, expect, it } from '@jest/globals'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import type { ApiKey } from '../../src/api/types.ts'
import {
  creatorName,
  creatorStatus,
  describeUnexpectedCreator,
  madeBySomeoneWhoLeft,
  membersById,
  openMembers,
} from '../../src/keys/creators.ts'
import { judgeKeys } from '../../src/keys/pruning.ts'
import type { CommandContext } from '../../src/runner/context.ts'
import type { CapturedLog } from '../support/clock.ts'
import { inProcessPerTest } from '../support/in-process.ts'

const ANN = '0a1b2c3d-0000-4000-8000-00000000a001'
const BOB = '0a1b2c3d-0000-4000-8000-00000000b002'
const CAROL = '0a1b2c3d-0000-4000-8000-00000000c003'

const members = membersById([
  { user_id: ANN, role: 'admin', deactivated: false },
  { user_id: BOB, role: 'editor', deactivated: true },
])
const madeBy = (createdBy: ApiKey['created_by'], id = 1): ApiKey => ({
  id,
  name: 'ci-deploy',
  created_at: '2026-01-05T10:00:00Z',
  last_used_at: null,
  last_used_from_addr: '',
  ...(createdBy && { created_by: createdBy }),
})

describe('who made a key, by the members of its organization', () => {
  it('a present member; someone who is no member; a deactivated account; a creator that cannot be read', () => {
    expect(creatorStatus(madeBy({ id: ANN, name: 'Ann' }), members)).toBe('member')
    expect(creatorStatus(madeBy({ id: CAROL, name: 'Carol' }), members)).toBe('left')
    expect(creatorStatus(madeBy({ id: BOB, name: 'Bob' }), members)).toBe('deactivated')
    expect(creatorStatus(madeBy(undefined), members)).toBe('unknown')
  })

  it('only someone who left, or a deactivated account, is flagged; never a member, never a creator not known', () => {
    expect(madeBySomeoneWhoLeft(madeBy({ id: CAROL }), members)).toBe(true)
    expect(madeBySomeoneWhoLeft(madeBy({ id: BOB }), members)).toBe(true)
    expect(madeBySomeoneWhoLeft(madeBy({ id: ANN }), members)).toBe(false)
    expect(madeBySomeoneWhoLeft(madeBy(undefined), members)).toBe(false)
  })

  it('only a user id (a UUID) names a creator: any other id cannot be read, and is never flagged', () => {
    for (const id of [
      'Carol',
      'carol@corp.example',
      'c'.repeat(100_000),
      '::error::forged',
      ` ${CAROL}`,
      `${CAROL} `,
      `{${CAROL}}`,
      `urn:uuid:${CAROL}`,
      CAROL.replace(/-/g, ''),
      '00000000-0000-0000-0000-000000000000',
      'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
    ]) {
      expect(creatorStatus(madeBy({ id, name: 'Carol' }), members)).toBe('unknown')
      expect(madeBySomeoneWhoLeft(madeBy({ id }), members)).toBe(false)
    }
  })

  it('compares user ids without case, as UUIDs are written either way', () => {
    expect(creatorStatus(madeBy({ id: ANN.toUpperCase() }), members)).toBe('member')
    expect(
      creatorStatus(
        madeBy({ id: ANN }),
        membersById([{ user_id: ANN.toUpperCase(), role: 'admin', deactivated: false }]),
      ),
    ).toBe('member')
  })

  it("names the creator by the platform's name, else its id, else unknown; and a flagged key by id, name, created and creator", () => {
    expect([madeBy({ id: ANN, name: 'Ann' }), madeBy({ id: ANN }), madeBy(undefined)].map(creatorName)).toEqual([
      'Ann',
      ANN,
      'unknown',
    ])
    expect(describeUnexpectedCreator(madeBy({ id: CAROL, name: 'Carol' }, 42), members)).toBe(
      'API key 42 "ci-deploy", created 2026-01-05 10:00 UTC, made by "Carol", who left the organization',
    )
    expect(describeUnexpectedCreator(madeBy({ id: BOB, name: 'Bob\n::error::x' }, 43), members)).toBe(
      'API key 43 "ci-deploy", created 2026-01-05 10:00 UTC, made by "Bob\\n::error::x", whose account is deactivated',
    )
  })
})

describe('prune-keys selects them, beside its other rules, under its guards', () => {
  const NOW = Date.parse('2026-11-21T10:00:00Z')
  const options = { dryRun: false, maxRevoke: 50, expectedCreators: 'members' as const }
  const nobody = { kind: 'elsewhere', where: 'a personal key' } as const

  it('a key made by someone who left and one by a deactivated account, with the reason; not a member, not one whose creator cannot be read', () => {
    const keys = [
      madeBy({ id: CAROL, name: 'Carol' }, 1),
      madeBy({ id: BOB, name: 'Bob' }, 2),
      madeBy({ id: ANN, name: 'Ann' }, 3),
      madeBy(undefined, 4),
      madeBy({ id: ` ${CAROL}`, name: 'Carol' }, 5),
      madeBy({ id: 'Carol', name: 'Carol' }, 6),
    ]
    expect(judgeKeys(keys, options, NOW, nobody, { members }).map((v) => [v.key.id, v.reasons, v.kept])).toEqual([
      [1, ['made by "Carol", who left the organization'], undefined],
      [2, ['made by "Bob", whose account is deactivated'], undefined],
    ])
    expect(judgeKeys(keys, options, NOW, nobody)).toEqual([])
  })

  it('one used minutes ago is kept by the guard', () => {
    const busy = { ...madeBy({ id: CAROL }, 5), last_used_at: '2026-11-21T09:57:00Z', last_used_from_addr: '10.0.0.1' }
    expect(judgeKeys([busy], options, NOW, nobody, { members })[0]?.kept).toBe('used 3 min ago, within the last 10 min')
  })
})

describe('5,000 keys against 5,000 members', () => {
  it('flags each key made by someone no longer among them, or by a deactivated account (npm run bench times it)', () => {
    const userId = (i: number) => `0a1b2c3d-0000-4000-8000-${String(i).padStart(12, '0')}`
    const list = Array.from({ length: 5000 }, (_, i) => ({
      user_id: userId(i),
      role: 'editor',
      deactivated: i % 7 === 0,
    }))
    const keys = Array.from({ length: 5000 }, (_, i) => madeBy({ id: userId(i * 2) }, i))
    const read = membersById(list)
    expect(keys.filter((key) => madeBySomeoneWhoLeft(key, read)).length).toBe(2500 + Math.ceil(2500 / 7))
  })
})

describe('reading the members (openMembers), against the platform emulator', () => {
  let platform: PlatformEmulator
  let ctx: CommandContext
  let log: CapturedLog
  // A request's deadline on the test's clock, not a real 2 s: a page of 50,000 members can take longer on a busy machine.
  inProcessPerTest((run) => ({ platform, ctx, log } = run), { deadlinesInClockTime: true })

  it('keeps every member, counts the deactivated ones in the log, and never logs an e-mail address', async () => {
    const org = platform.defaultOrgId
    const gone = platform.addUser({ name: 'Dora Gone', organizations: { [org]: 'editor' } })
    platform.deactivateUser(gone)
    platform.addUser({ name: 'Eve Here', organizations: { [org]: 'viewer' } })
    const read = await openMembers(ctx, org)
    expect(read.size).toBe(3)
    expect(read.get(gone)?.deactivated).toBe(true)
    expect(log.info).toEqual([`Members of organization ${org}: 3, 1 of them with a deactivated account.`])
  })

  it('reads 50,000 members, the most it reads: 100 full pages, each with a cursor, and the empty page after them', async () => {
    const org = platform.defaultOrgId
    // The emulator's admin, and 49,999 more.
    for (let i = 0; i < 49_999; i++) platform.addUser({ name: `Member ${i}`, organizations: { [org]: 'viewer' } })
    expect((await openMembers(ctx, org)).size).toBe(50_000)
    expect(platform.requests.filter((r) => r.path === `/organizations/${org}/members`)).toHaveLength(101)
  }, 120_000)

  it('an empty list is not "everyone left": the step fails, saying so', async () => {
    const org = platform.defaultOrgId
    platform.inject({ path: `/organizations/${org}/members`, kind: 'transform', transform: () => ({ members: [] }) })
    await expect(openMembers(ctx, org)).rejects.toThrow(
      `The platform listed no member of organization ${org}, and an organization has at least one admin. ` +
        'The action does not take an empty list to mean that everyone left. ' +
        'It judges no key by it, and the step fails.',
    )
  })
})
