// A server (the platform, GitHub, or a proxy between) that answers an error repeating the request's credentials: the
// action cuts such messages short (src/base/text.ts), and the runner masks only whole values, so a cut must never show a
// piece of one. Echoes at every offset around the cut; the first case in process, through the client and the failure summary.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/index.ts instead), against the platform emulator.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { GitHubEmulator } from '../../emulator/github.ts'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { PlatformClient } from '../../src/api/client.ts'
import { listApiKeys } from '../../src/api/endpoints.ts'
import { registerSecret } from '../../src/base/text.ts'
import { failureSummary } from '../../src/step.ts'
import { manualClock, captureLog } from '../support/clock.ts'
import { piecesShown } from '../support/leaks.ts'
import { platformPerTest } from '../support/platform-per-test.ts'
import { tempDirPerTest } from '../support/temp-dir.ts'

let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }

const { step } = platformPerTest((started) => ({ platform, url, admin } = started))

/** An error body whose message repeats the Authorization header after `offset` characters. */
function echoing(offset: number, credential: string, code = 'bad_request'): string {
  return JSON.stringify({
    code,
    message: `${'x'.repeat(offset)} Authorization: Bearer ${credential} was refused`,
    request_id: 'r-1',
  })
}

describe("the platform echoes the step's API key in an error", () => {
  it('at every offset from 0 to 260 characters: neither the error nor the failure summary shows a piece of it', async () => {
    registerSecret(admin.key)
    const clock = manualClock()
    const client = new PlatformClient({
      baseUrl: url,
      apiKey: admin.key,
      userAgent: 'test',
      clock,
      logger: captureLog().logger,
    })
    try {
      for (let offset = 0; offset <= 260; offset++) {
        platform.inject({
          method: 'GET',
          path: '/api_keys',
          kind: 'status',
          status: 400,
          body: echoing(offset, admin.key),
        })
        const error = await listApiKeys(client).then(
          () => undefined,
          (e: unknown) => e as Error,
        )
        expect(error?.message).toContain('Could not list API keys')
        expect({ offset, shown: piecesShown(error!.message, admin.key) }).toEqual({ offset, shown: [] })
        expect({ offset, shown: piecesShown(failureSummary('list-keys', error), admin.key) }).toEqual({
          offset,
          shown: [],
        })
      }
    } finally {
      await client.close()
    }
  })

  it.each([150, 170, 190, 199, 200, 201])(
    'at %i characters, as a runner runs the step with debug on: nothing the step leaves shows a piece of it',
    async (offset) => {
      platform.inject({
        method: 'GET',
        path: '/api_keys',
        kind: 'status',
        status: 400,
        body: echoing(offset, admin.key, admin.key),
      })
      const result = await step({ command: 'list-keys' }, { env: { RUNNER_DEBUG: '1' }, entry: 'bundle' })
      expect(result.code).toBe(1)
      expect(result.stdout).toContain('::error::Could not list API keys')
      expect(piecesShown(result.everything, admin.key)).toEqual([])
      // A code that is the key itself is no code: neither the output nor the summary's cell holds it.
      expect(result.outputs['error-code']).toBeUndefined()
      expect(result.outputs['http-status']).toBe('400')
    },
  )
})

describe("the platform's error code and request id are most of the step's key", () => {
  it('neither is set as an output (the request id is the one the step sent), nor shown', async () => {
    const body = JSON.stringify({ code: admin.key.slice(1), message: 'no', request_id: admin.key.slice(0, -1) })
    platform.inject({ method: 'GET', path: '/api_keys', kind: 'status', status: 400, body })
    const result = await step({ command: 'list-keys' }, { env: { RUNNER_DEBUG: '1' }, entry: 'bundle' })
    expect(result.code).toBe(1)
    expect(result.outputs['http-status']).toBe('400')
    expect(result.outputs['error-code']).toBeUndefined()
    expect(result.outputs['request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(piecesShown(result.everything, admin.key)).toEqual([])
  })
})

describe('GitHub echoes the token in a 422 message', () => {
  let github: GitHubEmulator
  beforeEach(async () => {
    // Not the emulator's default hex token: six hex characters of it turn up by chance in the log's request ids.
    github = new GitHubEmulator({ token: `ghs_${randomBytes(27).toString('base64url')}` })
    await github.start()
  })
  afterEach(async () => {
    await github.stop()
  })

  it.each([150, 180, 185, 189, 192, 193, 200])(
    'at %i characters: the rotation fails, and nothing it leaves shows a piece of it',
    async (offset) => {
      github
        .at('/repos/octo-org/deploys/')
        .failNext(422, 1, `${'y'.repeat(offset)} token ${github.token} is not allowed here`)
      const result = await step(
        {
          command: 'rotate-key',
          'key-name': 'ci-deploy',
          'secret-name': 'NEON_API_KEY',
          'github-token': github.token,
        },
        {
          env: { RUNNER_DEBUG: '1', GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'octo-org/deploys' },
          entry: 'bundle',
        },
      )
      expect(result.code).toBe(1)
      expect(result.stdout).toContain('::error::Rotation stopped: Could not store secret NEON_API_KEY')
      expect(piecesShown(result.everything, github.token)).toEqual([])
      expect(piecesShown(result.everything, admin.key)).toEqual([])
    },
  )
})

describe("an operation's error repeats a piece of the step's key", () => {
  let runnerTemp = ''
  tempDirPerTest('neon-echoed-credentials-e2e-', (dir) => (runnerTemp = dir))

  it.each([
    ['30 characters, cut 0 in', () => `refused ${admin.key.slice(0, 30)}`],
    ['30 characters, cut 1 in', () => `refused ${admin.key.slice(1, 31)}`],
    ['30 characters, cut 7 in', () => `refused ${admin.key.slice(7, 37)}`],
    // Shorter than a piece found anywhere: found where a cut leaves it, at the value's end or start.
    ['its first 10 characters, at the end', () => `refused ${admin.key.slice(0, 10)}`],
    ['its last 10 characters, at the start', () => `${admin.key.slice(-10)} refused`],
  ])('%s: neither the outputs nor the operations file shows it', async (_label, error) => {
    const project = platform.addProject().id
    const operation = platform.addOperation(project, { status: 'failed' })
    platform.setOperation(operation, { status: 'failed', error: error() })
    const result = await step(
      { command: 'list-operations', 'project-id': project },
      { entry: 'bundle', env: { RUNNER_TEMP: runnerTemp } },
    )
    expect(result.code).toBe(0)
    const file = readFileSync(result.outputs['operations-file']!, 'utf8')
    for (const text of [result.outputs.operations!, file])
      expect(text).toMatch(/"error":"(refused \*\*\*|\*\*\* refused)"/)
    expect(piecesShown(`${result.everything}\n${file}`, admin.key)).toEqual([])
  })
})
