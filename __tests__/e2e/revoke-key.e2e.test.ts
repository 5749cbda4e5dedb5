// revoke-key as a workflow runs it: by id and by name, the step’s own key last, what became of each key, a lost answer
// retried, and hostile names kept as data.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/index.ts instead), against the platform emulator.
import { describe, expect, it } from '@jest/globals'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep } from '../../scripts/run-step.ts'
import { expectOnlyOwnCommands } from '../support/injection.ts'
import { expectNoKeyLeak } from '../support/leaks.ts'
import { platformPerTest } from '../support/platform-per-test.ts'

let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }

const { step, base } = platformPerTest((started) => ({ platform, url, admin } = started))

describe('revoke-key', () => {
  it('revokes by id', async () => {
    const victim = platform.addKey('old')
    const step = await runStep({ ...base(), command: 'revoke-key', 'key-id': String(victim.id) })
    expect(step.code).toBe(0)
    expect(JSON.parse(step.outputs['revoked-key-ids']!)).toEqual([victim.id])
    expect(platform.isKeyValid(victim.id)).toBe(false)
    expect(platform.isKeyValid(admin.id)).toBe(true)
  })

  it('revokes every key with exactly that name, and no other', async () => {
    const a = platform.addKey('ci')
    const b = platform.addKey('ci')
    const other = platform.addKey('ci-2')
    const step = await runStep({ ...base(), command: 'revoke-key', 'key-name': 'ci' })
    expect(step.code).toBe(0)
    expect(JSON.parse(step.outputs['revoked-key-ids']!).sort()).toEqual([a.id, b.id].sort())
    expect(platform.isKeyValid(a.id) || platform.isKeyValid(b.id)).toBe(false)
    expect(platform.isKeyValid(other.id)).toBe(true)
    expectNoKeyLeak(step, [admin.key, a.key, b.key, other.key])
  })

  it("revoking a name that includes the step's own key revokes that key last, so all go", async () => {
    const own = platform.addKey('shared')
    const older = platform.addKey('shared')
    const step = await runStep({ 'api-key': own.key, 'api-host': url, command: 'revoke-key', 'key-name': 'shared' })
    expect(errorLines(step.stdout)).toEqual([])
    expect(JSON.parse(step.outputs['revoked-key-ids']!)).toEqual([older.id, own.id])
  })

  it('warns and revokes nothing when no key has that name', async () => {
    const step = await runStep({ ...base(), command: 'revoke-key', 'key-name': 'nobody' })
    expect(step.code).toBe(0)
    expect(step.outputs['revoked-key-ids']).toBe('[]')
    expect(step.stdout).toContain('::warning::No API key is named "nobody"; nothing was revoked.')
  })

  it('fails with one error naming an unknown key id', async () => {
    const step = await runStep({ ...base(), command: 'revoke-key', 'key-id': '424242' })
    expect(step.code).toBe(1)
    const errors = errorLines(step.stdout)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(
      /^::error::Could not revoke API key 424242: API key 424242 was not found \(404\)\. It is not a personal key of the step's user\. To revoke an organization or project-scoped key, set `org-id` to its organization\. \(request id [0-9a-f-]{36}\)$/,
    )
    expect(step.stdout).not.toMatch(/\n\s+at /)
  })
})

it('revoke-key by name: least recently used first, a table of what became of each key, and a warning when no key has the name', async () => {
  const at = Date.parse('2026-11-20T08:30:00Z')
  const recent = platform.addKey('old-ci', { createdAt: at, lastUsedAt: at + 7_200_000 })
  const idle = platform.addKey('old-ci', { createdAt: at })
  const used = platform.addKey('old-ci', { createdAt: at, lastUsedAt: at + 3_600_000 })
  const result = await step({ command: 'revoke-key', 'key-name': 'old-ci' })
  const order = [idle.id, used.id, recent.id]
  expect(result.stdout.split('\n').filter((l) => l.startsWith('Revoked API key'))).toEqual(
    order.map((id) => `Revoked API key ${id}.`),
  )
  expect(JSON.parse(result.outputs['revoked-key-ids']!)).toEqual(order)
  expect(result.summary).toContain(
    `<tr><th>id</th><th>outcome</th></tr>\n${order.map((id) => `<tr><td><code>${id}</code></td><td>revoked</td></tr>\n`).join('')}`,
  )

  const none = await step({ command: 'revoke-key', 'key-name': 'nothing' })
  expect(none.code).toBe(0)
  expect(none.stdout).toContain('\n::warning::No API key is named "nothing"; nothing was revoked.\n')
  expect(none.summary).toContain('<h3>No API key to revoke</h3>\n<p>No API key is named &#34;nothing&#34;.</p>')
  expect(none.outputs['revoked-key-ids']).toBe('[]')
})

describe('revocation is idempotent', () => {
  it('a revoke whose answer was lost is retried and counts as revoked', async () => {
    const victim = platform.addKey('victim')
    platform.inject({ method: 'DELETE', path: `/api_keys/${victim.id}`, kind: 'drop', when: 'after' })
    const result = await step({ command: 'revoke-key', 'key-id': String(victim.id) })
    expect(result.code).toBe(0)
    expect(JSON.parse(result.outputs['revoked-key-ids']!)).toEqual([victim.id])
  })

  it('a key id that never existed fails naming the id', async () => {
    const result = await step({ command: 'revoke-key', 'key-id': '31337' })
    expect(errorLines(result.stdout)[0]).toContain('API key 31337 was not found (404)')
  })
})

describe('hostile free-text inputs', () => {
  it.each(['##[add-mask]finished', '##[set-output name=status;]finished', ':: error ##[group]'])(
    'key-name %j that matches no key, on revoke-key',
    async (name) => {
      const result = await step({ command: 'revoke-key', 'key-name': name })
      expect(result.code).toBe(0)
      expect(result.stdout).toContain('::warning::No API key is named "')
      expectOnlyOwnCommands(result, admin.key)
    },
  )
})
