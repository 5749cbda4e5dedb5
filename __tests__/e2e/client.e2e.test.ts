// The platform's client and the transport (src/api/client.ts, src/http/) seen from a whole step: faults absorbed or
// turned into one clear error, answers that are not what the spec says, bodies past their bounds, redirects never
// followed, hostile error bodies kept as data, and a refused key. The action's waits cost no real time (virtual time).
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/index.ts instead), against the platform emulator.
import { describe, expect, it } from '@jest/globals'
import { type PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep, type StepResult } from '../../scripts/run-step.ts'
import { expectOnlyOwnCommands, HOSTILE, MARKDOWN } from '../support/injection.ts'
import { platformPerTest } from '../support/platform-per-test.ts'
import { stubServer } from '../support/stub-server.ts'
import { tempDirPerTest } from '../support/temp-dir.ts'

let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }

const { step, base } = platformPerTest((started) => ({ platform, url, admin } = started))

const VALUES = [HOSTILE, MARKDOWN]

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
    expect(warnings[3]).toContain('the connection to the platform failed')

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
    const result = await step({ command: 'list-keys', timeout: '20' }, { time: { mode: 'jump', rate: 100 } })
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

describe('bodies', () => {
  /** RUNNER_TEMP of the steps: kept until the test has read the files the action wrote there. */
  let runnerTemp: string
  tempDirPerTest('neon-action-runner-temp-', (dir) => (runnerTemp = dir))

  const warnings = (result: StepResult) => result.stdout.split('\n').filter((l) => l.startsWith('::warning::'))
  it.each([
    ['1 MB of <', '<', 'text/plain'],
    ['1 MB of <title', '<title', 'text/html'],
  ])('a 502 with %s ends within the timeout, with a short excerpt', async (_, fill, contentType) => {
    platform.inject({ path: '/api_keys', kind: 'large', status: 502, bytes: 1_000_000, fill, contentType, times: 99 })
    // Real time barely moves the action's clock here (rate 0.001): a loaded machine that takes
    // seconds to start the process or to read the bodies must not spend the 5 s budget, which is
    // for the back-off alone.
    const result = await step(
      { command: 'list-keys', timeout: '5' },
      { env: { RUNNER_TEMP: runnerTemp }, time: { mode: 'jump', rate: 0.001 } },
    )
    expect(result.code).toBe(1)
    const errors = errorLines(result.stdout)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(
      new RegExp(
        `^::error::Could not list API keys: the platform answered 502 Bad Gateway: \\(${contentType.replace('/', '\\/')}\\) "`,
      ),
    )
    expect(errors[0]!.length).toBeLessThan(600)
    // Retried within the timeout (back-off of about 1 and 2 s), then no time was left.
    expect(platform.requests.length).toBeGreaterThanOrEqual(2)
    expect(platform.requests.length).toBeLessThanOrEqual(4)
  })

  it.each([
    ['declared by Content-Length', true],
    ['found while reading', false],
  ])('a success body over 64 MiB, %s, is refused once, not downloaded again', async (_, declareLength) => {
    platform.inject({ path: '/api_keys', kind: 'large', bytes: 64 * 1024 * 1024 + 1024, declareLength, times: 99 })
    const result = await step({ command: 'list-keys' }, { env: { RUNNER_TEMP: runnerTemp } })
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(
        /^::error::Could not list API keys: the platform answered 200 with a body over 64 MiB, more than any answer of the API should be; it was not read \[too-large\]\. \(request id [0-9a-f-]{36}\)$/,
      ),
    ])
    expect(platform.requests).toHaveLength(1)
    expect(warnings(result)).toEqual([])
  })
})

describe('secrets', () => {
  it('a redirect is not followed: the other host never sees the key', async () => {
    const hits: string[] = []
    const elsewhere = await stubServer((req, res) => {
      hits.push(String(req.headers.authorization))
      res.end('[]')
    })
    const other = elsewhere.url
    platform.inject({ path: '/api_keys', kind: 'redirect', location: `${other}/steal`, times: 9 })
    const result = await step({ command: 'list-keys' })
    expect(errorLines(result.stdout)).toEqual([
      expect.stringContaining(`redirecting to ${other}/steal; the action does not follow redirects`),
    ])
    expect(hits).toEqual([])
    await elsewhere.close()
  })
})

describe('hostile error bodies and headers', () => {
  it.each(VALUES.map((v) => [v]))("the service's code, message and request id: %j", async (value) => {
    const body = JSON.stringify({ code: value, message: value, request_id: value })
    platform.inject({ path: '/api_keys', kind: 'status', status: 400, body, contentType: 'application/json' })
    const result = await step({ command: 'list-keys' })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toHaveLength(1)
    expectOnlyOwnCommands(result, admin.key)
  })

  it.each(VALUES.map((v) => [v]))("a proxy page's title and content type, through every retry: %j", async (value) => {
    const title = `<html><head><title>${value}</title></head><body>${value}</body></html>`
    platform.inject({
      path: '/api_keys',
      kind: 'status',
      status: 502,
      body: title,
      contentType: 'text/html ##[add-mask]finished',
      times: 99,
    })
    platform.inject({
      path: '/projects',
      kind: 'status',
      status: 503,
      body: value,
      contentType: 'text/plain',
      times: 99,
    })
    for (const command of ['list-keys', 'list-projects']) {
      const result = await step({ command })
      expect([command, result.code]).toEqual([command, 1])
      expect(result.stdout.split('\n').filter((l) => l.startsWith('::warning::'))).toHaveLength(4)
      expectOnlyOwnCommands(result, admin.key)
    }
  })

  it('a redirect to a location that is no URL', async () => {
    platform.inject({ path: '/api_keys', kind: 'redirect', location: '##[add-mask]finished ::error::x', times: 9 })
    const result = await step({ command: 'list-keys' })
    expect(errorLines(result.stdout)).toEqual([
      expect.stringContaining('redirecting to "#\u200b#[add-mask]finished ::error::x"'),
    ])
    expectOnlyOwnCommands(result, admin.key)
  })
})

describe('errors', () => {
  it('a wrong API key gives one clear error line', async () => {
    const step = await runStep({ command: 'list-projects', 'api-key': 'napi_wrong', 'api-host': url })
    expect(step.code).toBe(1)
    const errors = errorLines(step.stdout)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(
      /^::error::The platform refused the API key \(401 Unauthorized\): it is missing, invalid or revoked\./,
    )
    expect(step.masked).toEqual(['napi_wrong'])
    expect(step.everything).not.toContain('napi_wrong')
  })

  it('a revoked API key is refused the same way', async () => {
    const old = platform.addKey('old')
    await runStep({ ...base(), command: 'revoke-key', 'key-id': String(old.id) })
    const step = await runStep({ command: 'list-keys', 'api-key': old.key, 'api-host': url })
    expect(errorLines(step.stdout)[0]).toContain('401 Unauthorized')
  })
})
