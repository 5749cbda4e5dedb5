// list-keys as a workflow runs it: no secret value, each key's scope, creation and last use, and hostile fields kept as data.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform emulator.
import { describe, expect, it } from '@jest/globals'
import { KEY_OWNER, type PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep } from '../../scripts/run-step.ts'
import { expectOnlyOwnCommands, HOSTILE, MARKDOWN } from '../support/injection.ts'
import { expectNoKeyLeak } from '../support/leaks.ts'
import { platformPerTest } from '../support/platform-per-test.ts'

let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }

platformPerTest((started) => ({ platform, url, admin } = started))

const step = (inputs: Record<string, string>, env?: Record<string, string>) =>
  runStep({ 'api-key': admin.key, 'api-host': url, ...inputs }, env ? { env } : {})

const base = () => ({ 'api-key': admin.key, 'api-host': url })

describe('list-keys', () => {
  it('lists keys without any secret value, with last use', async () => {
    const other = platform.addKey('reader')
    const step = await runStep({ ...base(), command: 'list-keys' })
    expect(step.code).toBe(0)
    const keys = JSON.parse(step.outputs.keys!) as Array<Record<string, unknown>>
    expect(keys.map((k) => k.id).sort()).toEqual([admin.id, other.id].sort())
    expect(Object.keys(keys[0]!).sort()).toEqual([
      'created_at',
      'created_by',
      'id',
      'last_used_at',
      'last_used_from_addr',
      'name',
      'scope',
    ])
    // Who made it, by id and name: never the avatar's address.
    expect(keys[0]!.created_by).toEqual({ id: KEY_OWNER.id, name: KEY_OWNER.name })
    expect(keys.map((k) => k.scope)).toEqual(['personal', 'personal'])
    const self = keys.find((k) => k.id === admin.id)!
    expect(self.last_used_from_addr).toBe('127.0.0.1')
    expectNoKeyLeak(step, [admin.key, other.key])
    expect(step.summary).toContain('<th>last used</th>')
    expect(step.summary).toContain('reader')
  })
})

// What the command makes of odd and huge records, and an organization's summary: __tests__/commands/list-keys.test.ts.
describe('hostile values in the records the platform sends', () => {
  it('every field of every key: runner commands in one, Markdown in the other', async () => {
    const other = platform.addKey('other')
    const fields = (value: string) => ({
      name: value,
      last_used_from_addr: value,
      created_at: value,
      last_used_at: value,
    })
    platform.inject({
      path: '/api_keys',
      kind: 'transform',
      transform: (body) =>
        (body as Array<{ id: number }>).map((k) => ({ ...k, ...fields(k.id === other.id ? MARKDOWN : HOSTILE) })),
    })
    const result = await step({ command: 'list-keys' })
    expect(errorLines(result.stdout)).toEqual([])
    expect(JSON.parse(result.outputs.keys!)).toEqual([
      expect.objectContaining(fields(HOSTILE)),
      expect.objectContaining(fields(MARKDOWN)),
    ])
    expectOnlyOwnCommands(result, admin.key)
  })
})
