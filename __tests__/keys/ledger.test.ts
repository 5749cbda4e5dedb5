// src/keys/ledger.ts: the record of a name's keys the post step reads, and the ids it names in messages.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import type { ApiKey } from '../../src/api/types.ts'
import { KeyLedger, describeIds, describeStrangers, readLedger } from '../../src/keys/ledger.ts'

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

  it('strangers: those in use marked, ten named, the rest counted', () => {
    expect(describeStrangers([key(1), key(2, { last_used_at: '2026-11-21T10:00:00Z' })])).toBe('1, 2 (in use)')
    expect(describeStrangers(range(1, 10).map((id) => key(id)))).toBe('1, 2, 3, 4, 5, 6, 7, 8, 9, 10')
    expect(describeStrangers(range(1, 12).map((id) => key(id)))).toBe('1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 2 more')
  })
})

describe('the ledger', () => {
  const personal = { namespace: { kind: 'personal' as const } }

  it('a revoked key is saved as no longer pending, and is never again taken for a stranger', () => {
    const saved: string[] = []
    const ledger = new KeyLedger((v) => saved.push(v), 'ci', personal, [])
    ledger.created(10)
    expect(saved).toEqual(['{"name":"ci","known":[],"pending":[10]}'])
    ledger.gone(10)
    expect(saved).toEqual(['{"name":"ci","known":[],"pending":[10]}', '{"name":"ci","known":[],"pending":[]}'])
    expect(ledger.isStranger(key(10))).toBe(false)
    ledger.gone(11)
    expect(ledger.isStranger(key(11))).toBe(false)
    expect(ledger.isStranger(key(12))).toBe(true)
  })

  it('a key handed out and then not after all is pending again, for the post step to revoke', () => {
    const saved: string[] = []
    const ledger = new KeyLedger((v) => saved.push(v), 'ci', personal, [key(3)])
    ledger.created(10)
    ledger.handedOut(10)
    expect(saved.at(-1)).toBe('{"name":"ci","known":[3,10],"pending":[]}')
    ledger.notHandedOut(10)
    expect(saved.at(-1)).toBe('{"name":"ci","known":[3],"pending":[10]}')
    expect(ledger.isStranger(key(10))).toBe(false)
    ledger.settle()
    expect(saved.at(-1)).toBe('{"name":"ci","known":[3],"pending":[10]}')
  })

  it('a key still pending keeps the record saved when the step is done', () => {
    const saved: string[] = []
    const ledger = new KeyLedger((v) => saved.push(v), 'ci', personal, [])
    ledger.created(10)
    ledger.settle()
    expect(saved.at(-1)).toBe('{"name":"ci","known":[],"pending":[10]}')
  })
})

describe('reading the saved record', () => {
  it.each(['null', '5', '"ci"', 'true'])('reads nothing from %s', (text) => {
    expect(readLedger(text)).toBeUndefined()
  })

  it('keeps the organization and project only when they are strings', () => {
    expect(readLedger('{"name":"ci","org":5,"project":null,"known":[1],"pending":[2]}')).toStrictEqual({
      name: 'ci',
      known: [1],
      pending: [2],
    })
    expect(readLedger('{"name":"ci","org":"org-a-1","project":"p-1","known":[],"pending":[]}')).toStrictEqual({
      name: 'ci',
      org: 'org-a-1',
      project: 'p-1',
      known: [],
      pending: [],
    })
  })
})

describe('the ledger the post step reads', () => {
  const key = (id: number, created_at: string, extra: Partial<ApiKey> = {}): ApiKey => ({
    id,
    name: 'ci',
    created_at,
    last_used_at: null,
    last_used_from_addr: '',
    ...extra,
  })
  const target = { namespace: { kind: 'organization' as const, orgId: 'org-a-1' }, projectId: 'p-1' }

  it('knows the keys of that name and project from before, and tells a stranger by id only', () => {
    const saved: string[] = []
    const before = [key(1, ''), key(2, '', { project_id: 'p-1' }), key(3, '', { name: 'other', project_id: 'p-1' })]
    const ledger = new KeyLedger((v) => saved.push(v), 'ci', target, before)
    expect(ledger.before).toEqual([2])
    ledger.created(10)
    expect(readLedger(saved.at(-1)!)).toEqual({ name: 'ci', org: 'org-a-1', project: 'p-1', known: [2], pending: [10] })
    expect(ledger.isStranger(key(10, '', { project_id: 'p-1' }))).toBe(false)
    expect(ledger.isStranger(key(11, '', { project_id: 'p-1' }))).toBe(true)
    expect(ledger.isStranger(key(12, ''))).toBe(false)
    ledger.handedOut(10)
    expect(readLedger(saved.at(-1)!)).toMatchObject({ known: [2, 10], pending: [] })
    ledger.settle()
    expect(saved.at(-1)).toBe('')
  })

  it('stays saved when an attempt lost its answer, or a pending key is left', () => {
    const saved: string[] = []
    const ledger = new KeyLedger((v) => saved.push(v), 'ci', { namespace: { kind: 'personal' } }, [])
    ledger.answerLost(false)
    expect(saved).toEqual([])
    ledger.settle()
    expect(readLedger(saved.at(-1)!)).toEqual({ name: 'ci', known: [], pending: [] })
    expect(ledger.awaitingLostKey).toBe(true)
  })

  it('says a create was in flight only while its key is not found, and the post step reads it only as true', () => {
    const saved: string[] = []
    const ledger = new KeyLedger((v) => saved.push(v), 'ci', { namespace: { kind: 'personal' } }, [])
    ledger.write()
    expect(JSON.parse(saved.at(-1)!)).toEqual({ name: 'ci', known: [], pending: [] })
    ledger.answerLost(true)
    expect(saved.at(-1)).toBe('{"name":"ci","known":[],"pending":[],"inFlight":true}')
    ledger.settle()
    expect(readLedger(saved.at(-1)!)).toStrictEqual({ name: 'ci', known: [], pending: [], inFlight: true })
    ledger.lostKeyRevoked(7)
    expect(readLedger(saved.at(-1)!)).toStrictEqual({ name: 'ci', known: [], pending: [] })
    expect(ledger.isStranger(key(7, ''))).toBe(false)
    ledger.settle()
    expect(saved.at(-1)).toBe('')
    const notTrue = '{"name":"ci","known":[],"pending":[],"inFlight":"yes"}'
    expect(readLedger(notTrue)).toStrictEqual({ name: 'ci', known: [], pending: [] })
  })

  it('a key a secret write may hold is saved as storing until the write is known, and never taken for a stranger', () => {
    const saved: string[] = []
    const ledger = new KeyLedger((v) => saved.push(v), 'ci', { namespace: { kind: 'personal' } }, [])
    ledger.created(10)
    ledger.storingIn(10)
    expect(saved.at(-1)).toBe('{"name":"ci","known":[],"pending":[],"storing":[10]}')
    expect(ledger.isStranger(key(10, ''))).toBe(false)
    ledger.settle()
    expect(readLedger(saved.at(-1)!)).toStrictEqual({ name: 'ci', known: [], pending: [], storing: [10] })
    ledger.notHandedOut(10)
    expect(saved.at(-1)).toBe('{"name":"ci","known":[],"pending":[10]}')
    ledger.storingIn(10)
    ledger.handedOut(10)
    expect(saved.at(-1)).toBe('{"name":"ci","known":[10],"pending":[]}')
    ledger.settle()
    expect(saved.at(-1)).toBe('')
  })

  it.each([
    '',
    'not json',
    '[]',
    '{"name": 1, "known": [], "pending": []}',
    '{"name": "x", "known": ["1"], "pending": []}',
    '{"name": "x", "known": [], "pending": [], "storing": "1"}',
  ])('reads nothing from %j', (text) => {
    expect(readLedger(text)).toBeUndefined()
  })
})
