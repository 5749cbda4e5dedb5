// src/step.ts: the one way a step fails (one `::error::` line, exit code 1; an unexpected error points at debug
// logging, which then shows a bounded stack), the job summary of a failed step, and a summary file that cannot be
// written.
// Unit tests, in this process; a refused key against the platform emulator.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runListProjects } from '../src/commands/list-projects.ts'
import { requestFailureOutputs } from '../src/runner/context.ts'
import { inProcess } from './support/in-process.ts'
import { RequestError } from '../src/http/errors.ts'
import { ActionError, InputError } from '../src/base/errors.ts'
import { commandFailureNote, fail, failureSummary, writeSummary } from '../src/step.ts'
import { PLATFORM_REFUSALS } from '../src/api/client.ts'
import { GITHUB_REFUSALS } from '../src/github/messages.ts'
import { CHANGE_AND_RUN_AGAIN } from '../src/http/answers.ts'

const saved = process.env.RUNNER_DEBUG

beforeEach(() => {
  delete process.env.RUNNER_DEBUG
})

afterEach(() => {
  if (saved === undefined) delete process.env.RUNNER_DEBUG
  else process.env.RUNNER_DEBUG = saved
  process.exitCode = undefined
})

/** What `act` writes to stdout. */
async function stdoutOf(act: () => unknown): Promise<string> {
  let stdout = ''
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk)
    return true
  })
  try {
    await act()
    return stdout
  } finally {
    spy.mockRestore()
  }
}

/** The lines `fail` writes to stdout, and the exit code it sets. */
async function failWith(error: unknown): Promise<{ lines: string[]; exitCode: typeof process.exitCode }> {
  process.exitCode = undefined
  const stdout = await stdoutOf(() => fail(error))
  return { lines: stdout.split('\n').filter((l) => l !== ''), exitCode: process.exitCode }
}

/** An error whose stack has `frames` lines below its message. */
function thrown(message: string, frames: number): Error {
  const error = new Error(message)
  error.stack = [
    `Error: ${message}`,
    ...Array.from({ length: frames }, (_, i) => `    at frame${i} (file.js:${i}:1)`),
  ].join('\n')
  return error
}

describe('an expected failure', () => {
  it.each([
    ['an input error', new InputError('`timeout` must be a whole number of seconds')],
    ['an action error', new ActionError('Could not store the secret.')],
    [
      'an API error',
      new RequestError('Could not list API keys: the platform answered 500.', {
        kind: 'http',
        status: 500,
        method: 'GET',
        path: '/api_keys',
        requestId: 'r-1',
      }),
    ],
  ])('%s is its message alone, with debug logging on too', async (_, error) => {
    process.env.RUNNER_DEBUG = '1'
    expect(await failWith(error)).toEqual({ lines: [`::error::${error.message}`], exitCode: 1 })
  })
})

describe('an unexpected failure', () => {
  it('says it is unexpected and points at debug logging', async () => {
    expect(await failWith(thrown('boom', 3))).toEqual({
      lines: ['::error::Unexpected error: boom. Re-run with debug logging on for details.'],
      exitCode: 1,
    })
  })

  it('with debug logging on, shows the first 40 lines of the stack first, each made safe', async () => {
    process.env.RUNNER_DEBUG = '1'
    const error = thrown('boom', 60)
    error.stack = error.stack!.replace('frame0', '##[error]frame0').replace('frame1', 'x'.repeat(600))
    const { lines, exitCode } = await failWith(error)
    expect(exitCode).toBe(1)
    expect(lines).toHaveLength(41)
    expect(lines[0]).toBe('::debug::Error: boom')
    expect(lines[1]).toBe('::debug::    at #\u200b#[error]frame0 (file.js:0:1)')
    expect(lines[2]).toBe(`::debug::    at ${'x'.repeat(493)}…`)
    expect(lines[39]).toBe('::debug::    at frame38 (file.js:38:1)')
    expect(lines[40]).toBe('::error::Unexpected error: boom. Re-run with debug logging on for details.')
  })

  it('a thrown value that is not an Error has no stack to show', async () => {
    process.env.RUNNER_DEBUG = '1'
    expect(await failWith('a string')).toEqual({
      lines: ['::error::Unexpected error: a string. Re-run with debug logging on for details.'],
      exitCode: 1,
    })
  })

  it("names its first frame in the action's own code, and marks each such frame of the debug stack", async () => {
    const error = thrown('boom', 0)
    error.stack = [
      'Error: boom',
      '    at issue (file:///w/node_modules/@actions/core/lib/command.js:9:1)',
      '    at run (file:///w/src/main.ts:28:10)',
      '    at file:///w/src/index.ts:12:1',
    ].join('\n')
    expect((await failWith(error)).lines).toEqual([
      '::error::Unexpected error at src/main.ts:28:10: boom. Re-run with debug logging on for details.',
    ])
    process.env.RUNNER_DEBUG = '1'
    expect((await failWith(error)).lines.slice(2, 4)).toEqual([
      '::debug::    at run (file:///w/src/main.ts:28:10) [src/main.ts:28:10]',
      '::debug::    at file:///w/src/index.ts:12:1 [src/index.ts:12:1]',
    ])
  })
})

describe('the summary of a failed step', () => {
  const request = (
    details: Partial<ConstructorParameters<typeof RequestError>[1]>,
    message = 'Could not list projects.',
  ) => new RequestError(message, { kind: 'http', method: 'GET', path: '/projects', requestId: 'r-1', ...details })
  const text = (html: string) =>
    html
      .replace(/\n/g, '')
      .replace(/<\/?code>/g, '`')
      .replace(/<[^>]+>/g, '|')
      .replace(/\|+/g, '|')

  it('a request that got no answer: none, its kind, and to try again later', () => {
    expect(text(failureSummary('list-projects', request({ kind: 'network', attempts: 4 })))).toBe(
      '|❌ list-projects failed|Could not list projects.|HTTP status|error code|request id|none (network)|—|`r-1`|' +
        'The platform or the connection kept failing after the retries. Run the job again later. If it goes on failing, report the request id to the platform.|',
    )
  })

  it('the step ran out of time: raise `timeout`', () => {
    expect(text(failureSummary('wait-for-operations', request({ kind: 'deadline' })))).toContain(
      '|Raise the `timeout` input, or run the job again when the platform answers sooner.|',
    )
  })

  it('a refusal (401, 403, 404) or a redirect: what to do next, from the refusals of the service that answered', () => {
    const next = (details: Parameters<typeof request>[0]) =>
      text(failureSummary('list-keys', request(details)))
        .split('|')
        .at(-2)
    for (const status of [401, 403, 404] as const) {
      expect(next({ status })).toBe(PLATFORM_REFUSALS[status].next)
      expect(next({ status, service: 'GitHub' })).toBe(GITHUB_REFUSALS[status].next)
      expect(next({ status })).toMatch(/^Change what the failure above names/)
    }
    expect(next({ kind: 'redirect', status: 307 })).toBe(CHANGE_AND_RUN_AGAIN)
    expect(next({ status: 409 })).toMatch(/^The platform or the connection kept failing/)
  })

  it("the service's error code, from a failure that follows from a request", () => {
    const error = new ActionError('Could not store the secret.', { cause: request({ status: 409, code: 'conflict' }) })
    expect(text(failureSummary('rotate-key', error))).toContain('|409|conflict|`r-1`|')
  })

  it('a wrong API key: the 401, the request id once, in the table, and what to check', async () => {
    const run = await inProcess({ key: () => ({ id: 0, key: 'napi_wrong' }) })
    try {
      const error = await runListProjects(run.ctx, {}).then(
        () => undefined,
        (e: unknown) => e as RequestError,
      )
      const requestId = error!.requestId!
      expect([error!.status, run.platform.requests.at(-1)?.status]).toEqual([401, 401])
      expect(requestFailureOutputs(error!)).toMatchObject({ 'http-status': '401', 'request-id': requestId })
      const html = failureSummary('list-projects', error)
      expect(
        html
          .replace(/<\/?code>/g, '')
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' '),
      ).toBe(
        ' ❌ list-projects failed ' +
          'The platform refused the API key (401 Unauthorized): it is missing, invalid or revoked. ' +
          'Check the api-key input and the secret it comes from. ' +
          `HTTP status error code request id 401 — ${requestId} ` +
          'Change what the failure above names, then run the job again. A later step can branch on the outputs http-status, error-code and request-id. ',
      )
      expect(html).toContain('<code>api-key</code>')
    } finally {
      await run.stop()
    }
  })

  it('a failure the action found without a request: what it says', () => {
    expect(text(failureSummary('rotate-key', new ActionError('The new key does not work.')))).toBe(
      '|❌ rotate-key failed|The new key does not work.|Fix what the failure above names, then run the job again.|',
    )
  })

  it("a command's failure is added below its summary, with the request", () => {
    const failed = request({ status: 503 })
    expect(text(commandFailureNote('Could not list projects.', failed))).toBe(
      '|Could not list projects.|HTTP status|error code|request id|503|—|`r-1`|' +
        'The platform or the connection kept failing after the retries. Run the job again later. If it goes on failing, report the request id to the platform.|',
    )
    expect(text(commandFailureNote('Could not list projects.', undefined))).toBe(
      '|Could not list projects.|Fix what the failure above names, then run the job again.|',
    )
  })
})

describe('the job summary', () => {
  const savedSummary = process.env.GITHUB_STEP_SUMMARY
  afterEach(() => {
    if (savedSummary === undefined) delete process.env.GITHUB_STEP_SUMMARY
    else process.env.GITHUB_STEP_SUMMARY = savedSummary
  })

  it('is not written, and nothing is said, where the runner offers no summary file', async () => {
    delete process.env.GITHUB_STEP_SUMMARY
    expect(await stdoutOf(() => writeSummary('<p>done</p>'))).toBe('')
  })

  it('a summary file that cannot be written is a warning, not a failure', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'neon-summary-'))
    try {
      process.env.GITHUB_STEP_SUMMARY = dir
      process.exitCode = undefined
      // Jest's module realm shows a Node error as `Error: EISDIR…`; __tests__/e2e/step.e2e.test.ts reads the bundle's line.
      expect(await stdoutOf(() => writeSummary('<p>done</p>'))).toMatch(
        /^::warning::Could not write the job summary: .*EISDIR/,
      )
      expect(process.exitCode).toBeUndefined()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
