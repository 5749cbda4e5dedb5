// revoke-key as a workflow runs it: by name, least recently used first, what became of each key in the log, outputs
// and summary; an unknown id as one error line; a hostile name kept as data. Which keys go, the step's own key last, a
// lost answer retried: __tests__/commands/revoke-key.test.ts.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform emulator.
import { describe, expect, it } from '@jest/globals'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines } from '../../scripts/run-step.ts'
import { expectOnlyOwnCommands } from '../support/injection.ts'
import { expectNoKeyLeak } from '../support/leaks.ts'
import { platformPerTest } from '../support/platform-per-test.ts'

let platform: PlatformEmulator
let admin: { id: number; key: string }

const { step } = platformPerTest((started) => ({ platform, admin } = started))

it('revoke-key by name: least recently used first, a table of what became of each key, and a warning when no key has the name', async () => {
  const at = Date.parse('2026-11-20T08:30:00Z')
  const recent = platform.addKey('old-ci', { createdAt: at, lastUsedAt: at + 7_200_000 })
  const idle = platform.addKey('old-ci', { createdAt: at })
  const used = platform.addKey('old-ci', { createdAt: at, lastUsedAt: at + 3_600_000 })
  const other = platform.addKey('old-ci-2')
  const result = await step({ command: 'revoke-key', 'key-name': 'old-ci' })
  expect(result.code).toBe(0)
  const order = [idle.id, used.id, recent.id]
  expect(result.stdout.split('\n').filter((l) => l.startsWith('Revoked API key'))).toEqual(
    order.map((id) => `Revoked API key ${id}.`),
  )
  expect(JSON.parse(result.outputs['revoked-key-ids']!)).toEqual(order)
  expect(result.summary).toContain(
    `<tr><th>id</th><th>outcome</th></tr>\n${order.map((id) => `<tr><td><code>${id}</code></td><td>revoked</td></tr>\n`).join('')}`,
  )
  expect(platform.isKeyValid(other.id)).toBe(true)
  expectNoKeyLeak(result, [admin.key, recent.key, idle.key, used.key, other.key])

  const none = await step({ command: 'revoke-key', 'key-name': 'nothing' })
  expect(none.code).toBe(0)
  expect(none.stdout).toContain('\n::warning::No API key is named "nothing"; nothing was revoked.\n')
  expect(none.summary).toContain('<h3>No API key to revoke</h3>\n<p>No API key is named &#34;nothing&#34;.</p>')
  expect(none.outputs['revoked-key-ids']).toBe('[]')
})

it('an unknown key id: one error line naming it, no stack, and a summary under the verdict', async () => {
  const result = await step({ command: 'revoke-key', 'key-id': '424242' })
  expect(result.code).toBe(1)
  const errors = errorLines(result.stdout)
  expect(errors).toHaveLength(1)
  expect(errors[0]).toMatch(
    /^::error::Could not revoke API key 424242: API key 424242 was not found \(404\)\. It is not a personal key of the step's user\. To revoke an organization or project-scoped key, set `org-id` to its organization\. \(request id [0-9a-f-]{36}\)$/,
  )
  expect(result.stdout).not.toMatch(/\n\s+at /)
  expect(result.summary).toMatch(/^<h3>❌ API key 424242 not revoked<\/h3>\n/)
  expect(result.summary).toContain(`<code>${result.outputs['request-id']}</code>`)
})

describe('hostile free-text inputs', () => {
  it('key-name "##[add-mask]finished" that matches no key, on revoke-key', async () => {
    const result = await step({ command: 'revoke-key', 'key-name': '##[add-mask]finished' })
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('::warning::No API key is named "')
    expectOnlyOwnCommands(result, admin.key)
  })
})
