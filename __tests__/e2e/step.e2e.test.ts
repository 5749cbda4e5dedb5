// The step as a whole (src/main.ts, src/post.ts, src/step.ts): a failed post step leaves a short job summary; a runner
// whose files cannot be written; an idle post step; and no key value anywhere a person or a later step can read.
// The wording of each summary is checked in process (__tests__/step.test.ts).
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform emulator.
import { describe, expect, it } from '@jest/globals'
import { join } from 'node:path'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep, type StepResult, stripMasks } from '../../scripts/run-step.ts'
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

  it('RUNNER_TEMP missing fails list-projects, naming it; a summary file that cannot be written is a warning', async () => {
    platform.addProjects(2)
    const missing = join(dir, 'no-such-dir')
    const result = await step(
      { command: 'list-projects', 'org-id': platform.defaultOrgId },
      { env: { RUNNER_TEMP: missing, GITHUB_STEP_SUMMARY: dir } },
    )
    expect(result.code).toBe(1)
    const [error] = errorLines(result.stdout)
    expect(error).toMatch(
      new RegExp(`^::error::Could not write the projects file in ${missing} \\(RUNNER_TEMP\\): ENOENT`),
    )
    expect(result.stdout).toMatch(/^::warning::Could not write the job summary: EISDIR/m)
  })

  it('a step whose summary file cannot be written still succeeds, with its outputs', async () => {
    platform.addProjects(2)
    const result = await step(
      { command: 'list-projects', 'org-id': platform.defaultOrgId },
      { env: { GITHUB_STEP_SUMMARY: dir } },
    )
    expect(result.stdout).toMatch(/^::warning::Could not write the job summary: EISDIR/m)
    expect(JSON.parse(result.outputs['project-ids']!)).toHaveLength(2)
    expect(result.code).toBe(0)
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
    expect(savedLife(created.state)).toMatchObject({ jobKey: Number(created.outputs['key-id']) })
    expect(created.masked).toEqual([admin.key, created.outputs.key])
  })
})
