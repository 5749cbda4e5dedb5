// revoke-key against the platform as it behaves: it lists keys newest first and may report a key's last use late
// (`last_used_at: null` for a key in use). The step's own key may be among the keys of the name; it must go last, and
// when the action cannot tell which one it is, no key may be left valid without the step saying so.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform emulator.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep, stripMasks } from '../../scripts/run-step.ts'
import { expectNoKeyLeak } from '../support/leaks.ts'

let platform: PlatformEmulator
let url: string
const DAY = 86_400_000
const T0 = Date.now()

beforeEach(async () => {
  platform = new PlatformEmulator()
  url = await platform.start()
  platform.listKeysNewestFirst()
})

afterEach(async () => {
  await platform.stop()
})

const revokeByName = (key: string, name: string) =>
  runStep({ 'api-key': key, 'api-host': url, command: 'revoke-key', 'key-name': name })
const team = (daysAgo: number) => platform.addKey('team', { createdAt: T0 - daysAgo * DAY })

describe('revoke-key by name, when the platform reports no use of any key', () => {
  beforeEach(() => platform.recordKeyUse(false))

  it("the step's own key, the newest, goes last: every key of the name is revoked", async () => {
    const older = team(3)
    const middle = team(2)
    const own = team(1)
    const result = await revokeByName(own.key, 'team')
    expect(errorLines(result.stdout)).toEqual([])
    expect(result.code).toBe(0)
    expect(JSON.parse(result.outputs['revoked-key-ids']!)).toEqual([older.id, middle.id, own.id])
    expect([older, middle, own].map((k) => platform.isKeyValid(k.id))).toEqual([false, false, false])
    expectNoKeyLeak(result, [older.key, middle.key, own.key])
    expect(stripMasks(result.stdout)).toContain(
      'No key shows a use by this step (the platform may record key use late), ' +
        "so the step's own key cannot be told apart. The keys that may be it go last. " +
        `API key ${own.id}, the most recently used or made, goes last of all.`,
    )
  })

  it('keys made after the step began cannot be its own: they go first, whatever their age says', async () => {
    // Made by another job while this step runs (an hour from now on the platform's clock), yet
    // listed after the step's key.
    const later = platform.addKey('team', { createdAt: T0 + 3_600_000 })
    const own = team(2)
    const result = await revokeByName(own.key, 'team')
    expect(errorLines(result.stdout)).toEqual([])
    expect(JSON.parse(result.outputs['revoked-key-ids']!)).toEqual([later.id, own.id])
  })

  it("a 401 after the step's key went: one error naming every key of the name still valid, and what to do", async () => {
    // The step's key is the oldest: the action takes the newest for its own, and revokes this one first.
    const own = team(3)
    const middle = team(2)
    const newest = team(1)
    const result = await revokeByName(own.key, 'team')
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      `::error::The platform refused the step's key (401) after API key ${own.id} was revoked: that was most likely the step's own key ` +
        '(no key of the name showed a use by this step, so the action could not tell). ' +
        `Keys named "team" still valid: ${middle.id}, ${newest.id}. Already revoked: ${own.id}. ` +
        'Run revoke-key again with `key-name: team` and an `api-key` of another name to revoke them.',
    ])
    expect(JSON.parse(result.outputs['revoked-key-ids']!)).toEqual([own.id])
    expect(result.outputs['http-status']).toBe('401')
    expect([own, middle, newest].map((k) => platform.isKeyValid(k.id))).toEqual([false, true, true])
    expect(result.summary).toContain(`<tr><td><code>${middle.id}</code></td><td>not revoked</td></tr>`)
    expect(result.summary).toContain(`<tr><td><code>${own.id}</code></td><td>revoked</td></tr>`)
  })
})

describe('revoke-key by id', () => {
  it('an answer naming another key is an error naming both, and neither is reported revoked', async () => {
    const admin = platform.addKey('admin')
    const victim = platform.addKey('old')
    platform.inject({ method: 'DELETE', path: `/api_keys/${victim.id}`, kind: 'rewrite', set: { id: admin.id } })
    const result = await runStep({
      'api-key': admin.key,
      'api-host': url,
      command: 'revoke-key',
      'key-id': String(victim.id),
    })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      `::error::The platform answered the revocation of API key ${victim.id} with a record of API key ${admin.id}. ` +
        `It is not known whether key ${victim.id} was revoked, and key ${admin.id} may have been revoked instead. Check both with list-keys.`,
    ])
    expect(result.outputs['revoked-key-ids']).toBe('[]')
    expect(result.summary).toContain(
      `<tr><td><code>${victim.id}</code></td><td>may or may not be revoked: check it with list-keys</td></tr>`,
    )
  })
})
