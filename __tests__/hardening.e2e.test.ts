import { describe, expect, it } from '@jest/globals'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type PlatformEmulator } from '../emulator/platform.ts'
import { errorLines, runStep, type StepResult } from '../scripts/run-step.ts'
import { expectNoKeyLeak } from './support/leaks.js'
import { platformPerTest } from './support/platform-per-test.ts'

/**
 * Faults on the server, seen from a workflow: the committed bundle against the emulator with
 * injected faults. The action's clock runs 100× faster, so back-off costs milliseconds.
 */
let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }

platformPerTest((started) => ({ platform, url, admin } = started))

const step = (inputs: Record<string, string>) => runStep({ 'api-key': admin.key, 'api-host': url, ...inputs })

describe('reads absorb transient faults', () => {
  it('two 503s, a 429 with Retry-After, a dropped connection and a 423: the step still succeeds', async () => {
    platform.addProjects(3)
    platform.inject({ path: '/projects', kind: 'status', status: 503, times: 2 })
    platform.inject({ path: '/projects', kind: 'status', status: 429, retryAfter: '2' })
    platform.inject({ path: '/projects', kind: 'drop', when: 'before' })
    const result = await step({ command: 'list-projects' })
    expect(errorLines(result.stdout)).toEqual([])
    expect(result.code).toBe(0)
    expect(JSON.parse(result.outputs['project-ids']!)).toHaveLength(3)
    const warnings = result.stdout.split('\n').filter((l) => l.startsWith('::warning::'))
    expect(warnings).toHaveLength(4)
    expect(warnings[0]).toMatch(
      /^::warning::GET \/projects: the platform answered 503 Service Unavailable.*retrying in .* \(attempt 2 of 5\)\.$/,
    )
    expect(warnings[2]).toContain('429 Too Many Requests')
    expect(warnings[2]).toContain('retrying in 2 s')
    expect(warnings[3]).toContain('the connection failed')

    platform.inject({ path: '/api_keys', kind: 'status', status: 423 })
    const keys = await step({ command: 'list-keys' })
    expect(keys.code).toBe(0)
    expect(keys.stdout).toContain('423 Locked')
  })

  it('a truncated body on a read is read again', async () => {
    platform.inject({ path: '/api_keys', kind: 'truncated' })
    const result = await step({ command: 'list-keys' })
    expect(result.code).toBe(0)
    expect(JSON.parse(result.outputs.keys!)).toHaveLength(1)
  })

  it('a server that keeps failing gives one clear error with the status and request id', async () => {
    platform.inject({ path: '/api_keys', kind: 'html', status: 502, times: 99 })
    const result = await step({ command: 'list-keys' })
    expect(result.code).toBe(1)
    const errors = errorLines(result.stdout)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(
      /^::error::Could not list API keys: the platform answered 502 Bad Gateway: \(text\/html\) ".*" after 5 attempts\. \(request id [0-9a-f-]{36}\)$/,
    )
    expect(result.stdout).not.toContain('undefined')
    expect(result.stdout).not.toMatch(/\n\s+at /)
  })

  it('a server that hangs gives a clear error within `timeout`', async () => {
    platform.inject({ path: '/api_keys', kind: 'delay', ms: 60_000, times: 99 })
    // While a request is in flight the action's time runs 100 times as fast: 20 s last 200 ms.
    const result = await runStep(
      { 'api-key': admin.key, 'api-host': url, command: 'list-keys', timeout: '20' },
      { time: { mode: 'jump', rate: 100 } },
    )
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(
        /^::error::The step's timeout ran out while GET \/api_keys was in flight\. Could not list API keys; raise the `timeout` input if the platform is slow\. \(request id [0-9a-f-]{36}\)$/,
      ),
    ])
  })
})

describe('responses that are not what the spec says', () => {
  it.each([
    [
      'an HTML page with 200',
      { kind: 'status', status: 200, body: '<html><title>Login</title></html>', contentType: 'text/html' },
      /the platform answered 200 with a body that is not JSON \(text\/html, 33 bytes\)/,
    ],
    [
      'a 200 without the fields',
      { kind: 'status', status: 200, body: '{"unexpected": true}', contentType: 'application/json' },
      /the platform answered 200 without the expected fields: response is not an array/,
    ],
    [
      'an empty 500',
      { kind: 'status', status: 500, body: '', contentType: 'text/plain' },
      /the platform answered 500 Internal Server Error: \(empty text\/plain body\) after 5 attempts/,
    ],
  ])('%s: one clear error', async (_, fault, expected) => {
    platform.inject({ path: '/api_keys', times: 99, ...(fault as { kind: 'status'; status: number }) })
    const result = await step({ command: 'list-keys' })
    const errors = errorLines(result.stdout)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(expected)
    expect(errors[0]).toMatch(/\(request id [^)]+\)$/)
    expect(errors[0]).not.toContain('undefined')
  })
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
      /::warning::The answer to creating key "nightly" was lost \(network\)\. Revoked key \d+, which that attempt made\. Creating it once more\./,
    )
    expectNoKeyLeak(result, [admin.key])
  })

  it('a 500 on create is reconciled the same way', async () => {
    platform.inject({ method: 'POST', path: '/api_keys', kind: 'status', status: 500 })
    const result = await step({ command: 'create-key', 'key-name': 'ci' })
    expect(result.code).toBe(0)
    expect(platform.keys().filter((k) => k.name === 'ci' && !k.revoked)).toHaveLength(1)
  })

  it('when every create answer is lost, no new key is left valid and the error says so', async () => {
    platform.inject({ method: 'POST', path: '/api_keys', kind: 'drop', when: 'after', times: 5 })
    const result = await step({ command: 'create-key', 'key-name': 'doomed' })
    expect(result.code).toBe(1)
    expect(platform.keys().filter((k) => k.name === 'doomed' && !k.revoked)).toHaveLength(0)
    expect(errorLines(result.stdout)[0]).toMatch(
      /Revoked keys \d+, \d+, made by the attempts whose answers were lost\. No new key named "doomed" is left valid: a list taken after the clean-up shows none\.$/,
    )
    expect(result.outputs.key).toBeUndefined()
  })

  it('a 503 on create is simply sent again: the service did not carry it out', async () => {
    platform.inject({ method: 'POST', path: '/api_keys', kind: 'status', status: 503 })
    const result = await step({ command: 'create-key', 'key-name': 'ci' })
    expect(result.code).toBe(0)
    // The one list is the snapshot taken before the create: no clean-up was needed.
    expect(platform.requests.filter((r) => r.path === '/api_keys').map((r) => r.method)).toEqual(['GET', 'POST', 'POST'])
  })
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

describe('secrets', () => {
  it('a redirect is not followed: the other host never sees the key', async () => {
    const hits: string[] = []
    const elsewhere: Server = createServer((req, res) => {
      hits.push(String(req.headers.authorization))
      res.end('[]')
    })
    await new Promise<void>((r) => elsewhere.listen(0, '127.0.0.1', r))
    const other = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`
    platform.inject({ path: '/api_keys', kind: 'redirect', location: `${other}/steal`, times: 9 })
    const result = await step({ command: 'list-keys' })
    expect(errorLines(result.stdout)).toEqual([
      expect.stringContaining(`redirecting to ${other}/steal; the action does not follow redirects`),
    ])
    expect(hits).toEqual([])
    elsewhere.closeAllConnections()
    await new Promise((r) => elsewhere.close(r))
  })

  it('no key value in any log, output, state or summary, across every command', async () => {
    const other = platform.addKey('other')
    const project = platform.addProject().id
    platform.addOperation(project, { status: 'finished' })
    const results: StepResult[] = []
    const created = await step({ command: 'create-key', 'key-name': 'job', 'revoke-after-job': 'true' })
    results.push(created)
    results.push(await step({ command: 'list-keys' }))
    results.push(await step({ command: 'list-projects' }))
    results.push(await step({ command: 'wait-for-operations', 'project-id': project, 'operation-ids': 'pending' }))
    results.push(await step({ command: 'revoke-key', 'key-name': 'nobody' }))
    results.push(
      await runStep({ 'api-key': admin.key, 'api-host': url, command: 'create-key', 'key-name': 'job' }, { state: created.state }),
    )
    results.push(await step({ command: 'list-keys', 'api-key': 'napi_wrong_key_value' }))
    for (const result of results) {
      expectNoKeyLeak(result, [admin.key, other.key, created.outputs.key!, 'napi_wrong_key_value'])
    }
    expect(created.state).toEqual({ isPost: 'true', 'job-scoped-key-id': created.outputs['key-id'], 'unsettled-keys': '' })
    expect(created.masked).toEqual([admin.key, created.outputs.key])
  })
})

describe('a body cut off in transit', () => {
  it('fails clearly when every answer is cut off', async () => {
    platform.inject({ path: '/api_keys', kind: 'truncated', times: 99 })
    const result = await step({ command: 'list-keys' })
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(
        /^::error::Could not list API keys: the platform answered 200 with JSON that is cut off or invalid \(\d+ bytes\) after 5 attempts\. \(request id [0-9a-f-]{36}\)$/,
      ),
    ])
  })
})
