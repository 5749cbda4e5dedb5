// src/keys/ledger.ts and the transitions of src/keys/life.ts: what a key's life saves for the post step at each step,
// how the post step reads it back, and the ids it names in messages.
// In process, against the platform emulator over HTTP, with one manual clock for both.
import { describe, expect, it } from '@jest/globals'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import type { ApiKey } from '../../src/api/types.ts'
import { readSavedLife } from '../../src/keys/ledger.ts'
import { KeyLife, describeIds, describeKeys, type KeyTarget } from '../../src/keys/life.ts'
import type { CommandContext } from '../../src/runner/context.ts'
import { SAVED_LIFE } from '../../src/keys/ledger.ts'
import { inProcessPerTest } from '../support/in-process.ts'

const key = (id: number, extra: Partial<ApiKey> = {}): ApiKey => ({
  id,
  name: 'ci',
  created_at: '2026-11-21T10:00:00Z',
  last_used_at: null,
  last_used_from_addr: '',
  ...extra,
})
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i)

describe('ids in a message', () => {
  it('none, one, several', () => {
    expect(describeIds([])).toBe('none')
    expect(describeIds([7])).toBe('key 7')
    expect(describeIds([7, 8])).toBe('keys 7, 8')
  })

  it('ten are all named; past ten the rest are counted', () => {
    expect(describeIds(range(1, 10))).toBe('keys 1, 2, 3, 4, 5, 6, 7, 8, 9, 10')
    expect(describeIds(range(1, 13))).toBe('keys 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 3 more')
  })

  it('keys: those in use marked, ten named, the rest counted', () => {
    expect(describeKeys([key(1), key(2, { last_used_at: '2026-11-21T10:00:00Z' })])).toBe('1, 2 (in use)')
    expect(describeKeys(range(1, 10).map((id) => key(id)))).toBe('1, 2, 3, 4, 5, 6, 7, 8, 9, 10')
    expect(describeKeys(range(1, 12).map((id) => key(id)))).toBe('1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 2 more')
  })
})

describe('a key life saves, before each effect, what the post step needs', () => {
  let platform: PlatformEmulator
  let ctx: CommandContext
  let saved: Array<[string, string]>
  inProcessPerTest((run) => ({ platform, ctx, saved } = run))
  const personal: KeyTarget = { namespace: { kind: 'personal' } }
  /** The record as saved, one entry a save. */
  const saves = () => saved.filter(([name]) => name === SAVED_LIFE).map(([, value]) => value)

  it('the keys of that name from before are known; a new key is pending until it is handed out; settled, nothing is left', async () => {
    const before = platform.addKey('ci').id
    platform.addKey('other')
    let made = 0
    await KeyLife.run(ctx, 'ci', personal, async (life) => {
      expect(saves()).toEqual([`{"name":"ci","known":[${before}],"pending":[]}`])
      made = (await life.create()).id
      expect(saves().at(-1)).toBe(`{"name":"ci","known":[${before}],"pending":[${made}]}`)
      life.handOut(made)
      expect(saves().at(-1)).toBe(`{"name":"ci","known":[${before},${made}],"pending":[]}`)
    })
    expect(saves().at(-1)).toBe('')
  })

  it('a key still pending when the body ends, however it ends, keeps the record for the post step', async () => {
    const run = KeyLife.run(ctx, 'ci', personal, async (life) => {
      await life.create()
      throw new Error('the body failed')
    })
    await expect(run).rejects.toThrow('the body failed')
    const made = platform.keys().find((k) => k.name === 'ci')!.id
    expect(readSavedLife(saves().at(-1)!)).toStrictEqual({ name: 'ci', known: [], pending: [made] })
  })

  it('a job key is saved with the record, which says the main step finished, so the post step only revokes it', async () => {
    await KeyLife.run(ctx, 'ci', personal, async (life) => {
      const { id } = await life.create()
      life.keepForJob(id)
      expect(readSavedLife(saves().at(-1)!)).toStrictEqual({ name: 'ci', known: [], pending: [id], jobKey: id })
      life.handOut(id)
    })
    const id = platform.keys().find((k) => k.name === 'ci')!.id
    expect(readSavedLife(saves().at(-1)!)).toStrictEqual({
      name: 'ci',
      known: [id],
      pending: [],
      jobKey: id,
      finished: true,
    })
  })

  it('a key a secret write may hold is storing, never a stranger; not stored, it is pending again; revoked, it is gone', async () => {
    await KeyLife.run(ctx, 'ci', personal, async (life) => {
      const made = await life.create()
      life.storing(made.id)
      expect(saves().at(-1)).toBe(`{"name":"ci","known":[],"pending":[],"storing":[${made.id}]}`)
      expect(life.strangers([key(made.id), key(made.id + 100)]).map((k) => k.id)).toEqual([made.id + 100])
      life.notStored(made.id)
      expect(saves().at(-1)).toBe(`{"name":"ci","known":[],"pending":[${made.id}]}`)
      expect(await life.revokeNew(made.id)).toEqual({ revoked: true, message: `The new key ${made.id} was revoked.` })
      expect(saves().at(-1)).toBe('{"name":"ci","known":[],"pending":[]}')
      expect(life.strangers([key(made.id)])).toEqual([])
    })
    expect(saves().at(-1)).toBe('')
  })

  it('an organization and a project are saved; strangers are keys of that name and project only, told by id', async () => {
    const org = platform.defaultOrgId
    const target: KeyTarget = { namespace: { kind: 'organization', orgId: org }, projectId: 'p-1' }
    await KeyLife.run(ctx, 'ci', target, (life) => {
      expect(readSavedLife(saves().at(-1)!)).toStrictEqual({ name: 'ci', org, project: 'p-1', known: [], pending: [] })
      const of = (id: number, project?: string, name = 'ci') =>
        key(id, { name, ...(project ? { project_id: project } : {}) })
      expect(life.strangers([of(11, 'p-1'), of(12), of(13, 'p-1', 'other')]).map((k) => k.id)).toEqual([11])
      return Promise.resolve()
    })
  })
})

describe('reading the saved record', () => {
  it.each(['null', '5', '"ci"', 'true'])('reads nothing from %s', (text) => {
    expect(readSavedLife(text)).toBeUndefined()
  })

  it('keeps the organization and project only when they are strings, and the flags only when true', () => {
    const odd =
      '{"name":"ci","org":5,"project":null,"known":[1],"pending":[2],"inFlight":"yes","finished":1,"jobKey":"3"}'
    expect(readSavedLife(odd)).toStrictEqual({ name: 'ci', known: [1], pending: [2] })
    const full =
      '{"name":"ci","org":"org-a-1","project":"p-1","known":[],"pending":[],"storing":[4],"jobKey":3,"finished":true,"inFlight":true}'
    expect(readSavedLife(full)).toStrictEqual({
      name: 'ci',
      org: 'org-a-1',
      project: 'p-1',
      known: [],
      pending: [],
      storing: [4],
      jobKey: 3,
      finished: true,
      inFlight: true,
    })
  })

  it.each([
    '',
    'not json',
    '[]',
    '{"name": 1, "known": [], "pending": []}',
    '{"name": "x", "known": ["1"], "pending": []}',
    '{"name": "x", "known": [], "pending": [], "storing": "1"}',
  ])('reads nothing from %j', (text) => {
    expect(readSavedLife(text)).toBeUndefined()
  })
})
