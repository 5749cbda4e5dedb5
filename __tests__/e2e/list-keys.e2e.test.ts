// list-keys as a workflow runs it: no secret value, each key's scope, creation and last use, and hostile fields kept as data.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/index.ts instead), against the platform emulator.
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

const VALUES = [HOSTILE, MARKDOWN]

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

it("list-keys says how many keys an organization has, and shows each key's scope, creation, creator and last use", async () => {
  const org = platform.defaultOrgId
  const project = platform.addProject()
  const at = Date.parse('2026-11-20T08:30:00Z')
  const wide = platform.addOrgKey(org, 'org-key', {
    createdAt: at,
    lastUsedAt: at + 3_600_000,
    lastUsedFrom: '203.0.113.7',
  })
  const scoped = platform.addOrgKey(org, 'scoped', { projectId: project.id, createdAt: at })
  const result = await step({ command: 'list-keys', 'org-id': org })
  expect(result.stdout).toContain(`\nFound 2 API key(s) of organization ${org}.\n`)
  expect(result.summary).toContain(
    `<h3>API keys of organization ${org} (2)</h3>\n<table>\n` +
      '<tr><th>id</th><th>name</th><th>scope</th><th>created</th><th>created by</th><th>last used</th><th>from</th></tr>\n' +
      `<tr><td><code>${wide.id}</code></td><td>org-key</td><td>organization</td><td>2026-11-20 08:30 UTC</td><td>Emulator User</td><td>2026-11-20 09:30 UTC</td><td>203.0.113.7</td></tr>\n` +
      `<tr><td><code>${scoped.id}</code></td><td>scoped</td><td>project ${project.id}</td><td>2026-11-20 08:30 UTC</td><td>Emulator User</td><td>—</td><td>—</td></tr>\n`,
  )
})

describe('hostile values in the records the platform sends', () => {
  it.each(VALUES.map((v) => [v]))('every field of every key: %j', async (value) => {
    platform.addKey('other')
    const fields = { name: value, last_used_from_addr: value, created_at: value, last_used_at: value }
    platform.inject({ path: '/api_keys', kind: 'rewrite', set: fields })
    const result = await step({ command: 'list-keys' })
    expect(errorLines(result.stdout)).toEqual([])
    expect(JSON.parse(result.outputs.keys!)).toEqual([expect.objectContaining(fields), expect.objectContaining(fields)])
    expectOnlyOwnCommands(result, admin.key)
  })
})

describe('text from the platform is bounded in every log line, error and summary', () => {
  /** The longest run of `letter` in `text`: how much of a value made of that letter got through. */
  const longestRun = (text: string, letter: string) =>
    Math.max(0, ...(text.match(new RegExp(`${letter}+`, 'g')) ?? []).map((r) => r.length))

  it('a key whose name, created_at, last_used_at and address are 100 kB each, flagged by expected-networks', async () => {
    const odd = platform.addKey('odd', {
      createdAt: Date.now() - 7 * 86_400_000,
      lastUsedAt: Date.now() - 3_600_000,
      lastUsedFrom: '203.0.113.7',
    })
    const huge = {
      name: 'N'.repeat(100_000),
      created_at: 'Q'.repeat(100_000),
      last_used_at: 'U'.repeat(100_000),
      last_used_from_addr: 'W'.repeat(100_000),
    }
    platform.inject({ path: '/api_keys', kind: 'rewrite', set: huge, ids: [odd.id], times: 2 })
    for (const fail of ['false', 'true']) {
      const result = await step({
        command: 'list-keys',
        'expected-networks': '10.0.0.0/8',
        'fail-on-unexpected-use': fail,
      })
      expect(result.code).toBe(fail === 'true' ? 1 : 0)
      expect(JSON.parse(result.outputs['unexpected-use-key-ids']!)).toContain(odd.id)
      for (const letter of ['N', 'Q', 'U', 'W']) {
        expect([letter, longestRun(result.stdout, letter) <= 200, longestRun(result.summary, letter) <= 200]).toEqual([
          letter,
          true,
          true,
        ])
      }
      for (const line of result.stdout.split('\n')) expect(line.length).toBeLessThan(2000)
      expect(result.summary.length).toBeLessThan(10_000)
      expectOnlyOwnCommands(result, admin.key)
    }
  })
})
