// The step as a whole (src/main.ts, src/post.ts, src/step.ts): every failed step leaves a short job summary, and a failure
// nobody planned for is one error line naming where in src/ it happened (from src/ and from the bundle alike); a runner
// whose files cannot be written; an idle post step; and no key value anywhere a person or a later step can read.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/index.ts instead), against the platform emulator.
import { describe, expect, it } from '@jest/globals'
import { join } from 'node:path'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep, type StepResult, stripMasks, type StepOptions } from '../../scripts/run-step.ts'
import { platformPerTest } from '../support/platform-per-test.ts'
import { expectNoKeyLeak } from '../support/leaks.ts'
import { tempDirPerTest } from '../support/temp-dir.ts'
import { jobKeyState, savedLife } from '../support/saved-state.ts'

let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }

const { step, base } = platformPerTest((started) => ({ platform, url, admin } = started))

/** The summary's text without its tags: what a reader sees. */
const text = (html: string) =>
  html
    .replace(/<\/?code>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ')

// Run from src/ (E2E_ENTRY=source, as the mutation runner does, whose src/ is not what dist/ was built from), only from src/.
const ENTRIES: Array<[string, StepOptions['entry']]> = [
  ['from src/', 'source'],
  ...(process.env.E2E_ENTRY === 'source' ? [] : [['from the bundle', 'bundle'] as [string, StepOptions['entry']]]),
]

describe.each<[string, StepOptions['entry']]>(ENTRIES)('%s', (_, entry) => {
  it('a wrong API key: the summary names the 401, the request id and what to check', async () => {
    const step = await runStep({ command: 'list-projects', 'api-key': 'napi_wrong', 'api-host': url }, { entry })
    const requestId = step.outputs['request-id']!
    expect([step.code, step.outputs['http-status'], platform.requests.at(-1)?.status]).toEqual([1, '401', 401])
    expect(text(step.summary)).toBe(
      ' ❌ list-projects failed ' +
        'The platform refused the API key (401 Unauthorized): it is missing, invalid or revoked. ' +
        // The request id once, in the table.
        'Check the api-key input and the secret it comes from. ' +
        `HTTP status error code request id 401 — ${requestId} ` +
        'Change what the failure above names, then run the job again. A later step can branch on the outputs http-status, error-code and request-id. ',
    )
    expect(step.summary).toContain('<code>api-key</code>')
  })
})

it('a wrong input: the summary names the input and says no request went out', async () => {
  const step = await runStep({ ...base(), command: 'create-key', 'key-name': '' })
  expect(step.code).toBe(1)
  const [error] = errorLines(step.stdout)
  expect(text(step.summary)).toContain(` ❌ The step failed ${error!.replace('::error::', '').replace(/`/g, '')} `)
  expect(text(step.summary)).toContain('Correct that input and run the job again: the step sent no request.')
  expect(step.summary).not.toContain('request id')
  expect(platform.requests).toEqual([])
})

it('a command that reports a failure gets it under its own summary, with the request and what to do', async () => {
  const step = await runStep({ ...base(), command: 'revoke-key', 'key-id': '424242' })
  expect(step.code).toBe(1)
  const summary = text(step.summary)
  // The heading is the verdict, the failure comes right below it, and the table after.
  expect(summary.startsWith(' ❌ API key 424242 not revoked ')).toBe(true)
  expect(summary.split('Could not revoke API key 424242').length).toBe(2)
  expect(summary.split(step.outputs['request-id']!).length).toBe(2)
  expect(summary).toMatch(
    new RegExp(
      `Could not revoke API key 424242: [^(]*\\(404\\)[^(]* ` +
        `HTTP status error code request id 404 — ${step.outputs['request-id']} ` +
        'Change what the failure above names, then run the job again\\. A later step can branch on the outputs http-status, error-code and request-id\\. ' +
        'id outcome 424242 not revoked $',
    ),
  )
})

it('a post step that cannot revoke the job-scoped key writes a summary too', async () => {
  const job = platform.addKey('job')
  const step = await runStep(
    { command: 'create-key', 'api-key': 'napi_wrong', 'api-host': url, 'key-name': 'job', 'revoke-after-job': 'true' },
    { state: jobKeyState(job.id) },
  )
  expect(step.code).toBe(1)
  expect(text(step.summary)).toMatch(
    /^ ❌ The post step failed Revoking the job-scoped API key \d+ failed: The platform refused the API key \(401 Unauthorized\)/,
  )
  expect(platform.isKeyValid(job.id)).toBe(true)
})

describe('a runner whose files cannot be written', () => {
  let dir: string
  tempDirPerTest('neon-action-edges-', (made) => (dir = made))

  it('fails list-projects, naming RUNNER_TEMP, when the projects file cannot be written', async () => {
    platform.addProjects(2)
    const missing = join(dir, 'no-such-dir')
    const result = await step(
      { command: 'list-projects', 'org-id': platform.defaultOrgId },
      { env: { RUNNER_TEMP: missing } },
    )
    expect(result.code).toBe(1)
    const [error] = errorLines(result.stdout)
    expect(error).toMatch(
      new RegExp(`^::error::Could not write the projects file in ${missing} \\(RUNNER_TEMP\\): ENOENT`),
    )
  })

  it('warns, and still succeeds, when the job summary cannot be written', async () => {
    platform.addProjects(2)
    const result = await step(
      { command: 'list-projects', 'org-id': platform.defaultOrgId },
      { env: { GITHUB_STEP_SUMMARY: dir } },
    )
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^::warning::Could not write the job summary: EISDIR/m)
    expect(result.outputs['project-ids']).toBeDefined()
  })
})

describe('post step', () => {
  it('does nothing, quietly, when main saved no key', async () => {
    const step = await runStep({ ...base(), command: 'list-keys' }, { state: {} })
    expect(step.code).toBe(0)
    expect(stripMasks(step.stdout)).toBe('')
    expect(platform.requests).toHaveLength(0)
  })
})

describe('secrets', () => {
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
    results.push(await step({ command: 'create-key', 'key-name': 'job' }, { state: created.state }))
    results.push(await step({ command: 'list-keys', 'api-key': 'napi_wrong_key_value' }))
    for (const result of results) {
      expectNoKeyLeak(result, [admin.key, other.key, created.outputs.key!, 'napi_wrong_key_value'])
    }
    expect(savedLife(created.state)).toMatchObject({ jobKey: Number(created.outputs['key-id']), finished: true })
    expect(created.masked).toEqual([admin.key, created.outputs.key])
  })
})
