// create-key as a workflow runs it: the new key masked and set, what a job key reaches and how long it lives, a new
// key with a line break revoked, a lost create reconciled, hostile key names, and the post step that revokes a
// job-scoped key or cleans up after faults. What the step computes is tested in process
// (__tests__/commands/create-key.test.ts).
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform emulator.
import { beforeEach, describe, expect, it } from '@jest/globals'
import { type PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep } from '../../scripts/run-step.ts'
import { expectOnlyOwnCommands, PAYLOADS } from '../support/injection.ts'
import { platformPerTest } from '../support/platform-per-test.ts'
import { expectNoKeyLeak } from '../support/leaks.ts'
import { savedLife } from '../support/saved-state.ts'

let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }

const { step, base } = platformPerTest((started) => ({ platform, url, admin } = started))

describe('create-key', () => {
  it('creates a key, masks it before it ever appears, and sets key and key-id', async () => {
    const step = await runStep({ ...base(), command: 'create-key', 'key-name': 'deploy-bot' })
    expect(step.code).toBe(0)
    const key = step.outputs.key!
    const id = Number(step.outputs['key-id'])
    expect(platform.isKeyValid(key)).toBe(true)
    expect(platform.keys().find((k) => k.id === id)?.name).toBe('deploy-bot')
    // The mask command comes before any other appearance of the value in the log.
    const maskAt = step.stdout.indexOf(`::add-mask::${key}`)
    expect(maskAt).toBeGreaterThanOrEqual(0)
    expect(step.stdout.indexOf(key)).toBe(maskAt + '::add-mask::'.length)
    expect(step.stdout.split(key)).toHaveLength(2)
    // The API key was masked first of all.
    expect(step.stdout.split('\n')[0]).toBe(`::add-mask::${admin.key}`)
    expect(step.summary).toContain('API key created')
    expect(step.summary).toContain(String(id))
    expect(step.summary).not.toContain(key)
    expect(step.state).toEqual({ 'unsettled-keys': '' })
    // The identifying headers, as the bundle sends them.
    const request = platform.requests.find((r) => r.method === 'POST')!
    expect(request.headers['user-agent']).toMatch(/^neon-api-action\/\d+\.\d+\.\d+ /)
    expect(request.headers.accept).toBe('application/json')
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(request.keyId).toBe(admin.id)
  })
})

it('a created key whose value ends with a line break is revoked at once, and the step says so in one line', async () => {
  platform.inject({
    method: 'POST',
    path: '/api_keys',
    kind: 'transform',
    transform: (body) => ({ ...(body as object), key: 'napi_trailing\n' }),
  })
  const result = await step({ command: 'create-key', 'key-name': 'odd' })
  const made = platform.keys().find((k) => k.name === 'odd')!
  expect(errorLines(result.stdout)).toEqual([
    `::error::The platform answered key ${made.id} with a value that is not a printable token. That key was revoked at once, and no new key is left valid. Run the step again, or report it with the key id.`,
  ])
  expect(made.revoked).toBe(true)
})

it('says what a job key reaches and how long it lives, in the log and in the summary', async () => {
  const project = platform.addProject()
  const org = platform.defaultOrgId
  const job = await step({
    command: 'create-key',
    'key-name': 'ci',
    'revoke-after-job': 'true',
    'project-id': project.id,
    'org-id': org,
  })
  const made = platform.keys().find((k) => k.name.startsWith('ci~exp-'))!
  const [, y, mo, d, h, mi] = /~exp-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})Z$/.exec(made.name)!
  const expires = `${y}-${mo}-${d} ${h}:${mi} UTC`
  // A job key's default expiry, as the name carries it, in ISO 8601 UTC for a later step.
  expect(job.outputs['expires-at']).toBe(`${y}-${mo}-${d}T${h}:${mi}:00Z`)
  expect(job.stdout).toContain(
    `\nCreated API key ${made.id} named "${made.name}" (project ${project.id}); it is revoked when the job ends; it expires ${expires} by its name.\n`,
  )
  expect(job.summary).toContain(
    '<tr><th>id</th><th>name</th><th>scope</th><th>lifetime</th></tr>\n' +
      `<tr><td><code>${made.id}</code></td><td>${made.name}</td><td>project ${project.id}</td><td>this job (expires ${expires})</td></tr>`,
  )
})

describe('key creation is never blindly retried', () => {
  it('a lost create answer leaves exactly one valid key of that name, the one in the output', async () => {
    platform.inject({ method: 'POST', path: '/api_keys', kind: 'drop', when: 'after' })
    const result = await step({ command: 'create-key', 'key-name': 'nightly' })
    expect(errorLines(result.stdout)).toEqual([])
    const valid = platform.keys().filter((k) => k.name === 'nightly' && !k.revoked)
    expect(valid).toHaveLength(1)
    expect(String(valid[0]!.id)).toBe(result.outputs['key-id'])
    expect(platform.isKeyValid(result.outputs.key!)).toBe(true)
    // The orphan of the lost answer is revoked.
    expect(platform.keys().filter((k) => k.name === 'nightly' && k.revoked)).toHaveLength(1)
    expect(result.stdout).toMatch(
      /::warning::The answer to creating key "nightly" was lost \(network\)\. Revoked key \d+ named "nightly": a create whose answer was lost made it, and nobody can read its value\. Creating it once more\./,
    )
    expectNoKeyLeak(result, [admin.key])
  })
})

describe('hostile free-text inputs', () => {
  // Every payload is tested in process (__tests__/commands/create-key.test.ts); here one refused and each created.
  const shown = [PAYLOADS.find((p) => p.includes('\r'))!, ...PAYLOADS.filter((p) => !/[\r\n]/.test(p))]
  it.each(shown.map((p) => [p]))('key-name %j: refused, or created and shown as data', async (name) => {
    const result = await step({ command: 'create-key', 'key-name': name })
    expectOnlyOwnCommands(result, admin.key)
    if (/[\r\n]/.test(name)) {
      expect(errorLines(result.stdout)).toEqual([
        '::error::Input `key-name` must be a single line without control characters.',
      ])
      expect(platform.requests).toHaveLength(0)
    } else {
      expect(result.code).toBe(0)
      expect(platform.keys().find((k) => String(k.id) === result.outputs['key-id'])?.name).toBe(name)
    }
  })
})

describe('the post step when its clean-up meets faults', () => {
  const ledger = (record: { name: string; known: number[]; pending: number[]; look?: true }) => ({
    'unsettled-keys': JSON.stringify(record),
  })
  // The look for a lost key lasts 30 s on the step's clock: here it runs 20 times faster.
  const post = (state: Record<string, string>) =>
    step({ command: 'create-key', 'key-name': 'nightly' }, { state, time: { mode: 'jump', rate: 20 } })
  const lists = () => platform.requests.filter((r) => r.method === 'GET' && r.path === '/api_keys')

  const info = (stdout: string) => stdout.split('\n').filter((l) => l !== '' && !l.startsWith('::'))

  it('a pending key that is already gone is reported as revoked; with no key unknown, no list is taken', async () => {
    const result = await post(ledger({ name: 'nightly', known: [], pending: [424242] }))
    expect(result.code).toBe(0)
    expect(errorLines(result.stdout)).toEqual([])
    expect(info(result.stdout)).toEqual(['API key 424242 named "nightly" was already revoked.'])
    expect(lists()).toEqual([])
  })

  it('a lost key the platform lists twice is one key: it is revoked', async () => {
    const lost = platform.addKey('nightly')
    platform.inject({ method: 'GET', path: '/api_keys', kind: 'duplicate', ids: [lost.id] })
    const result = await post(ledger({ name: 'nightly', known: [], pending: [], look: true }))
    expect(errorLines(result.stdout)).toEqual([])
    expect(info(result.stdout)).toEqual([
      'A create of key "nightly" by the main step may have made a key it never learned of: looking for that key for up to 30 s.',
      `Revoked key ${lost.id} named "nightly": a create whose answer was lost made it, and nobody can read its value.`,
    ])
    expect(platform.isKeyValid(lost.id)).toBe(false)
  })

  it('pending keys whose revocation keeps failing are each named for revoking by hand', async () => {
    const pending = [platform.addKey('nightly'), platform.addKey('nightly')]
    for (const key of pending)
      platform.inject({ method: 'DELETE', path: `/api_keys/${key.id}`, kind: 'status', status: 500, times: 99 })
    const result = await post(ledger({ name: 'nightly', known: [], pending: pending.map((k) => k.id) }))
    expect(result.code).toBe(1)
    const failed = (id: number) =>
      `Revoking API key ${id} named "nightly" failed: Could not revoke API key ${id}: the platform answered 500 Internal Server Error: "internal server error" after 5 attempts\\. \\(request id [0-9a-f-]{36}\\) Revoke it by hand \\(revoke-key with \`key-id\`\\)\\.`
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(new RegExp(`^::error::${failed(pending[0]!.id)} ${failed(pending[1]!.id)}$`)),
    ])
    expect(lists()).toEqual([])
    expect(info(result.stdout)).toEqual([])
  })

  it('a pending key whose revocation failed is still named when the list fails too', async () => {
    const pending = platform.addKey('nightly')
    platform.inject({ method: 'DELETE', path: `/api_keys/${pending.id}`, kind: 'status', status: 500, times: 99 })
    platform.inject({ method: 'GET', path: '/api_keys', kind: 'status', status: 500, times: 99 })
    const result = await post(ledger({ name: 'nightly', known: [], pending: [pending.id], look: true }))
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::error::Revoking API key ${pending.id} named "nightly" failed: .* The post step could not look for a key named "nightly"`,
        ),
      ),
    ])
    expect(platform.isKeyValid(pending.id)).toBe(true)
  })

  it('with nothing saved it does nothing and says nothing, even when the inputs would fail the main step', async () => {
    const result = await runStep(
      { 'api-key': '', 'api-host': url, command: 'create-key', timeout: 'soon' },
      { state: {} },
    )
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('')
    expect(platform.requests).toEqual([])
  })

  it('a list that keeps failing for the whole look ends the post step with what to check by hand', async () => {
    platform.inject({ method: 'GET', path: '/api_keys', kind: 'status', status: 500, times: 999 })
    const result = await post(ledger({ name: 'nightly', known: [7, 8], pending: [], look: true }))
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(
        /^::error::The post step could not look for a key named "nightly" that the main step may have left valid: Could not list API keys: the platform answered 500 Internal Server Error: "internal server error" after 5 attempts\. \(request id [0-9a-f-]{36}\) Run list-keys and revoke a key named "nightly" other than keys 7, 8 that you do not expect\.$/,
      ),
    ])
    // Tried again through the look, not given up after the first list.
    expect(lists().length).toBeGreaterThan(5)
  })

  it('a list that fails once is tried again at the next look', async () => {
    const lost = platform.addKey('nightly')
    platform.inject({ method: 'GET', path: '/api_keys', kind: 'status', status: 400 })
    const result = await post(ledger({ name: 'nightly', known: [], pending: [], look: true }))
    expect(errorLines(result.stdout)).toEqual([])
    expect(platform.isKeyValid(lost.id)).toBe(false)
  })
})

describe('job-scoped keys', () => {
  /** A key of the workflow, other than the one each test starts with. */
  let current: { id: number; key: string }
  beforeEach(() => {
    current = platform.addKey('ci-deploy')
  })

  it('the post step revokes the key, also after a later step of the job failed', async () => {
    const base = { 'api-key': current.key, 'api-host': url }
    const created = await runStep({ ...base, command: 'create-key', 'key-name': 'job-123', 'revoke-after-job': 'true' })
    // Once the key is handed out, the saved state holds the job key alone: the post step revokes it by id, and looks
    // for no other key.
    const saved = savedLife(created.state) as Record<string, unknown>
    expect(saved).toMatchObject({
      known: [Number(created.outputs['key-id'])],
      pending: [],
      jobKey: Number(created.outputs['key-id']),
    })
    expect(saved.look).toBeUndefined()
    expect(JSON.stringify(created.state)).not.toContain(created.outputs.key)
    // A later step uses the key, then another step fails.
    const used = await runStep({ command: 'list-projects', 'api-key': created.outputs.key!, 'api-host': url })
    expect(used.code).toBe(0)
    const broken = await runStep({ ...base, command: 'revoke-key', 'key-id': 'oops' })
    expect(broken.code).toBe(1)
    // The runner still runs the post step (post-if: always()) with the main step's state.
    const post = await runStep(
      { ...base, command: 'create-key', 'key-name': 'job-123', 'revoke-after-job': 'true' },
      { state: created.state },
    )
    expect(post.code).toBe(0)
    expect(post.stdout).toContain(`Revoked the job-scoped API key ${created.outputs['key-id']}.`)
    expect(platform.isKeyValid(created.outputs.key!)).toBe(false)
    expect(platform.isKeyValid(current.id)).toBe(true)
    expectNoKeyLeak(post, [current.key, created.outputs.key!])
  })

  it('a post step whose key is already gone succeeds quietly', async () => {
    const base = { 'api-key': current.key, 'api-host': url, command: 'create-key', 'key-name': 'job' }
    const created = await runStep({ ...base, 'revoke-after-job': 'true' })
    // A job key's name ends with its expiry: someone revokes it by that name.
    const name = platform.keys().find((k) => k.id === Number(created.outputs['key-id']))!.name
    expect((await runStep({ ...base, command: 'revoke-key', 'key-name': name })).code).toBe(0)
    const post = await runStep({ ...base, 'revoke-after-job': 'true' }, { state: created.state })
    expect(post.code).toBe(0)
    expect(post.stdout).toContain('was already revoked')
  })

  it('create-key without revoke-after-job saves no key id, and its post step does nothing', async () => {
    const base = { 'api-key': current.key, 'api-host': url, command: 'create-key', 'key-name': 'kept' }
    const created = await runStep(base)
    expect(created.state).toEqual({ 'unsettled-keys': '' })
    const requestsBefore = platform.requests.length
    const post = await runStep(base, { state: created.state })
    expect(post.code).toBe(0)
    expect(platform.requests).toHaveLength(requestsBefore)
    expect(platform.isKeyValid(created.outputs.key!)).toBe(true)
  })
})
