// The inputs as a runner passes them (src/settings.ts, src/inputs/): a bad input is one error line, a summary and no
// request, a hostile value is echoed as data, a sub-action refuses an input it does not declare, and an input the command
// does not read is a warning. Each message, and each input's refusal, is checked in process (__tests__/settings.test.ts,
// __tests__/inputs/).
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform emulator.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { GitHubEmulator } from '../../emulator/github.ts'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep } from '../../scripts/run-step.ts'
import { expectOnlyOwnCommands, HOSTILE, MARKDOWN } from '../support/injection.ts'
import { platformPerTest } from '../support/platform-per-test.ts'

let platform: PlatformEmulator
let admin: { id: number; key: string }

const { step, base } = platformPerTest((started) => ({ platform, admin } = started))

/** The summary's text without its tags: what a reader sees. */
const text = (html: string) =>
  html
    .replace(/<\/?code>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ')

describe('errors', () => {
  it('a bad input: one error line, a summary that names it, the key masked, and no request', async () => {
    const step = await runStep({ ...base(), command: 'revoke-key', 'key-id': 'abc' })
    expect(step.code).toBe(1)
    const errors = errorLines(step.stdout)
    expect(errors).toEqual([expect.stringMatching(/`key-id` is "abc": it must be a positive integer/)])
    expect(text(step.summary)).toContain(
      ` ❌ The step failed ${errors[0]!.replace('::error::', '').replace(/`/g, '')} `,
    )
    expect(text(step.summary)).toContain('Correct that input and run the job again: the step sent no request.')
    expect(step.summary).not.toContain('request id')
    expect(step.masked[0]).toBe(admin.key)
    expect(step.everything).not.toContain(admin.key)
    expect(platform.requests).toHaveLength(0)
  })
})

describe('hostile free-text inputs', () => {
  it('command echoed in its input error, as data', async () => {
    const result = await step({ command: `${HOSTILE} ${MARKDOWN}` })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([expect.stringContaining('`command`')])
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
  it('key-id on list-keys is a warning naming both, and the keys are listed', async () => {
    const result = await step({ command: 'list-keys', 'key-id': '42' })
    expect(result.code).toBe(0)
    expect(result.stdout.split('\n').filter((l) => l.startsWith('::warning::'))).toEqual([
      '::warning::Input `key-id` is set, but list-keys does not read it: it has no effect on this step.',
    ])
    expect(JSON.parse(result.outputs.keys!)).toHaveLength(1)
  })
})
