// The platform's client and the transport (src/api/client.ts, src/http/) seen from a whole step: a server that keeps
// failing or hangs turned into one clear error line, hostile error bodies and headers kept as data, and a refused key
// masked. Each fault on its own (retries, odd answers, bodies past their bounds, redirects) is tested in process:
// __tests__/api/client.test.ts. The action's waits cost no real time (virtual time).
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform emulator.
import { describe, expect, it } from '@jest/globals'
import { type PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep } from '../../scripts/run-step.ts'
import { expectOnlyOwnCommands, HOSTILE, MARKDOWN } from '../support/injection.ts'
import { platformPerTest } from '../support/platform-per-test.ts'

let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }

const { step } = platformPerTest((started) => ({ platform, url, admin } = started))

const VALUES = [HOSTILE, MARKDOWN]

describe('a platform that keeps failing', () => {
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

describe('hostile error bodies and headers', () => {
  it.each(VALUES.map((v) => [v]))(
    "a proxy page's title and content type through every retry, then the service's code, message and request id: %j",
    async (value) => {
      const title = `<html><head><title>${value}</title></head><body>${value}</body></html>`
      platform.inject({
        path: '/api_keys',
        kind: 'status',
        status: 502,
        body: title,
        contentType: 'text/html ##[add-mask]finished',
        times: 4,
      })
      const body = JSON.stringify({ code: value, message: value, request_id: value })
      platform.inject({ path: '/api_keys', kind: 'status', status: 400, body, contentType: 'application/json' })
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
        const errors = errorLines(result.stdout)
        expect(errors).toHaveLength(1)
        // list-keys ends on the service's error, after four pages.
        if (command === 'list-keys') expect(errors[0]).toContain('the platform answered 400 Bad Request')
        expect(result.stdout.split('\n').filter((l) => l.startsWith('::warning::'))).toHaveLength(4)
        expectOnlyOwnCommands(result, admin.key)
      }
    },
  )

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
})
