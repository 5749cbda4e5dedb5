// The inputs as a runner passes them (src/settings.ts, src/inputs/): a bad input is one error line and no request, a
// hostile value is echoed as data, and an input the command does not read is a warning or an error.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/index.ts instead), against the platform emulator.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { GitHubEmulator } from '../../emulator/github.ts'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep } from '../../scripts/run-step.ts'
import { expectOnlyOwnCommands, HOSTILE, MARKDOWN } from '../support/injection.ts'
import { platformPerTest } from '../support/platform-per-test.ts'

let platform: PlatformEmulator
let admin: { id: number; key: string }

const { step, base } = platformPerTest((started) => ({ platform, admin } = started))

describe('errors', () => {
  it.each([
    [{ command: 'rotate-everything' }, /`command` is "rotate-everything"/],
    [{ command: 'revoke-key', 'key-id': 'abc' }, /`key-id` is "abc": it must be a positive integer/],
    [{ command: 'create-key', 'key-name': 'k'.repeat(65) }, /`key-name` is 65 characters long/],
    [{ command: 'wait-for-operations', 'project-id': 'UPPER' }, /`project-id` is "UPPER"/],
  ])('bad input %j: one error line and no request', async (inputs, expected) => {
    const step = await runStep({ ...base(), ...(inputs as Record<string, string>) })
    expect(step.code).toBe(1)
    const errors = errorLines(step.stdout)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(expected)
    expect(platform.requests).toHaveLength(0)
  })

  it('refuses plain http to a host that is not loopback, before any request', async () => {
    const step = await runStep({ command: 'list-keys', 'api-key': admin.key, 'api-host': 'http://example.com/api/v2' })
    expect(errorLines(step.stdout)[0]).toMatch(/plain http to example\.com/)
    expect(step.masked[0]).toBe(admin.key)
    expect(step.everything).not.toContain(admin.key)
  })

  it('refuses plain http to the name localhost, which may lead elsewhere, saying to use 127.0.0.1; no request', async () => {
    const named = platform.url.replace('127.0.0.1', 'localhost')
    const step = await runStep({ command: 'list-keys', 'api-key': admin.key, 'api-host': named })
    expect(step.code).toBe(1)
    expect(errorLines(step.stdout)).toEqual([
      `::error::Input \`api-host\` uses plain http to the name localhost, which /etc/hosts or DNS may lead to another machine: ` +
        `the API key would go there unencrypted. Use the address: ${platform.url}.`,
    ])
    expect(platform.requests).toHaveLength(0)
  })
})

describe('hostile free-text inputs', () => {
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
    expectOnlyOwnCommands(result, admin.key)
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
        { env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: 'octo-org/deploys' } },
      )
      expect(result.code).toBe(code)
      expectOnlyOwnCommands(result, admin.key)
    })
  })
})

describe('an input name no action declares', () => {
  it("create-key's sub-action with `revoke-afterjob: true` fails before any request, naming `revoke-after-job`", async () => {
    const inputs = { 'key-name': 'deploy-1-1' }
    const main = await step(inputs, { action: 'create-key', undeclared: { 'revoke-afterjob': 'true' } })
    expect(main.code).toBe(1)
    expect(errorLines(main.stdout)).toEqual([
      '::error::`revoke-afterjob` is not an input of create-key; did you mean `revoke-after-job`?',
    ])
    expect(main.outputs).toEqual({})
    const post = await step(inputs, {
      action: 'create-key',
      undeclared: { 'revoke-afterjob': 'true' },
      state: main.state,
    })
    expect([post.code, post.stdout]).toEqual([0, ''])
    expect(platform.requests).toEqual([])
  })
})

describe('an input the command does not read', () => {
  it('secret-name on create-key fails the step before any request', async () => {
    const result = await step({ command: 'create-key', 'key-name': 'ci', 'secret-name': 'NEON_API_KEY' })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      '::error::Input `secret-name` was given to create-key, which does not take it: create-key never stores the new key in a secret. ' +
        'To keep a key in a GitHub Actions secret, use rotate-key with `secret-name`; or pass the `key` output on yourself.',
    ])
    expect(platform.requests).toEqual([])
  })

  it('key-id on list-keys is a warning naming both, and the keys are listed', async () => {
    const result = await step({ command: 'list-keys', 'key-id': '42' })
    expect(result.code).toBe(0)
    expect(result.stdout.split('\n').filter((l) => l.startsWith('::warning::'))).toEqual([
      '::warning::Input `key-id` is set, but list-keys does not read it: it has no effect on this step.',
    ])
    expect(JSON.parse(result.outputs.keys!)).toHaveLength(1)
  })
})
