// src/commands/list-keys.ts: an organization's keys and a user's, in the log, the outputs, the keys file and the summary;
// and the tripwire: keys last used from outside `expected-networks` (GitHub-hosted runners' ranges from GitHub's meta API).
// In process, against the platform and GitHub emulators over HTTP, with one manual clock for all.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { EventEmitter } from 'node:events'
import { GitHubEmulator } from '../../emulator/github.ts'
import type { PlatformEmulator } from '../../emulator/platform.ts'
import { ActionError } from '../../src/base/errors.ts'
import type { ListKeysSettings } from '../../src/inputs/keys.ts'
import { watchStepTime } from '../../src/runner/time.ts'
import { actionDocs, type CommandContext } from '../../src/runner/context.ts'
import { runListKeys } from '../../src/commands/list-keys.ts'
import type { CapturedLog, ManualClock } from '../support/clock.ts'
import { inProcess, type InProcess } from '../support/in-process.ts'

let platform: PlatformEmulator
let clock: ManualClock
let log: CapturedLog
let ctx: CommandContext
let signals: EventEmitter

let run: InProcess
/** What the action keeps of a creator's id or name that holds an `@`. */
const HIDDEN = '(not shown: it may hold an e-mail address)'

beforeEach(async () => {
  signals = new EventEmitter()
  run = await inProcess()
  ;({ platform, clock, log, ctx } = run)
  ctx.time = watchStepTime({ log: log.logger, clock, timeoutMs: 600_000, signals })
})

afterEach(() => run.stop())

const HOUR = 3_600_000
/** A key made a month ago and last used two hours ago from `from`; its id. */
const usedFrom = (name: string, from: string) =>
  platform.addKey(name, {
    createdAt: clock.now() - 30 * 24 * HOUR,
    lastUsedAt: clock.now() - 2 * HOUR,
    lastUsedFrom: from,
  }).id
const ids = (json: string | undefined) => JSON.parse(json ?? 'null') as number[]

describe('list-keys', () => {
  let dir: string

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'neon-keys-inprocess-'))
  })

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  it("an organization's keys: counted in the log, every one in the file and the output, each row in the summary", async () => {
    const org = platform.defaultOrgId
    const project = platform.addProject().id
    const deploy = platform.addOrgKey(org, 'deploy').id
    const scoped = platform.addOrgKey(org, 'preview', { projectId: project }).id
    const result = await runListKeys(
      { ...ctx, fileDir: dir },
      { orgId: org, failOnUnexpectedUse: false, failOnUnexpectedCreator: false },
    )
    expect(log.info).toEqual([
      `Organization ${org}: from the \`org-id\` input.`,
      `Found 2 API key(s) of organization ${org}.`,
    ])
    const path = result.outputs['keys-file']!
    expect(basename(path)).toMatch(/^neon-keys-[0-9a-f-]{36}\.json$/)
    expect(readFileSync(path, 'utf8')).toBe(result.outputs.keys)
    expect(JSON.parse(result.outputs.keys!)).toMatchObject([
      { id: deploy, scope: 'organization' },
      { id: scoped, scope: 'project', project_id: project },
    ])
    expect(result.outputs['org-id']).toBe(org)
    expect(result.summary).toBe(
      `<h3>API keys of organization ${org} (2)</h3>\n<table>\n` +
        '<tr><th>id</th><th>name</th><th>scope</th><th>created</th><th>created by</th><th>last used</th><th>from</th></tr>\n' +
        `<tr><td><code>${deploy}</code></td><td>deploy</td><td>organization</td><td>2026-11-21 10:00 UTC</td><td>Emulator User</td><td>—</td><td>—</td></tr>\n` +
        `<tr><td><code>${scoped}</code></td><td>preview</td><td>project ${project}</td><td>2026-11-21 10:00 UTC</td><td>Emulator User</td><td>—</td><td>—</td></tr>\n` +
        '</table>\n',
    )
  })

  it('personal keys past the rows a summary shows: the rest are said to be in `keys-file`', async () => {
    for (let i = 0; i < 201; i++) platform.addKey('bulk')
    const result = await runListKeys(
      { ...ctx, fileDir: dir },
      { failOnUnexpectedUse: false, failOnUnexpectedCreator: false },
    )
    expect(log.info).toEqual(['Found 202 API key(s).'])
    expect(
      result.summary.startsWith(
        '<h3>API keys (202)</h3>\n<details><summary>The keys, flagged first: 200 rows</summary>\n\n<table>\n',
      ),
    ).toBe(true)
    expect(
      result.summary.endsWith(
        '</table>\n<p>…and 2 more (all of them are in <code>keys-file</code>).</p>\n\n</details>\n\n',
      ),
    ).toBe(true)
    expect(result.outputs['org-id']).toBeUndefined()
  })
})

describe('list-keys with expected-networks: the tripwire', () => {
  let dir: string
  let github: GitHubEmulator

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'neon-keys-tripwire-'))
    github = new GitHubEmulator({ now: clock.now })
    await github.start()
  })

  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true })
    await github.stop()
  })

  const list = (options: Partial<ListKeysSettings>) =>
    runListKeys({ ...ctx, fileDir: dir }, { failOnUnexpectedUse: false, failOnUnexpectedCreator: false, ...options })

  it('a key last used from outside the networks is a warning and in unexpected-use-key-ids; an IPv4 address written as IPv6 is the address; a key never used is not', async () => {
    const leaked = usedFrom('ci-deploy', '203.0.113.7')
    const mapped = usedFrom('ci-migrate', '::ffff:10.1.2.3')
    const never = platform.addKey('ci-spare').id
    const inside = usedFrom('ci-build', '10.20.30.40')
    usedFrom('laptop', '198.51.100.1')
    const result = await list({ keyNamePrefix: 'ci-', expectedNetworks: { blocks: ['10.0.0.0/8'] } })

    expect(log.info).toEqual([
      'Expected networks: 1 address(es) and block(s).',
      'Found 4 API key(s) whose names start with "ci-".',
    ])
    expect(log.warning).toEqual([
      `API key ${leaked} "ci-deploy", last used from "203.0.113.7" at 2026-11-21 08:00 UTC: outside \`expected-networks\`.`,
    ])
    expect(result.failure).toBeUndefined()
    expect(ids(result.outputs['unexpected-use-key-ids'])).toEqual([leaked])
    expect(JSON.parse(result.outputs.keys!).map((k: { id: number }) => k.id)).toEqual([leaked, mapped, never, inside])
    expect(result.summary).toBe(
      '<h3>API keys whose names start with &#34;ci-&#34; (4)</h3>\n' +
        '<p>Last used from an unexpected network, outside <code>expected-networks</code>: ⚠ 1 key(s), listed first: each may have leaked.</p>\n' +
        // Only a warning, so the summary itself says what to do and links the tripwire's page.
        '<p>Each may have leaked. Revoke it by its id (revoke-key with <code>key-id</code>), and rotate what held it. ' +
        'Look for its other uses in the platform&#39;s audit log. ' +
        'When the tripwire fires (<code>docs/tripwire.md</code> in the action&#39;s repository).</p>\n' +
        '<table>\n<tr><th>id</th><th>name</th><th>scope</th><th>created</th><th>created by</th><th>last used</th><th>from</th></tr>\n' +
        `<tr><td><code>${leaked}</code></td><td>ci-deploy</td><td>personal</td><td>2026-10-22 10:00 UTC</td><td>Emulator User</td><td>2026-11-21 08:00 UTC</td><td>⚠ unexpected: 203.0.113.7</td></tr>\n` +
        `<tr><td><code>${mapped}</code></td><td>ci-migrate</td><td>personal</td><td>2026-10-22 10:00 UTC</td><td>Emulator User</td><td>2026-11-21 08:00 UTC</td><td>::ffff:10.1.2.3</td></tr>\n` +
        `<tr><td><code>${never}</code></td><td>ci-spare</td><td>personal</td><td>2026-11-21 10:00 UTC</td><td>Emulator User</td><td>—</td><td>—</td></tr>\n` +
        `<tr><td><code>${inside}</code></td><td>ci-build</td><td>personal</td><td>2026-10-22 10:00 UTC</td><td>Emulator User</td><td>2026-11-21 08:00 UTC</td><td>10.20.30.40</td></tr>\n` +
        '</table>\n',
    )
    expect(github.requests).toEqual([])
  })

  it('none outside: said in the log and the summary, and unexpected-use-key-ids is []', async () => {
    usedFrom('ci-build', '10.20.30.40')
    const result = await list({ expectedNetworks: { blocks: ['10.0.0.0/8', '127.0.0.1'] } })
    expect(log.warning).toEqual([])
    expect(result.outputs['unexpected-use-key-ids']).toBe('[]')
    expect(result.summary).toContain(
      '<p>Last used from an unexpected network, outside <code>expected-networks</code>: none.</p>',
    )
  })

  it('without expected-networks: no check, no output, no GitHub', async () => {
    usedFrom('ci-deploy', '203.0.113.7')
    const result = await list({})
    expect(log.warning).toEqual([])
    expect(result.outputs).not.toHaveProperty('unexpected-use-key-ids')
    expect(result.summary).not.toContain('unexpected')
  })

  it('fail-on-unexpected-use: the step fails naming each key (id, name, address, when), its outputs set first', async () => {
    const leaked = usedFrom('ci-deploy', '203.0.113.7')
    const odd = usedFrom('ci-nightly', 'unknown')
    const result = await list({
      keyNamePrefix: 'ci-',
      expectedNetworks: { blocks: ['10.0.0.0/8'] },
      failOnUnexpectedUse: true,
    })
    expect(log.warning).toEqual([])
    expect(ids(result.outputs['unexpected-use-key-ids'])).toEqual([leaked, odd])
    expect(result.outputs.keys).toBeDefined()
    expect(result.failure).toBe(
      `2 API key(s) were last used from an unexpected network, outside \`expected-networks\`: API key ${leaked} "ci-deploy", last used from "203.0.113.7" at 2026-11-21 08:00 UTC; ` +
        `API key ${odd} "ci-nightly", last used from "unknown" at 2026-11-21 08:00 UTC.`,
    )
    // The heading is the verdict; the failure, right below it, names the keys, so no other line counts them again.
    expect(result.summary).toMatch(
      /^<h3>API keys whose names start with &#34;ci-&#34;: 2 of 2 used from an unexpected network<\/h3>\n<table>/,
    )
    // This context's runner names no action repository (as with `uses: ./`): the page is named, not linked.
    expect(result.next).toEqual([
      'Each may have leaked. Revoke it by its id (revoke-key with `key-id`), and rotate what held it. ' +
        "Look for its other uses in the platform's audit log. ",
      'When the tripwire fires (',
      { code: 'docs/tripwire.md' },
      " in the action's repository)",
      '.',
    ])
  })

  it('past 10 keys, the log and the failure name the first 10 and count the rest', async () => {
    const leaked = Array.from({ length: 12 }, (_, i) => usedFrom(`ci-${i}`, `203.0.113.${i}`))
    const warned = await list({ keyNamePrefix: 'ci-', expectedNetworks: { blocks: ['10.0.0.0/8'] } })
    expect(log.warning).toHaveLength(11)
    expect(log.warning[10]).toBe('…and 2 more in `unexpected-use-key-ids`, and in the job summary.')
    expect(ids(warned.outputs['unexpected-use-key-ids'])).toEqual(leaked)
    const failed = await list({
      keyNamePrefix: 'ci-',
      expectedNetworks: { blocks: ['10.0.0.0/8'] },
      failOnUnexpectedUse: true,
    })
    expect(failed.failure).toMatch(
      /^12 API key\(s\) were last used .*203\.0\.113\.9" at [^;]*; and 2 more in `unexpected-use-key-ids`\.$/,
    )
  })

  it("github-actions: GitHub's meta API lists the runners' ranges, read without a token unless one is given", async () => {
    const runner = usedFrom('ci-deploy', '198.51.100.23')
    const mac = usedFrom('ci-ios', '198.18.7.9')
    const leaked = usedFrom('ci-leaked', '2001:db8:a12::1')
    const result = await list({
      keyNamePrefix: 'ci-',
      expectedNetworks: { blocks: ['10.0.0.0/8'], github: { apiUrl: github.url } },
    })
    expect(log.info[0]).toBe(
      "Expected networks: 1 address(es) and block(s) and 4 ranges of GitHub-hosted runners (GitHub's meta API).",
    )
    expect(ids(result.outputs['unexpected-use-key-ids'])).toEqual([leaked])
    expect(JSON.parse(result.outputs.keys!).map((k: { id: number }) => k.id)).toContain(runner)
    expect(JSON.parse(result.outputs.keys!).map((k: { id: number }) => k.id)).toContain(mac)
    await list({ expectedNetworks: { blocks: [], github: { apiUrl: github.url, token: github.token } } })
    expect(github.requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([
      ['GET', '/meta', undefined],
      ['GET', '/meta', `Bearer ${github.token}`],
    ])
  })

  it('github-actions where GitHub lists no runner ranges (GitHub Enterprise Server): fails saying what to do, before any key is listed', async () => {
    github.answerMeta('ghes')
    const failure = list({ expectedNetworks: { blocks: ['10.0.0.0/8'], github: { apiUrl: github.url } } })
    await expect(failure).rejects.toThrow(ActionError)
    await expect(failure).rejects.toThrow(
      "GitHub's meta API lists no ranges of GitHub-hosted runners (`actions`). This happens on GitHub Enterprise Server, whose runners are all self-hosted. " +
        'There, name their networks in `expected-networks` instead of `github-actions`.',
    )
    expect(platform.requests.filter((r) => r.path.includes('api_keys'))).toEqual([])
  })

  it('github-actions refused for the hourly limit of reads without a token: fails saying to set github-token; with one, it reads', async () => {
    github.answerMeta('rate-limited')
    const failure = list({ expectedNetworks: { blocks: [], github: { apiUrl: github.url } } })
    await expect(failure).rejects.toThrow(
      /^Could not read GitHub's runner ranges \(GET \/meta\): GitHub answered 403 Forbidden: "API rate limit exceeded for .*"\. Reads without a token share a limit of 60 an hour per address, .*Set `github-token` \(`\$\{\{ github.token \}\}` will do\)/,
    )
    // At once: a refusal for the limit is not tried again, and no key is listed.
    expect(github.requests).toHaveLength(1)
    expect(platform.requests.filter((r) => r.path.includes('api_keys'))).toEqual([])
    const result = await list({ expectedNetworks: { blocks: [], github: { apiUrl: github.url, token: github.token } } })
    expect(result.outputs['unexpected-use-key-ids']).toBeDefined()
  })
})

describe('list-keys with expected-networks: what the platform and GitHub send oddly', () => {
  let github: GitHubEmulator

  beforeEach(async () => {
    github = new GitHubEmulator({ now: clock.now })
    await github.start()
  })

  afterEach(() => github.stop())

  const list = (options: Partial<ListKeysSettings>) =>
    runListKeys(ctx, {
      keyNamePrefix: 'ci-',
      expectedNetworks: { blocks: ['10.0.0.0/8'] },
      failOnUnexpectedUse: false,
      failOnUnexpectedCreator: false,
      ...options,
    })
  /** The platform's key list with these keys' fields set to any JSON, as a broken or hostile server may send. */
  const rewriteKeys = (fields: Map<number, Record<string, unknown>>) =>
    platform.inject({
      path: '/api_keys',
      kind: 'transform',
      transform: (body) => (body as Array<{ id: number }>).map((k) => ({ ...k, ...fields.get(k.id) })),
    })

  it('some runner ranges it cannot read, or wider than any network: a warning counts them, and an address there is flagged', async () => {
    const runner = usedFrom('ci-deploy', '198.51.100.23')
    usedFrom('ci-migrate', '10.1.2.3')
    const leaked = usedFrom('ci-leaked', '203.0.113.7')
    const wide = usedFrom('ci-wide', '192.0.2.1')
    github.answerMeta('github', {
      actions: ['198.51.100.0/24', '2001:db8:a11::/48 ', { cidr: '203.0.113.0/24' }],
      actions_macos: [],
    })
    const meta = { apiUrl: github.url }
    const result = await list({ expectedNetworks: { blocks: ['10.0.0.0/8'], github: meta } })
    expect(log.warning[0]).toBe(
      "GitHub's meta API lists 2 range(s) of GitHub-hosted runners that are no address or CIDR block, " +
        'or a block wider than any network (the first: "2001:db8:a11::/48 "). They are left out. ' +
        'So a key last used from one of them counts as used from an unexpected network.',
    )
    expect(ids(result.outputs['unexpected-use-key-ids'])).toEqual([leaked, wide])

    log.warning.length = 0
    github.answerMeta('github', { actions: ['198.51.100.0/24', '0.0.0.0/0'], actions_macos: ['::/0'] })
    const widest = await list({ expectedNetworks: { blocks: ['10.0.0.0/8'], github: meta } })
    expect(log.warning[0]).toBe(
      "GitHub's meta API lists 2 range(s) of GitHub-hosted runners that are no address or CIDR block, " +
        'or a block wider than any network (the first: "0.0.0.0/0"). They are left out. ' +
        'So a key last used from one of them counts as used from an unexpected network.',
    )
    expect(ids(widest.outputs['unexpected-use-key-ids'])).toEqual([leaked, wide])
    expect(ids(widest.outputs['unexpected-use-key-ids'])).not.toContain(runner)
  })

  it('an address that is no string (["10.0.0.1"], {}, 7, true) beside a last use: flagged, and shown as its JSON text', async () => {
    const inside = usedFrom('ci-build', '10.1.2.3')
    const never = platform.addKey('ci-spare').id
    const odd = (
      [
        ['ci-array', ['10.0.0.1']],
        ['ci-object', {}],
        ['ci-number', 7],
        ['ci-true', true],
      ] as const
    ).map(([name, address]) => ({ id: usedFrom(name, '10.0.0.1'), name, text: JSON.stringify(address), address }))
    rewriteKeys(new Map(odd.map((o) => [o.id, { last_used_from_addr: o.address }])))
    const result = await list({ failOnUnexpectedUse: true })
    expect(ids(result.outputs['unexpected-use-key-ids'])).toEqual(odd.map((o) => o.id))
    for (const { id, name, text } of odd) {
      // As quoted() shows it: in double quotes, its own double quotes escaped.
      expect(result.failure).toContain(`API key ${id} "${name}", last used from "${text.replace(/"/g, '\\"')}" at `)
      expect(result.summary).toContain(`<td>⚠ unexpected: ${text.replace(/"/g, '&#34;')}</td>`)
    }
    expect(result.failure).not.toContain(`API key ${inside} `)
    expect(result.failure).not.toContain(`API key ${never} `)
  })

  it('an empty address, or none, beside a last use is flagged: the platform recorded a use but not where from', async () => {
    const empty = usedFrom('ci-empty', '')
    const none = usedFrom('ci-none', '10.0.0.9')
    const unreadableUse = usedFrom('ci-when', '')
    const never = platform.addKey('ci-spare').id
    rewriteKeys(
      new Map([
        [none, { last_used_from_addr: null }],
        [unreadableUse, { last_used_at: 'yesterday' }],
      ]),
    )
    const result = await list({})
    expect(result.failure).toBeUndefined()
    expect(ids(result.outputs['unexpected-use-key-ids'])).toEqual([empty, none, unreadableUse])
    expect(log.warning).toEqual([
      `API key ${empty} "ci-empty", last used from no address the platform recorded at 2026-11-21 08:00 UTC: outside \`expected-networks\`.`,
      `API key ${none} "ci-none", last used from no address the platform recorded at 2026-11-21 08:00 UTC: outside \`expected-networks\`.`,
      `API key ${unreadableUse} "ci-when", last used from no address the platform recorded at yesterday: outside \`expected-networks\`.`,
    ])
    expect(result.summary).toContain('<td>⚠ unexpected: no address recorded</td>')
    expect(ids(result.outputs['unexpected-use-key-ids'])).not.toContain(never)
  })

  it('a key whose name, created_at, last_used_at and address are 100 kB each: flagged, and every line, the failure and the summary short', async () => {
    const longestRun = (text: string, letter: string) =>
      Math.max(0, ...(text.match(new RegExp(`${letter}+`, 'g')) ?? []).map((r) => r.length))
    const odd = usedFrom('ci-odd', '203.0.113.7')
    const huge = {
      name: 'N'.repeat(100_000),
      created_at: 'Q'.repeat(100_000),
      last_used_at: 'U'.repeat(100_000),
      last_used_from_addr: 'W'.repeat(100_000),
    }
    platform.inject({ path: '/api_keys', kind: 'rewrite', set: huge, ids: [odd], times: 2 })
    for (const fail of [false, true]) {
      const result = await list({ keyNamePrefix: undefined, failOnUnexpectedUse: fail })
      expect(ids(result.outputs['unexpected-use-key-ids'])).toContain(odd)
      expect(result.failure === undefined).toBe(!fail)
      const lines = [...log.info, ...log.warning, ...log.debug, result.failure ?? '']
      for (const letter of ['N', 'Q', 'U', 'W']) {
        expect([
          letter,
          longestRun(lines.join('\n'), letter) <= 200,
          longestRun(result.summary, letter) <= 200,
        ]).toEqual([letter, true, true])
      }
      for (const line of lines) expect(line.length).toBeLessThan(2000)
      expect(result.summary.length).toBeLessThan(10_000)
    }
  })
})

describe('list-keys with expected-creators: keys made by someone who left the organization', () => {
  const DAY = 86_400_000
  let org: string
  let people: Record<'ann' | 'bob' | 'carol', string>

  beforeEach(() => {
    org = platform.defaultOrgId
    people = {
      ann: platform.addUser({ name: 'Ann Here', organizations: { [org]: 'editor' } }),
      bob: platform.addUser({ name: 'Bob Gone', organizations: { [org]: 'admin' } }),
      carol: platform.addUser({ name: 'Carol Off', organizations: { [org]: 'admin' } }),
    }
  })

  const list = (options: Partial<ListKeysSettings> = {}) =>
    runListKeys(ctx, {
      orgId: org,
      expectedCreators: 'members',
      failOnUnexpectedUse: false,
      failOnUnexpectedCreator: false,
      ...options,
    })
  const made = (name: string, by: string) =>
    platform.addOrgKey(org, name, { createdBy: by, createdAt: clock.now() - 40 * DAY }).id
  const ids = (json: string | undefined) => JSON.parse(json ?? 'null') as number[]
  /** The next list of the organization's keys gives `id` a creator in another form, or none. */
  const creatorOf = (id: number, createdBy: unknown) =>
    platform.inject({
      path: `/organizations/${org}/api_keys`,
      kind: 'transform',
      transform: (body) =>
        (body as Array<Record<string, unknown>>).map((key) => {
          if (key.id !== id) return key
          const { created_by: _, ...rest } = key
          return createdBy === undefined ? rest : { ...rest, created_by: createdBy }
        }),
    })

  it('warns of a key made by a member who left and one made by a deactivated account, names a creator it cannot read, and lists every creator', async () => {
    const kept = made('ci-ann', people.ann)
    const left = made('ci-bob', people.bob)
    const deactivated = made('ci-carol', people.carol)
    const unknown = made('ci-mystery', people.ann)
    const bare = made('ci-bare', people.bob)
    platform.setMembership(people.bob, org, undefined)
    platform.deactivateUser(people.carol)
    creatorOf(unknown, undefined)
    const result = await list()

    expect(log.info).toEqual([
      `Organization ${org}: from the \`org-id\` input.`,
      `Members of organization ${org}: 3, 1 of them with a deactivated account.`,
      `Found 5 API key(s) of organization ${org}.`,
    ])
    expect(log.warning).toEqual([
      `API key ${left} "ci-bob", created 2026-10-12 10:00 UTC, made by "Bob Gone", who left the organization: it stays valid until someone revokes it.`,
      `API key ${deactivated} "ci-carol", created 2026-10-12 10:00 UTC, made by "Carol Off", whose account is deactivated: it stays valid until someone revokes it.`,
      `API key ${bare} "ci-bare", created 2026-10-12 10:00 UTC, made by "Bob Gone", who left the organization: it stays valid until someone revokes it.`,
      `API key ${unknown} "ci-mystery": the platform's record names no creator the action can read (created_by). ` +
        'So the action cannot tell whether its maker is still a member. ' +
        'It does not flag the key as made by someone who left.',
    ])
    expect(result.failure).toBeUndefined()
    expect(ids(result.outputs['unexpected-creator-key-ids'])).toEqual([left, deactivated, bare])
    const keys = JSON.parse(result.outputs.keys!) as Array<{ id: number; created_by?: unknown }>
    expect(keys.map((k) => [k.id, k.created_by])).toEqual([
      [kept, { id: people.ann, name: 'Ann Here' }],
      [left, { id: people.bob, name: 'Bob Gone' }],
      [deactivated, { id: people.carol, name: 'Carol Off' }],
      [unknown, undefined],
      [bare, { id: people.bob, name: 'Bob Gone' }],
    ])
    expect(result.summary).toContain(
      '<p>Made by someone who left the organization (<code>expected-creators</code>): ⚠ 3 key(s), listed first: each stays valid until revoked.</p>',
    )
    // Only a warning, so the summary itself says what to do and links the offboarding check's page.
    expect(result.summary).toContain(
      'then revoke it by its id. When the offboarding check fires (<code>docs/offboarding.md</code> in the action&#39;s repository).</p>',
    )
    const rows = result.summary.split('\n').filter((line) => line.startsWith('<tr><td>'))
    expect(
      rows.map((line) => /<td><code>(\d+)<\/code><\/td>(?:<td>[^<]*<\/td>){3}<td>([^<]*)<\/td>/.exec(line)!.slice(1)),
    ).toEqual([
      [String(left), '⚠ left: Bob Gone'],
      [String(deactivated), '⚠ deactivated: Carol Off'],
      [String(bare), '⚠ left: Bob Gone'],
      [String(kept), 'Ann Here'],
      [String(unknown), 'unknown'],
    ])
  })

  it('a creator named by anything but a user id cannot be read: a bounded warning names it, and it is never flagged', async () => {
    const odd: Array<[string, unknown, string]> = [
      ['ci-name', { id: 'Bob Gone', name: 'Bob Gone' }, '"Bob Gone"'],
      ['ci-address', 'bob.gone@corp.example', `"${HIDDEN}"`],
      ['ci-long', { id: 'b'.repeat(100_000) }, `"${'b'.repeat(80)}…"`],
      ['ci-command', { id: '::error::forged' }, '":\u200b:error::forged"'],
      ['ci-space', { id: ` ${people.bob}`, name: 'Bob Gone' }, `" ${people.bob}"`],
      ['ci-nil', { id: '00000000-0000-0000-0000-000000000000' }, '"00000000-0000-0000-0000-000000000000"'],
    ]
    const keys = odd.map(([name]) => made(name, people.bob))
    platform.setMembership(people.bob, org, undefined)
    const creators = new Map(odd.map(([, createdBy], i) => [keys[i], createdBy]))
    platform.inject({
      path: `/organizations/${org}/api_keys`,
      kind: 'transform',
      transform: (body) =>
        (body as Array<{ id: number }>).map((k) => (creators.has(k.id) ? { ...k, created_by: creators.get(k.id) } : k)),
    })
    const result = await list()
    expect(ids(result.outputs['unexpected-creator-key-ids'])).toEqual([])
    expect(log.warning).toEqual(
      odd.map(
        ([name, , shown], i) =>
          `API key ${keys[i]} "${name}": the platform's record names no creator the action can read (created_by: ${shown}, not a user id). ` +
          'So the action cannot tell whether its maker is still a member. ' +
          'It does not flag the key as made by someone who left.',
      ),
    )
  })

  it("no e-mail address in a creator's id or name reaches the log, the outputs, the keys file or the summary", async () => {
    const left = made('ci-bob', people.bob)
    const odd = made('ci-odd', people.bob)
    const kept = made('ci-ann', people.ann)
    platform.setMembership(people.bob, org, undefined)
    const creators = new Map<number, unknown>([
      [left, { id: people.bob, name: 'bob.gone@corp.example' }],
      [odd, { id: 'bob.gone＠corp.example', name: 'Bob Gone' }],
      [kept, { id: people.ann, name: 'Ann Here (ann.here@corp.example)' }],
    ])
    platform.inject({
      path: `/organizations/${org}/api_keys`,
      kind: 'transform',
      transform: (body) =>
        (body as Array<{ id: number }>).map((k) => (creators.has(k.id) ? { ...k, created_by: creators.get(k.id) } : k)),
    })
    const result = await list({ failOnUnexpectedCreator: true })
    expect(ids(result.outputs['unexpected-creator-key-ids'])).toEqual([left])
    expect(result.failure).toContain(`made by "${HIDDEN}", who left the organization`)
    const keys = JSON.parse(result.outputs.keys!) as Array<{ id: number; created_by?: unknown }>
    expect(keys.map((k) => [k.id, k.created_by])).toEqual([
      [left, { id: people.bob, name: HIDDEN }],
      [odd, { id: HIDDEN, name: 'Bob Gone' }],
      [kept, { id: people.ann, name: HIDDEN }],
    ])
    const written = [
      ...log.info,
      ...log.warning,
      ...log.debug,
      result.failure,
      result.summary,
      JSON.stringify(result.outputs),
      readFileSync(result.outputs['keys-file']!, 'utf8'),
    ].join('\n')
    expect(written).not.toMatch(/corp\.example|[@＠]/)
  })

  it('reads a creator given as a bare id, as the answers to creating and revoking a key give it; shown by its id', async () => {
    const left = made('ci-bob', people.bob)
    platform.setMembership(people.bob, org, undefined)
    creatorOf(left, people.bob)
    const result = await list()
    expect(ids(result.outputs['unexpected-creator-key-ids'])).toEqual([left])
    expect(log.warning).toEqual([
      `API key ${left} "ci-bob", created 2026-10-12 10:00 UTC, made by "${people.bob}", who left the organization: it stays valid until someone revokes it.`,
    ])
    expect(JSON.parse(result.outputs.keys!)).toMatchObject([{ id: left, created_by: { id: people.bob } }])
  })

  it('fail-on-unexpected-creator: the step fails naming each key (id, name, created, creator), its outputs set first', async () => {
    const left = made('ci-bob', people.bob)
    made('ci-ann', people.ann)
    platform.setMembership(people.bob, org, undefined)
    const result = await list({ failOnUnexpectedCreator: true })
    expect(log.warning).toEqual([])
    expect(ids(result.outputs['unexpected-creator-key-ids'])).toEqual([left])
    expect(result.outputs.keys).toBeDefined()
    expect(result.failure).toBe(
      `1 API key(s) were made by someone who left the organization (\`expected-creators\`): API key ${left} "ci-bob", created 2026-10-12 10:00 UTC, made by "Bob Gone", who left the organization.`,
    )
    expect(result.summary).toMatch(
      new RegExp(`^<h3>API keys of organization ${org}: 1 of 2 made by someone who left</h3>\n<table>`),
    )
    expect(result.next).toEqual([
      'Each stays valid until someone revokes it. ' +
        'Find what uses it, move that to a key of a present member, then revoke it by its id. ',
      'When the offboarding check fires (',
      { code: 'docs/offboarding.md' },
      " in the action's repository)",
      '.',
    ])
  })

  it("both checks failing: what to do for each, linking each page of the action's docs at the version that ran", async () => {
    const left = made('ci-bob', people.bob)
    platform.setMembership(people.bob, org, undefined)
    platform.useKey(left, { from: '203.0.113.7' })
    const docs = actionDocs({ GITHUB_ACTION_REPOSITORY: 'octo-org/neon-api-action', GITHUB_ACTION_REF: 'v1' })
    const result = await runListKeys(
      { ...ctx, docs },
      {
        orgId: org,
        expectedCreators: 'members',
        expectedNetworks: { blocks: ['10.0.0.0/8'] },
        failOnUnexpectedUse: true,
        failOnUnexpectedCreator: true,
      },
    )
    expect(result.summary.split('\n')[0]).toBe(
      `<h3>API keys of organization ${org}: 1 of 1 used from an unexpected network, 1 of 1 made by someone who left</h3>`,
    )
    const page = 'https://github.com/octo-org/neon-api-action/blob/v1/docs/'
    expect(result.next).toEqual([
      expect.stringMatching(/^Each may have leaked\. /),
      { link: 'When the tripwire fires', href: `${page}tripwire.md#when-it-fires` },
      '.',
      ' ',
      expect.stringMatching(/^Each stays valid until someone revokes it\. /),
      { link: 'When the offboarding check fires', href: `${page}offboarding.md#when-it-fires` },
      '.',
    ])
  })

  it('keys of present members only: no warning, unexpected-creator-key-ids is [], and the summary says none', async () => {
    made('ci-ann', people.ann)
    const result = await list({ failOnUnexpectedCreator: true })
    expect([log.warning, result.failure, result.outputs['unexpected-creator-key-ids']]).toEqual([[], undefined, '[]'])
    expect(result.summary).toContain(
      '<p>Made by someone who left the organization (<code>expected-creators</code>): none.</p>',
    )
  })

  it('without expected-creators: no members read, no output, the creators still shown', async () => {
    made('ci-bob', people.bob)
    platform.setMembership(people.bob, org, undefined)
    const result = await list({ expectedCreators: undefined })
    expect(platform.requests.filter((r) => r.path.endsWith('/members'))).toEqual([])
    expect(result.outputs).not.toHaveProperty('unexpected-creator-key-ids')
    expect(result.summary).toContain('<td>Bob Gone</td>')
  })

  it('a key that may not read members (project-scoped) is told so, and which key to pass', async () => {
    const scoped = platform.addOrgKey(org, 'scoped', { projectId: platform.addProject().id })
    const client = run.clientWith({ apiKey: scoped.key })
    try {
      await expect(
        runListKeys(
          { ...ctx, client },
          { orgId: org, expectedCreators: 'members', failOnUnexpectedUse: false, failOnUnexpectedCreator: false },
        ),
      ).rejects.toThrow(
        new RegExp(
          `^Could not list the members of organization ${org}: the platform refused it \\(403 Forbidden\\): the step's key may not read the members of organization ${org}\\. A project-scoped key cannot, .* Pass an admin's personal key, or an organization key of .*, in \`api-key\`\\. The platform said: "project-scoped API keys cannot read the members of an organization"\\.`,
        ),
      )
    } finally {
      await client.close()
    }
  })

  it("a members' list that fails part way fails the step before any key is listed", async () => {
    made('ci-bob', people.bob)
    platform.onRequest((entry) => {
      if (entry.path.endsWith('/members') && entry.query.cursor !== undefined) {
        platform.inject({ path: entry.path, kind: 'status', status: 403 })
      }
    })
    await expect(list()).rejects.toThrow(
      `Could not list the members of organization ${org}: the platform refused it (403 Forbidden)`,
    )
    expect(platform.requests.filter((r) => r.path.endsWith('/members')).map((r) => r.status)).toEqual([200, 403])
    expect(platform.requests.filter((r) => r.path.endsWith('/api_keys'))).toEqual([])
  })
})
