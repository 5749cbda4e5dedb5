import { describe, expect, it } from '@jest/globals'
import { EventEmitter } from 'node:events'
import type { ApiKey } from '../src/api/types.ts'
import { CANCEL_GRACE_MS, StepCancelled, watchCancellation } from '../src/runner/cancellation.ts'
import { newestKeys } from '../src/commands/rotate-key.ts'
import { KeyLedger, readLedger } from '../src/keys/ledger.ts'
import { settle } from '../src/github/secret-stores.ts'
import { captureLog, manualClock } from './support/clock.ts'

/** The small rules behind the promises in src/commands/keys.ts, each on its own. */

const key = (id: number, created_at: string, extra: Partial<ApiKey> = {}): ApiKey => ({
  id,
  name: 'ci',
  created_at,
  last_used_at: null,
  last_used_from_addr: null,
  ...extra,
})

describe('keep-previous: newestKeys', () => {
  const keys = [key(1, '2026-11-01T00:00:00Z'), key(2, '2026-11-03T00:00:00Z'), key(3, '2026-11-02T00:00:00Z')]

  it('keeps the newest by created_at, none for 0, all when there are fewer', () => {
    expect(newestKeys(keys, 1)).toEqual([2])
    expect(newestKeys(keys, 2)).toEqual([2, 3])
    expect(newestKeys(keys, 0)).toEqual([])
    expect(newestKeys(keys, 5).sort()).toEqual([1, 2, 3])
  })

  it('keeps every key tied with the last one kept, and counts an unreadable date as newest: when in doubt a key stays', () => {
    const tied = [...keys, key(4, '2026-11-03T00:00:00Z')]
    expect(newestKeys(tied, 1).sort()).toEqual([2, 4])
    expect(newestKeys([...keys, key(5, 'yesterday')], 1)).toEqual([5])
  })

  it('reads created_at as the service writes it: "60" or a day without a time is unreadable, so newest, never an old date', () => {
    // Date.parse reads "60" as 1960 and "2026-10-01" as a day: a key revoked for a date it never had.
    expect(newestKeys([...keys, key(5, '60')], 1)).toEqual([5])
    expect(newestKeys([...keys, key(6, '2026-10-01')], 1)).toEqual([6])
    expect(newestKeys([...keys, key(7, '1')], 2)).toEqual([7, 2])
  })
})

describe("settling an unanswered secret write from GitHub's updated_at", () => {
  const at = (updatedAt: string) => ({ exists: true, updatedAt })

  it('a secret that appeared, or whose updated_at moved, was written', () => {
    expect(settle({ exists: false }, at('2026-11-21T10:05:00Z'))).toBe('applied')
    expect(settle(at('2026-11-21T10:00:00Z'), at('2026-11-21T10:05:00Z'))).toBe('applied')
  })

  it('still absent, unchanged, deleted or unreadable: never "not written", since GitHub may carry the write out after the read', () => {
    expect(settle({ exists: false }, { exists: false })).toBe('unknown')
    expect(settle(at('2026-11-21T10:00:00Z'), at('2026-11-21T10:00:00Z'))).toBe('unknown')
    expect(settle(at('2026-11-21T10:00:00Z'), { exists: false })).toBe('unknown')
    expect(settle(undefined, at('2026-11-21T10:05:00Z'))).toBe('unknown')
    expect(settle(at('2026-11-21T10:00:00Z'), undefined)).toBe('unknown')
  })
})

describe('the ledger the post step reads', () => {
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

  it('stays saved when an attempt is unresolved, or a pending key is left', () => {
    const saved: string[] = []
    const ledger = new KeyLedger((v) => saved.push(v), 'ci', { namespace: { kind: 'personal' } }, [])
    ledger.unresolved = true
    ledger.settle()
    expect(readLedger(saved.at(-1)!)).toEqual({ name: 'ci', known: [], pending: [] })
  })

  it.each(['', 'not json', '[]', '{"name": 1, "known": [], "pending": []}', '{"name": "x", "known": ["1"], "pending": []}'])(
    'reads nothing from %j',
    (text) => {
      expect(readLedger(text)).toBeUndefined()
    },
  )
})

describe('cancellation', () => {
  it('a cancelled step fails with an error of its own kind', () => {
    const error = new StepCancelled('stopped')
    expect(error.name).toBe('StepCancelled')
    expect(error.message).toBe('stopped')
  })

  it("a signal before hold() is not caught: Node's default applies", () => {
    const signals = new EventEmitter()
    watchCancellation({ log: captureLog().logger, clock: manualClock(), signals })
    expect(signals.listenerCount('SIGINT')).toBe(0)
  })

  it('once held, a signal only marks the step cancelled: new work is refused, undo work gets the runner grace', () => {
    const signals = new EventEmitter()
    const clock = manualClock()
    const log = captureLog()
    const cancellation = watchCancellation({ log: log.logger, clock, signals })
    cancellation.hold()
    cancellation.hold()
    expect(signals.listenerCount('SIGINT')).toBe(1)
    expect(() => cancellation.checkpoint('create a key')).not.toThrow()
    expect(cancellation.undoDeadline(clock.now() + 60_000)).toBe(clock.now() + 60_000)

    signals.emit('SIGINT')
    expect(cancellation.signal).toBe('SIGINT')
    expect(() => cancellation.checkpoint('create a key')).toThrow(StepCancelled)
    expect(() => cancellation.checkpoint('create a key')).toThrow('The runner cancelled the step (SIGINT) before it could create a key.')
    expect(cancellation.undoDeadline(clock.now() + 60_000)).toBe(clock.now() + CANCEL_GRACE_MS)
    expect(cancellation.undoDeadline(clock.now() + 1000)).toBe(clock.now() + 1000)

    signals.emit('SIGTERM')
    expect(cancellation.signal).toBe('SIGINT')
    expect(log.warning).toEqual([
      'The runner cancelled the step (SIGINT): it starts nothing new, and finishes or undoes the key work in flight before it stops.',
      'SIGTERM: the runner stops the step in a moment.',
    ])
  })
})
