// A server (the platform, GitHub, or a proxy between) that answers an error repeating the request's credentials: the
// action cuts such messages short (src/base/text.ts), and the runner masks only whole values, so a cut must never show a
// piece of one. Echoes at every offset around the cut in process (the client's error, log, outputs and failure summary;
// the rotation's; the operations' outputs and file), then one of each through the bundle as a runner runs it.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform emulator.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { GitHubEmulator } from '../../emulator/github.ts'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { PlatformClient } from '../../src/api/client.ts'
import { listApiKeys } from '../../src/api/endpoints.ts'
import { registerSecret } from '../../src/base/text.ts'
import type { RequestError } from '../../src/http/errors.ts'
import { runListOperations } from '../../src/commands/list-operations.ts'
import { runRotateKey } from '../../src/commands/rotate-key.ts'
import type { ListOperationsSettings } from '../../src/operations/listing.ts'
import type { RotateKeySettings } from '../../src/commands/rotate-key.ts'
import { requestFailureOutputs } from '../../src/runner/context.ts'
import { boundOutputs } from '../../src/runner/outputs.ts'
import { commandSummary, failureSummary } from '../../src/step.ts'
import { manualClock, captureLog } from '../support/clock.ts'
import { inProcess, type InProcess } from '../support/in-process.ts'
import { settings } from '../support/settings.ts'
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
  it('at every offset from 0 to 260 characters: neither the error, the log, the outputs nor the failure summary shows a piece of it', async () => {
    registerSecret(admin.key)
    const clock = manualClock()
    const log = captureLog()
    const client = new PlatformClient({
      baseUrl: url,
      apiKey: admin.key,
      userAgent: 'test',
      clock,
      logger: log.logger,
    })
    try {
      // Its code the key too, around the cut.
      const cases = [
        ...Array.from({ length: 261 }, (_, offset) => ({ offset, code: 'bad_request' })),
        ...Array.from({ length: 71 }, (_, i) => ({ offset: 140 + i, code: admin.key })),
      ]
      for (const { offset, code } of cases) {
        platform.inject({
          method: 'GET',
          path: '/api_keys',
          kind: 'status',
          status: 400,
          body: echoing(offset, admin.key, code),
        })
        const error = await listApiKeys(client).then(
          () => undefined,
          (e: unknown) => e as RequestError,
        )
        expect(error?.message).toContain('Could not list API keys')
        const outputs = requestFailureOutputs(error!)
        const left = [error!.message, failureSummary('list-keys', error), JSON.stringify(outputs)]
        for (const lines of [log.info, log.warning, log.debug]) left.push(...lines.splice(0))
        expect({ offset, shown: piecesShown(left.join('\n'), admin.key) }).toEqual({ offset, shown: [] })
        expect(outputs['http-status']).toBe('400')
      }
    } finally {
      await client.close()
    }
  })

  it('at the cut, its code and request id most of the key, as a runner runs the step with debug on: nothing the step leaves shows a piece of it', async () => {
    const body = JSON.stringify({
      code: admin.key.slice(1),
      message: `${'x'.repeat(200)} Authorization: Bearer ${admin.key} was refused`,
      request_id: admin.key.slice(0, -1),
    })
    platform.inject({ method: 'GET', path: '/api_keys', kind: 'status', status: 400, body })
    const result = await step({ command: 'list-keys' }, { env: { RUNNER_DEBUG: '1' }, entry: 'bundle' })
    expect(result.code).toBe(1)
    expect(result.stdout).toContain('::error::Could not list API keys')
    expect(piecesShown(result.everything, admin.key)).toEqual([])
    // Neither is set as an output: the request id is the one the step sent.
    expect(result.outputs['http-status']).toBe('400')
    expect(result.outputs['error-code']).toBeUndefined()
    expect(result.outputs['request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
  })
})

describe('GitHub echoes the token in a 422 message', () => {
  let github: GitHubEmulator
  let run: InProcess | undefined
  beforeEach(async () => {
    // Not the emulator's default hex token: six hex characters of it turn up by chance in the log's request ids.
    github = new GitHubEmulator({ token: `ghs_${randomBytes(27).toString('base64url')}` })
    await github.start()
  })
  afterEach(async () => {
    await run?.stop()
    run = undefined
    await github.stop()
  })

  const rotation = () =>
    settings(
      { command: 'rotate-key', 'key-name': 'ci-deploy', 'secret-name': 'NEON_API_KEY', 'github-token': github.token },
      { runner: { repository: 'octo-org/deploys', apiUrl: github.url } },
    ) as RotateKeySettings

  it.each([150, 180, 185, 189, 192, 193, 200])(
    'at %i characters, in process: the rotation fails, and neither its failure, log nor summary shows a piece of it',
    async (offset) => {
      run = await inProcess()
      registerSecret(run.key.key)
      registerSecret(github.token)
      github
        .at('/repos/octo-org/deploys/')
        .failNext(422, 1, `${'y'.repeat(offset)} token ${github.token} is not allowed here`)
      const outcome = await runRotateKey(run.ctx, rotation()).then(
        (result) => ({ failure: result.failure ?? '', summary: commandSummary(result) }),
        (e: unknown) => ({ failure: (e as Error).message, summary: failureSummary('rotate-key', e) }),
      )
      expect(outcome.failure).toContain('Rotation stopped: Could not store secret NEON_API_KEY')
      const left = [outcome.failure, outcome.summary, ...run.log.info, ...run.log.warning, ...run.log.debug].join('\n')
      expect(piecesShown(left, github.token)).toEqual([])
      expect(piecesShown(left, run.key.key)).toEqual([])
    },
  )

  it('at 193 characters, as a runner runs the rotation with debug on: nothing it leaves shows a piece of it', async () => {
    github
      .at('/repos/octo-org/deploys/')
      .failNext(422, 1, `${'y'.repeat(193)} token ${github.token} is not allowed here`)
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
  })
})

describe("an operation's error repeats a piece of the step's key", () => {
  let runnerTemp = ''
  tempDirPerTest('neon-echoed-credentials-e2e-', (dir) => (runnerTemp = dir))

  const ERRORS: Array<[string, (key: string) => string]> = [
    ['30 characters, cut 0 in', (key) => `refused ${key.slice(0, 30)}`],
    ['30 characters, cut 1 in', (key) => `refused ${key.slice(1, 31)}`],
    ['30 characters, cut 7 in', (key) => `refused ${key.slice(7, 37)}`],
    // Shorter than a piece found anywhere: found where a cut leaves it, at the value's end or start.
    ['its first 10 characters, at the end', (key) => `refused ${key.slice(0, 10)}`],
    ['its last 10 characters, at the start', (key) => `${key.slice(-10)} refused`],
  ]

  it.each(ERRORS)('%s, in process: neither the outputs nor the operations file shows it', async (_label, error) => {
    const run = await inProcess()
    try {
      registerSecret(run.key.key)
      const project = run.platform.addProject().id
      const operation = run.platform.addOperation(project, { status: 'failed' })
      run.platform.setOperation(operation, { status: 'failed', error: error(run.key.key) })
      const listing = settings({ command: 'list-operations', 'project-id': project }) as ListOperationsSettings
      const result = await runListOperations(run.ctx, listing)
      const { outputs } = await boundOutputs(result.outputs, run.ctx.fileDir, result.oversized)
      const file = readFileSync(outputs['operations-file']!, 'utf8')
      for (const text of [outputs.operations!, file]) expect(text).toMatch(/"error":"(refused \*\*\*|\*\*\* refused)"/)
      const left = [JSON.stringify(outputs), file, result.summary, ...run.log.info, ...run.log.warning]
      expect(piecesShown(left.join('\n'), run.key.key)).toEqual([])
    } finally {
      await run.stop()
    }
  })

  it('30 characters, cut 1 in, as a runner runs the step: neither the outputs nor the operations file shows it', async () => {
    const project = platform.addProject().id
    const operation = platform.addOperation(project, { status: 'failed' })
    platform.setOperation(operation, { status: 'failed', error: `refused ${admin.key.slice(1, 31)}` })
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
