import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { GitHubEmulator } from '../emulator/github.ts'
import { type PlatformEmulator } from '../emulator/platform.ts'
import { errorLines, runStep, type StepResult } from '../scripts/run-step.ts'
import { forgedCommands, HOSTILE, MARKDOWN, PAYLOADS, runnerLines } from './support/injection.js'
import { markdownOutsideHtml } from './support/markdown.js'
import { platformPerTest } from './support/platform-per-test.ts'

/**
 * Text from outside is data: hostile values in every field the platform sends, in its error
 * bodies and headers, and in the free-text inputs, run as a runner runs the action. The log,
 * read as the runner reads it, holds no command but the action's own; the job summary, read as
 * CommonMark, holds nothing but its HTML.
 */
let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }

platformPerTest((started) => ({ platform, url, admin } = started))

const step = (inputs: Record<string, string>, env?: Record<string, string>) =>
  runStep({ 'api-key': admin.key, 'api-host': url, ...inputs }, env ? { env } : {})

/** The runner takes no command from this step but its own, and its summary renders no Markdown. */
function expectOnlyOwnCommands(result: StepResult): void {
  // The action masks the keys it holds or creates, and the GitHub token: nothing else.
  const isOwnMask = (value: string) => value === admin.key || /^(napi|ghs)_[a-z0-9]{30,}$/.test(value)
  expect(forgedCommands(result.stdout, isOwnMask)).toEqual([])
  expect(markdownOutsideHtml(result.summary)).toEqual([])
  expect(result.stderr).toBe('')
}

/** Each piece of outside text is cut to a bound, so no log line grows with what the server sends. */
function expectBoundedLines(result: StepResult, max = 2500): void {
  expect(Math.max(...runnerLines(result.stdout).map((l) => l.length))).toBeLessThan(max)
}

const VALUES = [HOSTILE, MARKDOWN]

describe('hostile values in the records the platform sends', () => {
  it.each(VALUES.map((v) => [v]))('every field of every key: %j', async (value) => {
    platform.addKey('other')
    const fields = { name: value, last_used_from_addr: value, created_at: value, last_used_at: value }
    platform.inject({ path: '/api_keys', kind: 'rewrite', set: fields })
    const result = await step({ command: 'list-keys' })
    expect(errorLines(result.stdout)).toEqual([])
    expect(JSON.parse(result.outputs.keys!)).toEqual([expect.objectContaining(fields), expect.objectContaining(fields)])
    expectOnlyOwnCommands(result)
  })

  it.each(VALUES.map((v) => [v]))('every field of every project: %j', async (value) => {
    platform.addProjects(3)
    platform.inject({
      path: '/projects',
      kind: 'rewrite',
      set: { id: value, name: value, region_id: value, created_at: value, pg_version: value },
    })
    const result = await step({ command: 'list-projects' })
    expect(errorLines(result.stdout)).toEqual([])
    expect(JSON.parse(result.outputs.projects!)[0]).toMatchObject({ id: value, name: value })
    expectOnlyOwnCommands(result)
  })

  it.each(VALUES.map((v) => [v]))('every text field of a failed operation: %j', async (value) => {
    const project = platform.addProject().id
    const op = platform.addOperation(project, { status: 'failed', endpoint_id: 'ep-1' })
    platform.inject({
      path: /^\/projects\/[^/]+\/operations/,
      kind: 'rewrite',
      set: { action: value, branch_id: value, endpoint_id: value, error: value, project_id: value, created_at: value, updated_at: value },
      times: 99,
    })
    const result = await step({ command: 'wait-for-operations', 'project-id': project, 'operation-ids': op })
    expect(result.outputs.status).toBe('failed')
    expect(errorLines(result.stdout)).toHaveLength(1)
    expect(errorLines(result.stdout)[0]).toContain(`${op} (`)
    expectOnlyOwnCommands(result)
  })

  it.each(VALUES.map((v) => [v]))('an operation whose id and status are hostile, until the timeout: %j', async (value) => {
    const project = platform.addProject().id
    const op = platform.addOperation(project, { status: 'running' })
    platform.inject({ path: /^\/projects\/[^/]+\/operations/, kind: 'rewrite', set: { id: value, status: value }, times: 999 })
    const result = await step({ command: 'wait-for-operations', 'project-id': project, 'operation-ids': op, timeout: '30' })
    expect(result.outputs.status).toBe('timed-out')
    // One warning for the status the action does not know, one error: nothing else took effect.
    expect(result.stdout.split('\n').filter((l) => l.startsWith('::warning::'))).toHaveLength(1)
    expect(errorLines(result.stdout)).toHaveLength(1)
    expectOnlyOwnCommands(result)
  })

  it('a 100 KB value in every field leaves every log line bounded', async () => {
    const project = platform.addProject().id
    const op = platform.addOperation(project, { status: 'failed' })
    const huge = `${HOSTILE}${'<\n'.repeat(50_000)}`
    platform.inject({
      path: /^\/projects\/[^/]+\/operations/,
      kind: 'rewrite',
      set: { action: huge, branch_id: huge, error: huge },
      times: 99,
    })
    const result = await step({ command: 'wait-for-operations', 'project-id': project, 'operation-ids': op })
    expect(result.outputs.status).toBe('failed')
    expectBoundedLines(result)
    expectOnlyOwnCommands(result)
    expect(result.summary.length).toBeLessThan(50_000)
  })
})

describe('hostile error bodies and headers', () => {
  it.each(VALUES.map((v) => [v]))("the service's code, message and request id: %j", async (value) => {
    const body = JSON.stringify({ code: value, message: value, request_id: value })
    platform.inject({ path: '/api_keys', kind: 'status', status: 400, body, contentType: 'application/json' })
    const result = await step({ command: 'list-keys' })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toHaveLength(1)
    expectOnlyOwnCommands(result)
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
    platform.inject({ path: '/projects', kind: 'status', status: 503, body: value, contentType: 'text/plain', times: 99 })
    for (const command of ['list-keys', 'list-projects']) {
      const result = await step({ command })
      expect([command, result.code]).toEqual([command, 1])
      expect(result.stdout.split('\n').filter((l) => l.startsWith('::warning::'))).toHaveLength(4)
      expectOnlyOwnCommands(result)
    }
  })

  it('a redirect to a location that is no URL', async () => {
    platform.inject({ path: '/api_keys', kind: 'redirect', location: '##[add-mask]finished ::error::x', times: 9 })
    const result = await step({ command: 'list-keys' })
    expect(errorLines(result.stdout)).toEqual([expect.stringContaining('redirecting to "#\u200b#[add-mask]finished ::error::x"')])
    expectOnlyOwnCommands(result)
  })
})

describe('hostile free-text inputs', () => {
  it.each(PAYLOADS.map((p) => [p]))('key-name %j: refused, or created and shown as data', async (name) => {
    const result = await step({ command: 'create-key', 'key-name': name })
    expectOnlyOwnCommands(result)
    if (/[\r\n]/.test(name)) {
      expect(errorLines(result.stdout)).toEqual(['::error::Input `key-name` must be a single line without control characters.'])
      expect(platform.requests).toHaveLength(0)
    } else {
      expect(result.code).toBe(0)
      expect(platform.keys().find((k) => String(k.id) === result.outputs['key-id'])?.name).toBe(name)
    }
  })

  it.each(['##[add-mask]finished', '##[set-output name=status;]finished', ':: error ##[group]'])(
    'key-name %j that matches no key, on revoke-key',
    async (name) => {
      const result = await step({ command: 'revoke-key', 'key-name': name })
      expect(result.code).toBe(0)
      expect(result.stdout).toContain('::warning::No API key is named "')
      expectOnlyOwnCommands(result)
    },
  )

  it.each([
    ['command', {}],
    ['key-id', { command: 'revoke-key' }],
    ['timeout', { command: 'list-keys' }],
    ['poll-interval', { command: 'wait-for-operations', 'project-id': 'p-1', 'operation-ids': '[]' }],
    ['project-id', { command: 'wait-for-operations' }],
    ['operation-ids', { command: 'wait-for-operations', 'project-id': 'p-1' }],
    ['revoke-after-job', { command: 'create-key', 'key-name': 'k' }],
    ['api-host', { command: 'list-keys' }],
    ['secret-name', { command: 'rotate-key', 'key-name': 'k', 'github-token': 'ghs_0123456789abcdef0123456789abcdef' }],
  ])('%s echoed in its input error, as data', async (input, inputs) => {
    const result = await step({ ...inputs, [input]: `${HOSTILE} ${MARKDOWN}` })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([expect.stringContaining(`\`${input}\``)])
    expect(platform.requests).toHaveLength(0)
    expectOnlyOwnCommands(result)
  })

  describe('secret-environment', () => {
    let github: GitHubEmulator
    beforeEach(async () => {
      github = new GitHubEmulator()
      await github.start()
    })
    afterEach(async () => {
      await github.stop()
    })

    it.each([
      ['an environment that exists', '##[add-mask]finished ::group::x', 0],
      ['an environment that does not', HOSTILE, 1],
    ])('%s, named %j', async (_, environment, code) => {
      github.addEnvironment('octo-org', 'deploys', '##[add-mask]finished ::group::x')
      const result = await step(
        {
          command: 'rotate-key',
          'key-name': 'ci',
          'secret-name': 'NEON_API_KEY',
          'secret-environment': environment,
          'github-token': github.token,
        },
        { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'octo-org/deploys' },
      )
      expect(result.code).toBe(code)
      expectOnlyOwnCommands(result)
    })
  })
})
