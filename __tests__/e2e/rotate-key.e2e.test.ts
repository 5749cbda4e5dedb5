// Scheduled rotation as a workflow runs it: a new key proven, stored in a repository secret by the bundle, and the
// old keys revoked, each value masked; the post step that revokes a new key no target took; and a github-token refused
// after it is masked. What the rotation computes is tested in process (__tests__/commands/rotate-key.test.ts).
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform emulator and the GitHub emulator, which keeps sealed secrets.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { GitHubEmulator } from '../../emulator/github.ts'
import { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep } from '../../scripts/run-step.ts'
import { expectNoKeyLeak } from '../support/leaks.ts'

let platform: PlatformEmulator
let github: GitHubEmulator
let url: string
let current: { id: number; key: string }
/** GitHub's clock, moved by the tests: the secret's updated_at and the Date of each answer. */
let githubNow: number
const REPO = 'octo-org/deploys'

beforeEach(async () => {
  platform = new PlatformEmulator()
  githubNow = Date.parse('2026-11-21T10:00:00Z')
  github = new GitHubEmulator({ now: () => githubNow })
  url = await platform.start()
  await github.start()
  // The workflow rotates the very key it runs with.
  current = platform.addKey('ci-deploy')
})

afterEach(async () => {
  await platform.stop()
  await github.stop()
})

const githubEnv = () => ({ GITHUB_API_URL: github.url, GITHUB_REPOSITORY: REPO })

const rotate = (inputs: Record<string, string> = {}) =>
  runStep(
    { command: 'rotate-key', 'api-key': current.key, 'api-host': url, 'key-name': 'ci-deploy', ...inputs },
    { env: githubEnv() },
  )

const validNamed = (name: string) => platform.keys().filter((k) => k.name === name && !k.revoked)

describe('rotate-key', () => {
  it('without secret-name, keep-previous 0: a new key, proven, then every old key of that name revoked', async () => {
    const older = platform.addKey('ci-deploy')
    const bystander = platform.addKey('other')
    const result = await rotate({ 'keep-previous': '0' })
    expect(errorLines(result.stdout)).toEqual([])
    const id = Number(result.outputs['key-id'])
    expect(validNamed('ci-deploy').map((k) => k.id)).toEqual([id])
    expect(platform.isKeyValid(result.outputs.key!)).toBe(true)
    expect(JSON.parse(result.outputs['revoked-key-ids']!).sort()).toEqual([current.id, older.id].sort())
    expect(platform.isKeyValid(bystander.id)).toBe(true)
    // The proof is a read made with the new key; the revocations use it too.
    const byNewKey = platform.requests.filter((r) => r.keyId === id)
    expect(byNewKey.map((r) => r.method)).toEqual(['GET', 'DELETE', 'DELETE'])
    expectNoKeyLeak(result, [current.key, older.key, bystander.key])
    expect(github.requests).toHaveLength(0)
  })

  it('with secret-name, from the bundle (the secret store loads from its own chunk): stores the new key in the repository secret before revoking the old one', async () => {
    const result = await runStep(
      {
        command: 'rotate-key',
        'api-key': current.key,
        'api-host': url,
        'key-name': 'ci-deploy',
        'keep-previous': '0',
        'secret-name': 'NEON_API_KEY',
        'github-token': github.token,
      },
      { env: githubEnv(), entry: 'bundle' },
    )
    expect(errorLines(result.stdout)).toEqual([])
    expect(github.secret('octo-org', 'deploys', 'NEON_API_KEY')).toBe(result.outputs.key)
    expect(validNamed('ci-deploy')).toHaveLength(1)
    expect(platform.isKeyValid(current.id)).toBe(false)
    // Stored first, revoked after.
    expect(result.stdout.indexOf('Stored the new key in secret NEON_API_KEY')).toBeGreaterThan(-1)
    expect(result.stdout.indexOf('Stored the new key in secret NEON_API_KEY')).toBeLessThan(
      result.stdout.indexOf(`Revoked API key ${current.id}`),
    )
    expect(result.summary).toContain('The new key is stored in secret NEON_API_KEY of octo-org/deploys.')
    expect(result.masked).toEqual([current.key, github.token, result.outputs.key])
    expectNoKeyLeak(result, [current.key, github.token])
  })

  it('when no target took the new key and revoking it fails too, the post step revokes it, as the error says', async () => {
    github.failNext(403, 1, 'Resource not accessible by personal access token')
    const id = Math.max(...platform.keys().map((k) => k.id)) + 1
    platform.inject({ method: 'DELETE', path: `/api_keys/${id}`, kind: 'status', status: 403 })
    const inputs = { 'secret-name': 'NEON_API_KEY', 'github-token': github.token }
    const main = await rotate(inputs)
    expect(errorLines(main.stdout)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::error::Rotation stopped: Could not store secret NEON_API_KEY .*403.* Revoking the new key ${id} failed too \\(.*\\): the post step tries again, or revoke it by hand\\. No old key was revoked\\.$`,
        ),
      ),
    ])
    expect(validNamed('ci-deploy').map((k) => k.id)).toEqual([current.id, id])
    expect(main.outputs.key).toBeUndefined()
    expectNoKeyLeak(main, [current.key, github.token])
    const post = await runStep(
      { command: 'rotate-key', 'api-key': current.key, 'api-host': url, 'key-name': 'ci-deploy', ...inputs },
      { env: githubEnv(), state: main.state },
    )
    expect(errorLines(post.stdout)).toEqual([])
    expect(post.stdout).toContain(
      `Revoked API key ${id} named "ci-deploy": the main step made it and never handed it out.`,
    )
    expect(validNamed('ci-deploy').map((k) => k.id)).toEqual([current.id])
    expectNoKeyLeak(post, [current.key, github.token])
  })

  it('a github-token with a line break in it is one error naming the input, after it is masked, before any request', async () => {
    const token = `${github.token}\nghs_second_line`
    const result = await rotate({ 'secret-name': 'NEON_API_KEY', 'github-token': token })
    expect(result.code).toBe(1)
    const lines = result.stdout.split('\n')
    const error = lines.findIndex((l) => l.startsWith('::error::'))
    expect(lines[error]).toBe(
      '::error::Input `github-token` must be a single token of printable ASCII characters, without spaces or line breaks.',
    )
    expect(lines.indexOf(`::add-mask::${token.replace('\n', '%0A')}`)).toBeLessThan(error)
    expect(lines.indexOf(`::add-mask::${token.replace('\n', '%0A')}`)).toBeGreaterThanOrEqual(0)
    expect(errorLines(result.stdout)).toHaveLength(1)
    expect(platform.requests).toHaveLength(0)
    expect(github.requests).toHaveLength(0)
  })
})
