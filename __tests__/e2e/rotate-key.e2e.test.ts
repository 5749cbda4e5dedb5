// Scheduled rotation as a workflow runs it: a new key proven, stored in a repository or environment secret, and the
// old keys revoked; and what a failed store, a wrong token or a failed proof leave behind.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/index.ts instead), against the platform emulator and the GitHub emulator, which keeps sealed secrets.
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

  it("the step's own key, in use now, is revoked last: cancelled part way, the post step still has a key that works", async () => {
    const hourAgo = Date.now() - 3_600_000
    // Listed after the step's key (higher ids), one used an hour ago, one never since it was made before that.
    const others = [
      platform.addKey('ci-deploy', { createdAt: hourAgo - 60_000, lastUsedAt: hourAgo }),
      platform.addKey('ci-deploy', { createdAt: hourAgo - 120_000 }),
    ]
    const result = await rotate({ 'keep-previous': '0' })
    expect(errorLines(result.stdout)).toEqual([])
    const deletes = platform.requests.filter((r) => r.method === 'DELETE').map((r) => Number(r.path.split('/').at(-1)))
    expect(deletes).toEqual([others[1]!.id, others[0]!.id, current.id])
  })

  it('a new key the platform does not honour yet (401 on the proof) is tried again, and the rotation goes on', async () => {
    // Once the create has arrived, the next read (the proof, with the new key) is refused once.
    platform.onRequest((request) => {
      if (request.method === 'POST' && request.path === '/api_keys') {
        platform.inject({ method: 'GET', path: '/api_keys', kind: 'status', status: 401 })
      }
    })
    const result = await rotate({ 'keep-previous': '0' })
    expect(errorLines(result.stdout)).toEqual([])
    const id = Number(result.outputs['key-id'])
    // The snapshot (the step's key), the refused proof (answered before any key is looked at), the proof again.
    const reads = platform.requests.filter((r) => r.method === 'GET' && r.path === '/api_keys')
    expect(reads.map((r) => [r.status, r.keyId])).toEqual([
      [200, current.id],
      [401, undefined],
      [200, id],
    ])
    expect(platform.isKeyValid(id)).toBe(true)
    expect(platform.isKeyValid(current.id)).toBe(false)
  })

  it('with secret-name: stores the new key in the repository secret before revoking the old one', async () => {
    const result = await rotate({ 'secret-name': 'NEON_API_KEY', 'github-token': github.token, 'keep-previous': '0' })
    expect(errorLines(result.stdout)).toEqual([])
    expect(github.secret('octo-org', 'deploys', 'NEON_API_KEY')).toBe(result.outputs.key)
    expect(validNamed('ci-deploy')).toHaveLength(1)
    expect(platform.isKeyValid(current.id)).toBe(false)
    // Stored first, revoked after.
    const storedAt = platform.requests.findIndex((r) => r.method === 'DELETE')
    expect(storedAt).toBeGreaterThan(-1)
    expect(result.stdout.indexOf('Stored the new key in secret NEON_API_KEY')).toBeLessThan(
      result.stdout.indexOf(`Revoked API key ${current.id}`),
    )
    expect(result.summary).toContain('The new key is stored in secret NEON_API_KEY of octo-org/deploys.')
    expect(result.masked).toEqual([current.key, github.token, result.outputs.key])
    expectNoKeyLeak(result, [current.key, github.token])
  })

  it('with secret-name, from the bundle too: the secret store loads from its own chunk', async () => {
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
    expect(platform.isKeyValid(current.id)).toBe(false)
  })

  it('stores an environment secret when secret-environment is given', async () => {
    github.addEnvironment('octo-org', 'deploys', 'production')
    const result = await rotate({
      'secret-name': 'NEON_API_KEY',
      'secret-environment': 'production',
      'github-token': github.token,
    })
    expect(result.code).toBe(0)
    expect(github.secret('octo-org', 'deploys', 'NEON_API_KEY', 'production')).toBe(result.outputs.key)
    expect(github.secret('octo-org', 'deploys', 'NEON_API_KEY')).toBeUndefined()
  })

  it('also revokes key-id, whatever keep-previous keeps, and never the new key', async () => {
    const stray = platform.addKey('legacy')
    const result = await rotate({ 'key-id': String(stray.id) })
    expect(JSON.parse(result.outputs['revoked-key-ids']!)).toEqual([stray.id])
    expect(platform.isKeyValid(Number(result.outputs['key-id']))).toBe(true)
    // keep-previous (default 1) keeps the newest key the new one replaced.
    expect(platform.isKeyValid(current.id)).toBe(true)
    expect(result.stdout).toContain(`Kept API key ${current.id} valid until the next rotation (keep-previous: 1).`)
  })

  it('a failure while storing revokes the new key and no old key', async () => {
    github.failNext(403, 1, 'Resource not accessible by personal access token')
    const result = await rotate({ 'secret-name': 'NEON_API_KEY', 'github-token': github.token })
    expect(result.code).toBe(1)
    const errors = errorLines(result.stdout)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(
      /^::error::Rotation stopped: Could not store secret NEON_API_KEY in the repository octo-org\/deploys \(GitHub request id [0-9A-F-]{36}\): GitHub answered 403 Forbidden: "Resource not accessible by personal access token"\. The token needs the repository permission "Secrets: read and write".* The new key \d+ was revoked\. No old key was revoked\.$/,
    )
    expect(validNamed('ci-deploy').map((k) => k.id)).toEqual([current.id])
    expect(result.outputs.key).toBeUndefined()
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

  it('when GitHub keeps failing the store, nothing is revoked: GitHub may still carry a write out', async () => {
    github.failNext(502, 3)
    const result = await rotate({ 'secret-name': 'NEON_API_KEY', 'github-token': github.token })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)[0]).toMatch(
      /^::error::Rotation stopped: Could not store secret NEON_API_KEY .*GitHub answered 502.* The write may still have gone through: GitHub never confirmed it, and may still carry it out\. Nothing was revoked: the new key \d+ stays valid, as do the old keys\./,
    )
    expect(validNamed('ci-deploy').map((k) => k.id)).toEqual([current.id, Number(result.outputs['key-id'])])
    expect(github.requests.filter((r) => r.method === 'PUT')).toHaveLength(3)
    expect(github.secret('octo-org', 'deploys', 'NEON_API_KEY')).toBeUndefined()
  })

  it('a store that succeeds on a second PUT completes the rotation', async () => {
    github.failNext(500, 1)
    const result = await rotate({ 'secret-name': 'NEON_API_KEY', 'github-token': github.token })
    expect(result.code).toBe(0)
    expect(github.secret('octo-org', 'deploys', 'NEON_API_KEY')).toBe(result.outputs.key)
    expect(validNamed('ci-deploy').map((k) => k.id)).toEqual([current.id, Number(result.outputs['key-id'])])
  })

  it('a wrong GitHub token is named, and nothing is revoked but the new key', async () => {
    const result = await rotate({ 'secret-name': 'NEON_API_KEY', 'github-token': 'ghp_wrong' })
    expect(errorLines(result.stdout)[0]).toContain('GitHub refused the token (401')
    expect(validNamed('ci-deploy').map((k) => k.id)).toEqual([current.id])
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

  it('a GITHUB_API_URL that is not a URL is one error naming it, before any request', async () => {
    const result = await runStep(
      {
        command: 'rotate-key',
        'api-key': current.key,
        'api-host': url,
        'secret-name': 'NEON_API_KEY',
        'github-token': github.token,
      },
      { env: { ...githubEnv(), GITHUB_API_URL: 'not a url' } },
    )
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      '::error::GITHUB_API_URL is not a URL: "not a url". It names GitHub\'s REST API: https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server.',
    ])
    expect(platform.requests).toHaveLength(0)
    expect(validNamed('ci-deploy').map((k) => k.id)).toEqual([current.id])
  })

  it('a new key that fails its proof is revoked, and the old key stays valid', async () => {
    // The snapshot before the create goes through; every list after it fails.
    platform.onRequest((r) => {
      if (r.method === 'POST')
        platform.inject({ method: 'GET', path: '/api_keys', kind: 'status', status: 500, times: 99 })
    })
    const result = await rotate()
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)[0]).toMatch(
      /^::error::Rotation stopped: Could not list API keys: .*500.* The new key \d+ was revoked\. No old key was revoked\.$/,
    )
    expect(validNamed('ci-deploy').map((k) => k.id)).toEqual([current.id])
  })
})
