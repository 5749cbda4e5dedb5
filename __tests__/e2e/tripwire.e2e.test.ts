// The tripwire (expected-networks) as a workflow runs it: list-keys warns of, or fails on, keys last used from an
// unexpected network, by the platform's record; github-actions reads GitHub's meta API as its OpenAPI description
// says, at GITHUB_API_URL (under /api/v3 on GitHub Enterprise Server); prune-keys revokes such keys within its guards;
// bad entries are refused before any request; hostile addresses stay data.
// End to end: each step is a child process, as a runner starts it (scripts/run-step.ts), on the committed
// bundle dist/index.js (E2E_ENTRY=source runs src/index.ts instead), against the platform and GitHub emulators.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { getOctokit } from '@actions/github'
import type { operations } from '@octokit/openapi-types'
import { GitHubEmulator } from '../../emulator/github.ts'
import { expiringKeyName } from '../../emulator/names.ts'
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

  it('with no key used from elsewhere, it passes with unexpected-use-key-ids []', async () => {
    ciKey('ci-build', '10.1.2.3')
    const result = await listKeys({ 'expected-networks': '10.0.0.0/8', 'fail-on-unexpected-use': 'true' })
    expect(result.code).toBe(0)
    expect(result.outputs['unexpected-use-key-ids']).toBe('[]')
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

  it('where GitHub lists no runner ranges (GitHub Enterprise Server), the step fails saying what to do, and lists no key', async () => {
    ciKey('ci-deploy', '203.0.113.7')
    github.answerMeta('ghes')
    const result = await listKeys({ 'expected-networks': 'github-actions' })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      "::error::GitHub's meta API lists no ranges of GitHub-hosted runners (`actions`). This happens on GitHub Enterprise Server, whose runners are all self-hosted. " +
        'There, name their networks in `expected-networks` instead of `github-actions`.',
    ])
    expect(result.outputs).not.toHaveProperty('unexpected-use-key-ids')
    expect(keyListings()).toEqual([])
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

describe("an odd answer of GitHub's meta API never turns a guard off", () => {
  const prune = (inputs: Record<string, string> = {}) =>
    step({
      command: 'prune-keys',
      'key-name': 'ci-',
      'expected-networks': 'github-actions, 10.0.0.0/8',
      'dry-run': 'false',
      ...inputs,
    })
  /** A runner's key, one used from the office network, one used from elsewhere: what a real run would judge. */
  const account = () => ({
    runner: ciKey('ci-deploy', '198.51.100.23'),
    office: ciKey('ci-migrate', '10.1.2.3'),
    leaked: ciKey('ci-leaked', '203.0.113.7'),
  })

  it.each<[string, unknown[]]>([
    ['an empty list', []],
    ['only entries that are no range', [7, {}, null, ['198.51.100.0/24'], '10.0.0.0/33', 'runners.example', '']],
    ['only blocks wider than any network', ['0.0.0.0/0', '1.0.0.0/7', '::/0', '2001::/15']],
  ])(
    'no runner range it can read (%s): the step fails as on GitHub Enterprise Server, and nothing is revoked',
    async (_, actions) => {
      const keys = account()
      github.answerMeta('github', { actions, actions_macos: [] })
      const result = await prune()
      expect(result.code).toBe(1)
      const none =
        actions.length === 0
          ? 'an empty list'
          : `${actions.length} entries, none an address or a CIDR block no wider than a network`
      expect(errorLines(result.stdout)).toEqual([
        "::error::GitHub's meta API lists no range of GitHub-hosted runners the action can read " +
          `(\`actions\` and \`actions_macos\` hold ${none}). This happens on GitHub Enterprise Server, whose runners are all self-hosted. ` +
          'There, name their networks in `expected-networks` instead of `github-actions`. The step stopped before listing any key.',
      ])
      expect(keyListings()).toEqual([])
      expect(platform.requests.filter((r) => r.method === 'DELETE')).toEqual([])
      expect(Object.values(keys).map((k) => platform.isKeyValid(k.id))).toEqual([true, true, true])
      expect(result.outputs).not.toHaveProperty('revoked-key-ids')
    },
  )

  it('some ranges it cannot read: a warning counts them; list-keys flags what it cannot place, prune-keys revokes nothing for that alone', async () => {
    const keys = account()
    const expired = platform.addKey(expiringKeyName('ci-job-7', Date.now() - DAY), {
      createdAt: Date.now() - 2 * DAY,
      lastUsedAt: Date.now() - DAY - HOUR,
      lastUsedFrom: '203.0.113.9',
    })
    github.answerMeta('github', {
      actions: ['198.51.100.0/24', '2001:db8:a11::/48 ', { cidr: '203.0.113.0/24' }],
      actions_macos: [],
    })
    const warning =
      "::warning::GitHub's meta API lists 2 range(s) of GitHub-hosted runners that are no address or CIDR block, " +
      'or a block wider than any network (the first: "2001:db8:a11::/48 "). They are left out. ' +
      'So a key last used from one of them counts as used from an unexpected network.'

    const listed = await listKeys({ 'expected-networks': 'github-actions, 10.0.0.0/8' })
    expect(errorLines(listed.stdout)).toEqual([])
    expect(warnings(listed)[0]).toBe(warning)
    expect(ids(listed.outputs['unexpected-use-key-ids']).sort()).toEqual([keys.leaked.id, expired.id].sort())

    const result = await prune()
    expect(errorLines(result.stdout)).toEqual([])
    expect(result.code).toBe(0)
    expect(warnings(result)).toEqual([warning])
    // Expired by its name, it goes whatever the networks say; used from elsewhere only, it is kept.
    expect(ids(result.outputs['revoked-key-ids'])).toEqual([expired.id])
    expect(ids(result.outputs['unexpected-use-key-ids']).sort()).toEqual([keys.leaked.id, expired.id].sort())
    expect([keys.runner, keys.office, keys.leaked, expired].map((k) => platform.isKeyValid(k.id))).toEqual([
      true,
      true,
      true,
      false,
    ])
    expect(stripMasks(result.stdout)).toContain(
      `Kept API key ${keys.leaked.id} "ci-leaked" (personal): last used from an unexpected network (203.0.113.7); ` +
        "but GitHub's meta API lists 2 runner range(s) the action cannot read, and this address may be in one.",
    )
  })

  it('a runner range wider than any network (0.0.0.0/0) is left out: it would hold every address, and pass every key', async () => {
    const keys = account()
    github.answerMeta('github', { actions: ['198.51.100.0/24', '0.0.0.0/0'], actions_macos: ['::/0'] })
    const listed = await listKeys({ 'expected-networks': 'github-actions, 10.0.0.0/8' })
    expect(errorLines(listed.stdout)).toEqual([])
    expect(warnings(listed)[0]).toBe(
      "::warning::GitHub's meta API lists 2 range(s) of GitHub-hosted runners that are no address or CIDR block, " +
        'or a block wider than any network (the first: "0.0.0.0/0"). They are left out. ' +
        'So a key last used from one of them counts as used from an unexpected network.',
    )
    expect(ids(listed.outputs['unexpected-use-key-ids'])).toEqual([keys.leaked.id])
  })

  it('an answer over 4 MiB is refused unread, at once, whatever it holds: the step fails saying so, before any key is listed', async () => {
    account()
    // About 5.5 MB: 300,000 ranges, as a proxy or a broken server might send.
    github.answerMeta('github', {
      actions: Array.from({ length: 300_000 }, (_, i) => `198.${(i >> 16) & 255}.${(i >> 8) & 255}.0/24`),
    })
    const result = await prune({ timeout: '8' })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      "::error::GitHub's meta API (GET /meta) answered more than 4 MiB, but GitHub's answer is a few hundred kB. The answer was not read. " +
        "Check that GITHUB_API_URL leads to GitHub's API, or name their networks in `expected-networks` instead of `github-actions`.",
    ])
    expect(github.requests).toHaveLength(1)
    expect(keyListings()).toEqual([])
  })

  it('more ranges than the action reads (50,000), within 4 MiB: the step fails saying so, before any is built or any key listed', async () => {
    account()
    github.answerMeta('github', { actions: new Array(50_001).fill('198.51.100.0/24') })
    const result = await prune({ timeout: '8' })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      "::error::GitHub's meta API lists 50001 ranges of GitHub-hosted runners, more than the 50000 the action reads (GitHub lists several thousand). " +
        "They were not read. Check that GITHUB_API_URL leads to GitHub's API, or name their networks in `expected-networks` instead of `github-actions`.",
    ])
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

describe('bad entries are refused by name before any request', () => {
  it.each(['10.0.0.0/33', '10.0.0.300', 'office.example.com', 'github'])('%s', async (entry) => {
    const result = await listKeys({ 'expected-networks': `github-actions, ${entry}` })
    expect(result.code).toBe(1)
    expect(errorLines(result.stdout)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::error::Input \`expected-networks\` holds "${entry.replace(/\./g, '\\.')}", which is not a network: `,
        ),
      ),
    ])
    expect(platform.requests).toEqual([])
    expect(github.requests).toEqual([])
  })
})

describe('an address from the platform is data: bounded and inert in the log and the summary', () => {
  it.each([
    ['runner commands', HOSTILE],
    ['Markdown', MARKDOWN],
    ['a huge string', `<b>${'x'.repeat(200_000)}`],
  ])('%s', async (_, address) => {
    ciKey('ci-odd', address)
    for (const fail of ['false', 'true']) {
      const result = await listKeys({ 'expected-networks': '10.0.0.0/8', 'fail-on-unexpected-use': fail })
      expect(result.code).toBe(fail === 'true' ? 1 : 0)
      expect(ids(result.outputs['unexpected-use-key-ids'])).toHaveLength(1)
      expectOnlyOwnCommands(result, admin.key)
      expect(errorLines(result.stdout)).toHaveLength(fail === 'true' ? 1 : 0)
      expect(warnings(result).filter((l) => l.startsWith('::warning::API key'))).toHaveLength(fail === 'true' ? 0 : 1)
      for (const line of result.stdout.split('\n')) expect(line.length).toBeLessThan(1000)
      expect(result.summary.length).toBeLessThan(5000)
      expect(result.summary).not.toContain('<b>')
    }
  })
})

describe('an address the action cannot read is flagged, never taken for "never used"', () => {
  /** The platform's key list with these keys' fields set to any JSON, as a broken or hostile server may send. */
  const rewriteKeys = (fields: Map<number, Record<string, unknown>>) =>
    platform.inject({
      path: '/api_keys',
      kind: 'transform',
      times: 9,
      transform: (body) => (body as Array<{ id: number }>).map((k) => ({ ...k, ...fields.get(k.id) })),
    })

  // Needs the parser of src/api/endpoints.ts to keep an address that is no string as its JSON text, cut to 64
  // characters, as it keeps such a last_used_at: until then it reads as no address (null).
  it('an address that is no string (["10.0.0.1"], {}, 7, true) beside a last use: flagged, and shown as its JSON text', async () => {
    const inside = ciKey('ci-build', '10.1.2.3')
    const never = platform.addKey('ci-spare')
    const odd = (
      [
        ['ci-array', ['10.0.0.1']],
        ['ci-object', {}],
        ['ci-number', 7],
        ['ci-true', true],
      ] as const
    ).map(([name, address]) => ({ key: ciKey(name, '10.0.0.1'), name, text: JSON.stringify(address), address }))
    rewriteKeys(new Map(odd.map((o) => [o.key.id, { last_used_from_addr: o.address }])))
    const result = await listKeys({ 'expected-networks': '10.0.0.0/8', 'fail-on-unexpected-use': 'true' })

    expect(result.code).toBe(1)
    expect(ids(result.outputs['unexpected-use-key-ids'])).toEqual(odd.map((o) => o.key.id))
    expect(errorLines(result.stdout)).toHaveLength(1)
    const [error] = errorLines(result.stdout)
    for (const { key, name, text } of odd) {
      // As quoted() shows it: in double quotes, its own double quotes escaped.
      expect(error).toContain(`API key ${key.id} "${name}", last used from "${text.replace(/"/g, '\\"')}" at `)
      expect(result.summary).toContain(`<td>⚠ unexpected: ${text.replace(/"/g, '&#34;')}</td>`)
    }
    expect(error).not.toContain(`API key ${inside.id} `)
    expect(error).not.toContain(`API key ${never.id} `)
  })

  it('an empty address, or none, beside a last use is flagged: the platform recorded a use but not where from', async () => {
    const empty = ciKey('ci-empty', '')
    const none = ciKey('ci-none', '10.0.0.9')
    const unreadableUse = ciKey('ci-when', '')
    const never = platform.addKey('ci-spare')
    rewriteKeys(
      new Map([
        [none.id, { last_used_from_addr: null }],
        [unreadableUse.id, { last_used_at: 'yesterday' }],
      ]),
    )
    const result = await listKeys({ 'expected-networks': '10.0.0.0/8' })

    expect(result.code).toBe(0)
    expect(ids(result.outputs['unexpected-use-key-ids'])).toEqual([empty.id, none.id, unreadableUse.id])
    expect(warnings(result)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::warning::API key ${empty.id} "ci-empty", last used from no address the platform recorded at [\\d: -]+ UTC: outside`,
        ),
      ),
      expect.stringMatching(
        new RegExp(`^::warning::API key ${none.id} "ci-none", last used from no address the platform recorded at `),
      ),
      `::warning::API key ${unreadableUse.id} "ci-when", last used from no address the platform recorded at yesterday: outside \`expected-networks\`.`,
    ])
    expect(result.summary).toContain('<td>⚠ unexpected: no address recorded</td>')
    expect(ids(result.outputs['unexpected-use-key-ids'])).not.toContain(never.id)
  })

  it('prune-keys revokes no key only for an address it cannot read; another rule still selects it', async () => {
    const now = Date.now()
    const unknown = ciKey('ci-unknown', 'unknown')
    const empty = ciKey('ci-empty', '')
    const expired = platform.addKey(expiringKeyName('ci-job-8', now - DAY), {
      createdAt: now - 2 * DAY,
      lastUsedAt: now - DAY - HOUR,
      lastUsedFrom: '',
    })
    const leaked = ciKey('ci-leaked', '203.0.113.7')
    const result = await step({
      command: 'prune-keys',
      'key-name': 'ci-',
      'expected-networks': '10.0.0.0/8',
      'dry-run': 'false',
    })

    expect(errorLines(result.stdout)).toEqual([])
    expect(result.code).toBe(0)
    expect(ids(result.outputs['revoked-key-ids']).sort()).toEqual([expired.id, leaked.id].sort())
    expect(ids(result.outputs['unexpected-use-key-ids']).sort()).toEqual(
      [unknown.id, empty.id, expired.id, leaked.id].sort(),
    )
    expect([unknown, empty, expired, leaked].map((k) => platform.isKeyValid(k.id))).toEqual([true, true, false, false])
    const log = stripMasks(result.stdout)
    expect(log).toContain(
      `Kept API key ${unknown.id} "ci-unknown" (personal): last used from an unexpected network (unknown); ` +
        'but the address of its last use is no IP address the action can read.',
    )
    expect(log).toContain(
      `Kept API key ${empty.id} "ci-empty" (personal): last used from an unexpected network (no address recorded); ` +
        'but the platform recorded no address for its last use.',
    )
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
