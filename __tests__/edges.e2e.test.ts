import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type PlatformEmulator } from '../emulator/platform.ts'
import { MAX_KNOWN_KEYS } from '../src/keys/ledger.ts'
import { errorLines, runStep } from '../scripts/run-step.ts'
import { platformPerTest } from './support/platform-per-test.ts'

/**
 * Edges of the step that only a whole run reaches: odd answers about organizations and keys, the
 * limit of keys of one name, a runner whose files cannot be written, and the exact log lines and
 * summary rows of the key commands.
 */
let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }

platformPerTest((started) => ({ platform, url, admin } = started))

const step = (inputs: Record<string, string>, env?: Record<string, string>) =>
  runStep({ 'api-key': admin.key, 'api-host': url, ...inputs }, { env })

describe("the organization of a project-scoped key comes from the project's record", () => {
  it('fails, creating nothing, when the record names no organization', async () => {
    const project = platform.addProject()
    platform.inject({ path: `/projects/${project.id}`, kind: 'rewrite', set: { org_id: null } })
    const result = await step({ command: 'create-key', 'key-name': 'scoped', 'project-id': project.id })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      `::error::The platform's record of project ${project.id} names no organization (org_id), and a project-scoped key belongs to one: set \`org-id\` to the organization that owns the project.`,
    ])
    expect(platform.requests.filter((r) => r.method === 'POST')).toEqual([])
  })

  it('fails when the record names something that is not an organization id', async () => {
    const project = platform.addProject()
    platform.inject({ path: `/projects/${project.id}`, kind: 'rewrite', set: { org_id: 'Org/../x' } })
    const result = await step({ command: 'create-key', 'key-name': 'scoped', 'project-id': project.id })
    expect(errorLines(result.stdout)).toEqual([
      `::error::GET /projects/${project.id} answered "Org/../x", which is not an organization id: set \`org-id\` to the one to use.`,
    ])
    expect(platform.requests.filter((r) => r.method === 'POST')).toEqual([])
  })
})

it('a personal key in many organizations names the first ten and counts the rest', async () => {
  const memberships: Record<string, 'member'> = {}
  for (let i = 0; i < 12; i++) memberships[platform.addOrganization({ id: `org-${i}`, name: `Org ${i}` }).id] = 'member'
  const user = platform.addUser({ organizations: memberships })
  const key = platform.addKey('many', { user })
  const result = await runStep({ 'api-key': key.key, 'api-host': url, command: 'list-projects' })
  const [error] = errorLines(result.stdout)
  expect(error).toMatch(/^::error::The step's key is a personal key whose user belongs to 12 organizations: "Org 0" \(org-0\), /)
  expect(error).toContain('"Org 9" (org-9), and 2 more. ')
  expect(error).not.toContain('org-10')
})

describe('a runner whose files cannot be written', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'neon-action-edges-'))
  })
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  it('fails list-projects, naming RUNNER_TEMP, when the projects file cannot be written', async () => {
    platform.addProjects(2)
    const missing = join(dir, 'no-such-dir')
    const result = await step({ command: 'list-projects', 'org-id': platform.defaultOrgId }, { RUNNER_TEMP: missing })
    expect(result.code).toBe(1)
    const [error] = errorLines(result.stdout)
    expect(error).toMatch(new RegExp(`^::error::Could not write the projects file in ${missing} \\(RUNNER_TEMP\\): ENOENT`))
  })

  it('warns, and still succeeds, when the job summary cannot be written', async () => {
    platform.addProjects(2)
    const result = await step({ command: 'list-projects', 'org-id': platform.defaultOrgId }, { GITHUB_STEP_SUMMARY: dir })
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^::warning::Could not write the job summary: EISDIR/m)
    expect(result.outputs['project-ids']).toBeDefined()
  })
})

it.each([' napi_leading', 'napi_trailing\n', 'napi_in side'])(
  'a created key whose value is not one printable token (%j) is revoked at once',
  async (value) => {
    platform.inject({ method: 'POST', path: '/api_keys', kind: 'transform', transform: (body) => ({ ...(body as object), key: value }) })
    const result = await step({ command: 'create-key', 'key-name': 'odd' })
    const made = platform.keys().find((k) => k.name === 'odd')!
    expect(errorLines(result.stdout)).toEqual([
      `::error::The platform answered key ${made.id} with a value that is not a printable token. That key was revoked at once, and no new key is left valid. Run the step again, or report it with the key id.`,
    ])
    expect(made.revoked).toBe(true)
  },
)

it(`keeps track of up to ${MAX_KNOWN_KEYS} keys of the name, and refuses to create beside more`, async () => {
  for (let i = 0; i < MAX_KNOWN_KEYS; i++) platform.addKey('crowded')
  const made = await step({ command: 'create-key', 'key-name': 'crowded' })
  expect(errorLines(made.stdout)).toEqual([])
  expect(made.outputs['key-id']).toBeDefined()
  const refused = await step({ command: 'create-key', 'key-name': 'crowded' })
  expect(errorLines(refused.stdout)).toEqual([
    `::error::${MAX_KNOWN_KEYS + 1} keys are named "crowded" already, more than the ${MAX_KNOWN_KEYS} this step can keep track of to find a new key after a lost answer or a cancellation. Revoke the ones no longer used, or choose another \`key-name\`.`,
  ])
  expect(platform.keys().filter((k) => k.name === 'crowded')).toHaveLength(MAX_KNOWN_KEYS + 1)
})

it('says what the new key reaches and how long it lives, in the log and in the summary', async () => {
  const project = platform.addProject()
  const org = platform.defaultOrgId
  const job = await step({ command: 'create-key', 'key-name': 'ci', 'revoke-after-job': 'true', 'project-id': project.id, 'org-id': org })
  const made = platform.keys().find((k) => k.name.startsWith('ci~exp-'))!
  const [, y, mo, d, h, mi] = /~exp-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})Z$/.exec(made.name)!
  const expires = `${y}-${mo}-${d} ${h}:${mi} UTC`
  expect(job.stdout).toContain(
    `\nCreated API key ${made.id} named "${made.name}" (project ${project.id}); it is revoked when the job ends; it expires ${expires} by its name.\n`,
  )
  expect(job.summary).toContain(
    '<tr><th>id</th><th>name</th><th>scope</th><th>lifetime</th></tr>\n' +
      `<tr><td><code>${made.id}</code></td><td>${made.name}</td><td>project ${project.id}</td><td>this job (expires ${expires})</td></tr>`,
  )

  const orgKey = await step({ command: 'create-key', 'key-name': 'org-wide', 'org-id': org, 'expires-in': '1h' })
  const wide = platform.keys().find((k) => k.name.startsWith('org-wide~exp-'))!
  expect(orgKey.stdout).toMatch(
    new RegExp(`\\nCreated API key ${wide.id} named "${wide.name}" \\(organization ${org}\\); it expires [^;]+ by its name\\.\\n`),
  )
  expect(orgKey.summary).toMatch(new RegExp(`<td>organization ${org}</td><td>expires \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC</td></tr>`))

  const plain = await step({ command: 'create-key', 'key-name': 'plain' })
  const id = platform.keys().find((k) => k.name === 'plain')!.id
  expect(plain.stdout).toContain(`\nCreated API key ${id} named "plain" (personal).\n`)
  expect(plain.summary).toContain(`<tr><td><code>${id}</code></td><td>plain</td><td>personal</td><td>until revoked</td></tr>`)
})

it("list-keys says how many keys an organization has, and shows each key's scope, creation and last use", async () => {
  const org = platform.defaultOrgId
  const project = platform.addProject()
  const at = Date.parse('2026-11-20T08:30:00Z')
  const wide = platform.addOrgKey(org, 'org-key', { createdAt: at, lastUsedAt: at + 3_600_000, lastUsedFrom: '203.0.113.7' })
  const scoped = platform.addOrgKey(org, 'scoped', { projectId: project.id, createdAt: at })
  const result = await step({ command: 'list-keys', 'org-id': org })
  expect(result.stdout).toContain(`\nFound 2 API key(s) of organization ${org}.\n`)
  expect(result.summary).toContain(
    `<h3>API keys of organization ${org} (2)</h3>\n<table>\n` +
      '<tr><th>id</th><th>name</th><th>scope</th><th>created</th><th>last used</th><th>from</th></tr>\n' +
      `<tr><td><code>${wide.id}</code></td><td>org-key</td><td>organization</td><td>2026-11-20 08:30 UTC</td><td>2026-11-20 09:30 UTC</td><td>203.0.113.7</td></tr>\n` +
      `<tr><td><code>${scoped.id}</code></td><td>scoped</td><td>project ${project.id}</td><td>2026-11-20 08:30 UTC</td><td>—</td><td>—</td></tr>\n`,
  )
})

it('revoke-key by name: least recently used first, a table of what became of each key, and a warning when no key has the name', async () => {
  const at = Date.parse('2026-11-20T08:30:00Z')
  const recent = platform.addKey('old-ci', { createdAt: at, lastUsedAt: at + 7_200_000 })
  const idle = platform.addKey('old-ci', { createdAt: at })
  const used = platform.addKey('old-ci', { createdAt: at, lastUsedAt: at + 3_600_000 })
  const result = await step({ command: 'revoke-key', 'key-name': 'old-ci' })
  const order = [idle.id, used.id, recent.id]
  expect(result.stdout.split('\n').filter((l) => l.startsWith('Revoked API key'))).toEqual(order.map((id) => `Revoked API key ${id}.`))
  expect(JSON.parse(result.outputs['revoked-key-ids']!)).toEqual(order)
  expect(result.summary).toContain(
    `<tr><th>id</th><th>outcome</th></tr>\n${order.map((id) => `<tr><td><code>${id}</code></td><td>revoked</td></tr>\n`).join('')}`,
  )

  const none = await step({ command: 'revoke-key', 'key-name': 'nothing' })
  expect(none.code).toBe(0)
  expect(none.stdout).toContain('\n::warning::No API key is named "nothing"; nothing was revoked.\n')
  expect(none.summary).toContain('<h3>API keys revoked</h3>\n<p>No key was revoked.</p>')
  expect(none.outputs['revoked-key-ids']).toBe('[]')
})

describe('the post step when its clean-up meets faults', () => {
  const ledger = (record: { name: string; known: number[]; pending: number[] }) => ({
    isPost: 'true',
    'unsettled-keys': JSON.stringify(record),
  })
  const post = (state: Record<string, string>) =>
    runStep({ 'api-key': admin.key, 'api-host': url, command: 'create-key', 'key-name': 'nightly' }, { state })

  const info = (stdout: string) => stdout.split('\n').filter((l) => l !== '' && !l.startsWith('::'))

  it('a pending key that is already gone is reported as revoked, and the list shows no other', async () => {
    const result = await post(ledger({ name: 'nightly', known: [], pending: [424242] }))
    expect(result.code).toBe(0)
    expect(errorLines(result.stdout)).toEqual([])
    expect(info(result.stdout)).toEqual([
      'API key 424242 named "nightly" was already revoked.',
      'No other key named "nightly" from the main step is valid: the list taken now shows none.',
    ])
  })

  it('a lost key the platform lists twice is one key: it is revoked', async () => {
    const lost = platform.addKey('nightly')
    platform.inject({ method: 'GET', path: '/api_keys', kind: 'duplicate', ids: [lost.id] })
    const result = await post(ledger({ name: 'nightly', known: [], pending: [] }))
    expect(errorLines(result.stdout)).toEqual([])
    expect(info(result.stdout)).toEqual([
      `Revoked API key ${lost.id} named "nightly": a create of the main step made it without the answer reaching the step, so nobody holds its value.`,
    ])
    expect(platform.isKeyValid(lost.id)).toBe(false)
  })

  it('pending keys whose revocation keeps failing are each named for revoking by hand, after the list is checked', async () => {
    const pending = [platform.addKey('nightly'), platform.addKey('nightly')]
    for (const key of pending) platform.inject({ method: 'DELETE', path: `/api_keys/${key.id}`, kind: 'status', status: 500, times: 99 })
    const result = await post(ledger({ name: 'nightly', known: [], pending: pending.map((k) => k.id) }))
    expect(result.code).toBe(1)
    const failed = (id: number) =>
      `Revoking API key ${id} named "nightly" failed: Could not revoke API key ${id}: the platform answered 500 Internal Server Error: "internal server error" after 5 attempts\\. \\(request id [0-9a-f-]{36}\\) Revoke it by hand \\(revoke-key with \`key-id\`\\)\\.`
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(new RegExp(`^::error::${failed(pending[0]!.id)} ${failed(pending[1]!.id)}$`)),
    ])
    // Still valid, and the only keys of the name: the list found no stranger beside them.
    expect(platform.requests.filter((r) => r.method === 'GET' && r.path === '/api_keys')).toHaveLength(1)
    expect(info(result.stdout)).toEqual([])
  })

  it('with nothing saved it does nothing and says nothing, even when the inputs would fail the main step', async () => {
    const result = await runStep({ 'api-key': '', 'api-host': url, command: 'create-key', timeout: 'soon' }, { state: { isPost: 'true' } })
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('')
    expect(platform.requests).toEqual([])
  })

  it('a list that keeps failing ends the post step with what to check by hand', async () => {
    platform.inject({ method: 'GET', path: '/api_keys', kind: 'status', status: 500, times: 99 })
    const result = await post(ledger({ name: 'nightly', known: [], pending: [] }))
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(
        /^::error::The post step could not look for a key named "nightly" that the main step may have left valid: Could not list API keys: the platform answered 500 Internal Server Error: "internal server error" after 5 attempts\. \(request id [0-9a-f-]{36}\) Run list-keys and revoke a key of that name you do not expect\.$/,
      ),
    ])
  })
})

describe('an input the command does not read', () => {
  it('secret-name on create-key fails the step before any request', async () => {
    const result = await step({ command: 'create-key', 'key-name': 'ci', 'secret-name': 'NEON_API_KEY' })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      '::error::Input `secret-name` was given to create-key, which does not take it: create-key never stores the new key in a secret. ' +
        'To keep a key in a GitHub Actions secret, use rotate-key with `secret-name`; or pass the `key` output on yourself.',
    ])
    expect(platform.requests).toEqual([])
  })

  it('key-id on list-keys is a warning naming both, and the keys are listed', async () => {
    const result = await step({ command: 'list-keys', 'key-id': '42' })
    expect(result.code).toBe(0)
    expect(result.stdout.split('\n').filter((l) => l.startsWith('::warning::'))).toEqual([
      '::warning::Input `key-id` is set, but list-keys does not read it: it has no effect on this step.',
    ])
    expect(JSON.parse(result.outputs.keys!)).toHaveLength(1)
  })
})
