// The tripwire (expected-networks) as a workflow runs it: list-keys warns of, or fails on, keys last used from an
// unexpected network, by the platform's record; github-actions reads GitHub's meta API as its OpenAPI description
// says, at GITHUB_API_URL (under /api/v3 on GitHub Enterprise Server); prune-keys revokes such keys within its guards;
// bad entries are refused before any request; hostile addresses stay data. What the commands make of odd answers of
// GitHub and the platform is tested in process (__tests__/commands/list-keys.test.ts, prune-keys.test.ts).
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/ instead), against the platform and GitHub emulators.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { getOctokit } from '@actions/github'
import type { operations } from '@octokit/openapi-types'
import { GitHubEmulator } from '../../emulator/github.ts'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { errorLines, runStep, stripMasks, type StepResult } from '../../scripts/run-step.ts'
import { expectOnlyOwnCommands, HOSTILE, MARKDOWN } from '../support/injection.ts'
import { expectNoKeyLeak } from '../support/leaks.ts'
import { platformPerTest } from '../support/platform-per-test.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

let platform: PlatformEmulator
let url: string
let admin: { id: number; key: string }
let github: GitHubEmulator

platformPerTest((started) => ({ platform, url, admin } = started))

beforeEach(async () => {
  github = new GitHubEmulator()
  await github.start()
})

afterEach(async () => {
  await github.stop()
})

/** A step of the tripwire, with the leak check every key command's steps pass: no key, no github-token shown. */
async function step(inputs: Record<string, string>, key = admin.key): Promise<StepResult> {
  const result = await runStep({ 'api-key': key, 'api-host': url, ...inputs }, { env: { GITHUB_API_URL: github.url } })
  expectNoKeyLeak(result, [key, ...(inputs['github-token'] ? [inputs['github-token']] : [])])
  return result
}
const listKeys = (inputs: Record<string, string>) => step({ command: 'list-keys', 'key-name': 'ci-', ...inputs })
const ids = (output: string | undefined) => JSON.parse(output ?? 'null') as number[]
const warnings = (result: StepResult) => result.stdout.split('\n').filter((l) => l.startsWith('::warning::'))
/** A CI key, made a month ago and last used two hours ago from `from`. */
const ciKey = (name: string, from: string) =>
  platform.addKey(name, { createdAt: Date.now() - 30 * DAY, lastUsedAt: Date.now() - 2 * HOUR, lastUsedFrom: from })
const keyListings = () => platform.requests.filter((r) => r.path.endsWith('/api_keys'))

describe('list-keys with expected-networks', () => {
  it('a ci- key last used from 203.0.113.7 is a warning and in unexpected-use-key-ids; ::ffff:10.1.2.3 is inside 10.0.0.0/8; a key never used is not', async () => {
    const leaked = ciKey('ci-deploy', '203.0.113.7')
    const mapped = ciKey('ci-migrate', '::ffff:10.1.2.3')
    const never = platform.addKey('ci-spare')
    const result = await listKeys({ 'expected-networks': '10.0.0.0/8' })

    expect(result.code).toBe(0)
    expect(errorLines(result.stdout)).toEqual([])
    expect(warnings(result)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::warning::API key ${leaked.id} "ci-deploy", last used from "203\\.0\\.113\\.7" at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC: outside \`expected-networks\`\\.$`,
        ),
      ),
    ])
    expect(ids(result.outputs['unexpected-use-key-ids'])).toEqual([leaked.id])
    expect((JSON.parse(result.outputs.keys!) as Array<{ id: number }>).map((k) => k.id)).toEqual([
      leaked.id,
      mapped.id,
      never.id,
    ])
    expect(result.summary).toContain(
      '<p>Last used from an unexpected network, outside <code>expected-networks</code>: ⚠ 1 key(s), listed first',
    )
    expect(result.summary).toContain(`<tr><td><code>${leaked.id}</code></td><td>ci-deploy</td>`)
    expect(result.summary).toContain('<td>⚠ unexpected: 203.0.113.7</td>')
    expect(github.requests).toEqual([])
  })

  it('with fail-on-unexpected-use: true the step fails naming the key, its outputs set first', async () => {
    const leaked = ciKey('ci-deploy', '203.0.113.7')
    ciKey('ci-build', '10.1.2.3')
    const result = await listKeys({ 'expected-networks': '10.0.0.0/8', 'fail-on-unexpected-use': 'true' })

    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::error::1 API key\\(s\\) were last used from an unexpected network, outside \`expected-networks\`: API key ${leaked.id} "ci-deploy", last used from "203\\.0\\.113\\.7" at [\\d: -]+ UTC\\.$`,
        ),
      ),
    ])
    expect(warnings(result)).toEqual([])
    expect(ids(result.outputs['unexpected-use-key-ids'])).toEqual([leaked.id])
    expect(result.outputs['keys-file']).toBeDefined()
    expect(result.summary).toContain(
      'Revoke it by its id (revoke-key with <code>key-id</code>), and rotate what held it.',
    )
    // The step ran as `uses: ./` does (no GITHUB_ACTION_REPOSITORY): the page is named, as no link.
    expect(result.summary).toContain(
      'When the tripwire fires (<code>docs/tripwire.md</code> in the action&#39;s repository).</p>',
    )
  })

  it("run as `uses: owner/name@ref`, the summary links the tripwire's page of the action at that ref, on the runner's GitHub", async () => {
    ciKey('ci-deploy', '203.0.113.7')
    const inputs = { 'api-key': admin.key, 'api-host': url, command: 'list-keys', 'key-name': 'ci-' }
    const env = {
      GITHUB_API_URL: github.url,
      GITHUB_ACTION_REPOSITORY: 'octo-org/neon-api-action',
      GITHUB_ACTION_REF: 'v1.4.2',
      GITHUB_SERVER_URL: 'https://ghe.example.com',
    }
    const result = await runStep(
      { ...inputs, 'expected-networks': '10.0.0.0/8', 'fail-on-unexpected-use': 'true' },
      { env },
    )
    expectNoKeyLeak(result, [admin.key])
    expect(result.code).toBe(1)
    expect(result.summary).toContain(
      'Look for its other uses in the platform&#39;s audit log. ' +
        '<a href="https://ghe.example.com/octo-org/neon-api-action/blob/v1.4.2/docs/tripwire.md#when-it-fires">When the tripwire fires</a>.</p>',
    )
    expect(result.summary).not.toContain('(docs/tripwire.md)')
  })
})

describe("github-actions: the runners' ranges from GitHub's meta API", () => {
  it('reads GET /meta at GITHUB_API_URL as its OpenAPI description says; a key used from a runner is not flagged, one used elsewhere is', async () => {
    const runner = ciKey('ci-deploy', '198.51.100.23')
    const ipv6Runner = ciKey('ci-test', '2001:db8:a11:5::1')
    const leaked = ciKey('ci-leaked', '2001:db8:a12::1')
    const result = await listKeys({ 'expected-networks': 'github-actions\n192.0.2.0/24' })

    expect(result.code).toBe(0)
    expect(stripMasks(result.stdout)).toContain(
      "Expected networks: 1 address(es) and block(s) and 4 ranges of GitHub-hosted runners (GitHub's meta API).",
    )
    expect(ids(result.outputs['unexpected-use-key-ids'])).toEqual([leaked.id])
    expect(result.summary).toContain(`<tr><td><code>${runner.id}</code></td>`)
    expect(result.summary).toContain(`<tr><td><code>${ipv6Runner.id}</code></td>`)
    expectMetaReads(github, [undefined])
  })

  it('with github-token, reads with it; on GitHub Enterprise Server, under /api/v3', async () => {
    const ghes = new GitHubEmulator({ pathPrefix: '/api/v3' })
    const ghesUrl = await ghes.start()
    try {
      ciKey('ci-deploy', '198.51.100.23')
      const result = await runStep(
        {
          'api-key': admin.key,
          'api-host': url,
          command: 'list-keys',
          'key-name': 'ci-',
          'expected-networks': 'github-actions',
          'github-token': ghes.token,
        },
        { env: { GITHUB_API_URL: ghesUrl } },
      )
      expect(errorLines(result.stdout)).toEqual([])
      expect(result.outputs['unexpected-use-key-ids']).toBe('[]')
      expect(ghes.requests.map((r) => r.path)).toEqual(['/api/v3/meta'])
      expectMetaReads(ghes, [`Bearer ${ghes.token}`])
      // The token is masked, and nowhere in what the step left behind.
      expect(result.masked).toContain(ghes.token)
      expectNoKeyLeak(result, [admin.key, ghes.token])
    } finally {
      await ghes.stop()
    }
  })

  it('refused for the hourly limit of reads without a token, the step fails saying to set github-token, at once', async () => {
    github.answerMeta('rate-limited')
    const result = await listKeys({ 'expected-networks': 'github-actions' })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(
        /^::error::Could not read GitHub's runner ranges \(GET \/meta\): GitHub answered 403 Forbidden: "API rate limit exceeded .*Set `github-token` \(`\$\{\{ github\.token \}\}` will do\), and the read counts against the token instead\.$/,
      ),
    ])
    expect(result.outputs['http-status']).toBe('403')
    expect(github.requests).toHaveLength(1)
    expect(keyListings()).toEqual([])
  })
})

/** Every GET /meta the step sent is the request of `meta/get` in GitHub's OpenAPI description, as Octokit's route for it builds it. */
function expectMetaReads(emulator: GitHubEmulator, authorizations: Array<string | undefined>): void {
  // meta/get takes no parameter: no path or query parameter, no body.
  const noParameters: 'parameters' extends keyof operations['meta/get'] ? never : true = true
  expect(noParameters).toBe(true)
  const described = getOctokit('unused', { baseUrl: emulator.url }).rest.meta.get.endpoint({})
  const reads = emulator.requests.filter((r) => r.path.endsWith('/meta'))
  expect(reads.map((r) => r.headers.authorization)).toEqual(authorizations)
  for (const read of reads) {
    expect([read.method, read.path]).toEqual([described.method, new URL(described.url).pathname])
    // GitHub's JSON media type, and the REST API version the description is published for.
    expect(read.headers.accept).toBe('application/vnd.github+json')
    expect(read.headers['x-github-api-version']).toBe('2022-11-28')
    expect(read.headers['content-type']).toBeUndefined()
    expect(read.headers['user-agent']).toMatch(/^neon-api-action\//)
  }
}

// Which entries are refused, and why: __tests__/inputs/keys.test.ts.
it('a bad entry of expected-networks is refused by name before any request', async () => {
  const result = await listKeys({ 'expected-networks': 'github-actions, 10.0.0.0/33' })
  expect(result.code).toBe(1)
  expect(errorLines(result.stdout)).toEqual([
    '::error::Input `expected-networks` holds "10.0.0.0/33", which is not a network: an IPv4 block has a prefix length from 0 to 32.',
  ])
  expect(platform.requests).toEqual([])
  expect(github.requests).toEqual([])
})

describe('an address from the platform is data: bounded and inert in the log and the summary', () => {
  it('runner commands, Markdown and a huge string, each the address of a key, warned of and failed on', async () => {
    for (const address of [HOSTILE, MARKDOWN, `<b>${'x'.repeat(200_000)}`]) ciKey('ci-odd', address)
    for (const fail of ['false', 'true']) {
      const result = await listKeys({ 'expected-networks': '10.0.0.0/8', 'fail-on-unexpected-use': fail })
      expect(result.code).toBe(fail === 'true' ? 1 : 0)
      expect(ids(result.outputs['unexpected-use-key-ids'])).toHaveLength(3)
      expectOnlyOwnCommands(result, admin.key)
      expect(errorLines(result.stdout)).toHaveLength(fail === 'true' ? 1 : 0)
      expect(warnings(result).filter((l) => l.startsWith('::warning::API key'))).toHaveLength(fail === 'true' ? 0 : 3)
      for (const line of result.stdout.split('\n')) expect(line.length).toBeLessThan(1000)
      expect(result.summary.length).toBeLessThan(3 * 5000)
      expect(result.summary).not.toContain('<b>')
    }
  })
})

describe('prune-keys with expected-networks', () => {
  it("dry-run: false revokes a key used from an unexpected network that no guard keeps; keeps the step's own key and a key used minutes ago", async () => {
    const now = Date.now()
    const sweeper = platform.addKey('ci-sweeper', {
      createdAt: now - 100 * DAY,
      lastUsedAt: now - DAY,
      lastUsedFrom: '10.0.0.5',
    })
    const leaked = ciKey('ci-deploy', '203.0.113.7')
    const busy = platform.addKey('ci-build', {
      createdAt: now - 30 * DAY,
      lastUsedAt: now - 3 * MINUTE,
      lastUsedFrom: '203.0.113.8',
    })
    const inside = ciKey('ci-migrate', '10.1.2.3')

    const result = await step(
      { command: 'prune-keys', 'key-name': 'ci-', 'expected-networks': '10.0.0.0/8', 'dry-run': 'false' },
      sweeper.key,
    )
    expect(errorLines(result.stdout)).toEqual([])
    expect(result.code).toBe(0)
    expect(ids(result.outputs['revoked-key-ids'])).toEqual([leaked.id])
    // The step's own key was used from 127.0.0.1 by this very step: used from elsewhere, and kept.
    expect(ids(result.outputs['unexpected-use-key-ids']).sort()).toEqual([leaked.id, busy.id, sweeper.id].sort())
    expect([leaked, busy, sweeper, inside].map((k) => platform.isKeyValid(k.id))).toEqual([false, true, true, true])
    const log = stripMasks(result.stdout)
    expect(log).toContain(
      `Revoked API key ${leaked.id} "ci-deploy": last used from an unexpected network (203.0.113.7).`,
    )
    expect(log).toContain(
      `Kept API key ${busy.id} "ci-build" (personal): last used from an unexpected network (203.0.113.8); but used 3 min ago`,
    )
    expect(log).toContain(
      `Kept API key ${sweeper.id} "ci-sweeper" (personal): last used from an unexpected network (127.0.0.1); but the step's own key.`,
    )
    expect(result.summary).toContain('<td>last used from an unexpected network (203.0.113.7)</td>')
  })
})
