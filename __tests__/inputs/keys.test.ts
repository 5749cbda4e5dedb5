// src/inputs/keys.ts: create-key's `expires-in`, prune-keys' selectors, scope and cap, the tripwire, and the check of
// who made the keys.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import { parseDuration } from '../../src/inputs/values.ts'
import { errorOf, settings } from '../support/settings.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

describe('expiry and prune-keys inputs', () => {
  it('reads durations as a whole number and one unit', () => {
    expect(parseDuration('90m')).toBe(90 * 60_000)
    expect(parseDuration('2h')).toBe(2 * HOUR)
    expect(parseDuration('7d')).toBe(7 * DAY)
    expect(parseDuration('2w')).toBe(14 * DAY)
    for (const text of ['', '2', 'h', '2H', '1.5h', '2 h', '-2h', '2h30m', '2hours', ' 2h', '2y', '99999999d']) {
      expect([text, parseDuration(text)]).toEqual([text, undefined])
    }
  })

  it('create-key: expires-in, and 6h for a job key unless it says otherwise', () => {
    expect(settings({ command: 'create-key', 'key-name': 'ci', 'expires-in': '7d' })).toMatchObject({
      expiresInMs: 7 * DAY,
    })
    expect(settings({ command: 'create-key', 'key-name': 'ci', 'revoke-after-job': 'true' })).toMatchObject({
      expiresInMs: 6 * HOUR,
    })
    expect(
      settings({ command: 'create-key', 'key-name': 'ci', 'revoke-after-job': 'true', 'expires-in': '30m' }),
    ).toMatchObject({
      expiresInMs: 30 * 60_000,
    })
    expect(settings({ command: 'create-key', 'key-name': 'ci' })).not.toHaveProperty('expiresInMs')
  })

  it('create-key: the name and its expiry fit in 64 characters, counted as characters', () => {
    expect(settings({ command: 'create-key', 'key-name': 'é'.repeat(45), 'expires-in': '1h' })).toMatchObject({
      keyName: 'é'.repeat(45),
    })
    expect(errorOf({ command: 'create-key', 'key-name': 'é'.repeat(46), 'expires-in': '1h' })).toBe(
      'Input `key-name` is 46 characters long, but it may be at most 45. With `expires-in`, create-key ends the name ' +
        'with the expiry (`~exp-` and the UTC time to the minute, 19 characters). The platform takes at most 64 characters.',
    )
    expect(errorOf({ command: 'create-key', 'key-name': 'x'.repeat(50), 'revoke-after-job': 'true' })).toMatch(
      /^Input `key-name` is 50 characters long, but it may be at most 45\. A `revoke-after-job` key expires after 6h unless `expires-in` says otherwise, and create-key ends the name .* at most 64 characters\.$/,
    )
    // Without an expiry the name keeps all 64.
    expect(settings({ command: 'create-key', 'key-name': 'x'.repeat(64) })).toMatchObject({ keyName: 'x'.repeat(64) })
  })

  it('prune-keys: a dry run by default, also when the input came out empty; 50 at most', () => {
    expect(settings({ command: 'prune-keys' })).toEqual({
      command: 'prune-keys',
      apiKey: 'napi_secret',
      apiHost: 'https://console.neon.tech/api/v2',
      timeoutMs: 600_000,
      orgId: undefined,
      dryRun: true,
      maxRevoke: 50,
    })
    expect(settings({ command: 'prune-keys', 'dry-run': ' ' })).toMatchObject({ dryRun: true })
    expect(settings({ command: 'prune-keys', 'dry-run': 'TRUE' })).toMatchObject({ dryRun: true })
    expect(settings({ command: 'prune-keys', 'dry-run': 'false' })).toMatchObject({ dryRun: false })
  })

  it('prune-keys: selectors, scope and cap', () => {
    const org = 'org-quiet-river-12345678'
    expect(
      settings({
        command: 'prune-keys',
        'org-id': org,
        'key-name': 'job-',
        'unused-for': '30d',
        'max-revoke': '10000',
        'dry-run': 'False',
      }),
    ).toMatchObject({ orgId: org, keyNamePrefix: 'job-', unusedForMs: 30 * DAY, maxRevoke: 10_000, dryRun: false })
    expect(settings({ command: 'prune-keys', 'unused-for': '1h', 'max-revoke': '1' })).toMatchObject({
      unusedForMs: HOUR,
      maxRevoke: 1,
    })
  })

  it.each([
    [
      { command: 'create-key', 'key-name': 'ci', 'expires-in': '2' },
      /^Input `expires-in` is "2": it must be a whole number and a unit, m \(minutes\), h \(hours\), d \(days\) or w \(weeks\), from 1m to 365d, e\.g\. 2h or 7d\.$/,
    ],
    [{ command: 'create-key', 'key-name': 'ci', 'expires-in': '0m' }, /`expires-in` is "0m"/],
    [{ command: 'create-key', 'key-name': 'ci', 'expires-in': '366d' }, /`expires-in` is "366d"/],
    [{ command: 'create-key', 'key-name': 'ci', 'expires-in': '53w' }, /`expires-in` is "53w"/],
    [
      { command: 'rotate-key', 'key-name': 'ci', 'expires-in': '7d' },
      /`expires-in` was given to rotate-key, which does not take it/,
    ],
    [
      { command: 'prune-keys', 'expires-in': '7d' },
      /`expires-in` was given to prune-keys, which does not take it.*set `unused-for`/,
    ],
    [{ command: 'prune-keys', 'project-id': 'p-1' }, /`project-id` was given to prune-keys, which does not take it/],
    [{ command: 'prune-keys', 'unused-for': '30' }, /`unused-for` is "30": .* from 1h to 3650d/],
    [{ command: 'prune-keys', 'unused-for': '59m' }, /`unused-for` is "59m"/],
    [{ command: 'prune-keys', 'unused-for': '3651d' }, /`unused-for` is "3651d"/],
    [{ command: 'prune-keys', 'dry-run': 'no' }, /`dry-run` is "no": it must be true or false/],
    [{ command: 'prune-keys', 'dry-run': 'maybe' }, /`dry-run` is "maybe"/],
    [
      { command: 'prune-keys', 'max-revoke': '0' },
      /^Input `max-revoke` is "0": it must be a whole number from 1 to 10000 \(default 50\)\. To revoke nothing, leave `dry-run` true\.$/,
    ],
    [{ command: 'prune-keys', 'max-revoke': '10001' }, /`max-revoke` is "10001"/],
    [{ command: 'prune-keys', 'max-revoke': '-5' }, /`max-revoke` is "-5"/],
    [{ command: 'prune-keys', 'max-revoke': '5.0' }, /`max-revoke` is "5.0"/],
    [{ command: 'prune-keys', 'max-revoke': '1e3' }, /`max-revoke` is "1e3"/],
    [{ command: 'prune-keys', 'key-name': 'k'.repeat(65) }, /`key-name` is 65 characters long/],
    [{ command: 'prune-keys', 'org-id': 'Org_1' }, /`org-id` is "Org_1"/],
  ])('refuses %j', (inputs, expected) => {
    expect(errorOf(inputs as Record<string, string>)).toMatch(expected)
  })
})

describe('the tripwire: expected-networks, fail-on-unexpected-use, key-name on list-keys, github-token', () => {
  const networksOf = (...args: Parameters<typeof settings>) =>
    (settings(...args) as { expectedNetworks?: unknown }).expectedNetworks

  it('list-keys: no check by default; key-name a prefix there too', () => {
    expect(settings({ command: 'list-keys' })).toEqual({
      command: 'list-keys',
      apiKey: 'napi_secret',
      apiHost: 'https://console.neon.tech/api/v2',
      timeoutMs: 600_000,
      orgId: undefined,
      failOnUnexpectedUse: false,
      failOnUnexpectedCreator: false,
    })
    expect(settings({ command: 'list-keys', 'key-name': 'ci-' })).toMatchObject({ keyNamePrefix: 'ci-' })
  })

  it('reads addresses and CIDR blocks separated by commas, spaces or new lines; GitHub is read only for github-actions', () => {
    const networks = '10.0.0.0/8, 203.0.113.7\n2001:db8::/32,,::ffff:192.0.2.0/120'
    const blocks = ['10.0.0.0/8', '203.0.113.7', '2001:db8::/32', '::ffff:192.0.2.0/120']
    for (const command of ['list-keys', 'prune-keys']) {
      expect(settings({ command, 'expected-networks': networks })).toMatchObject({ expectedNetworks: { blocks } })
      expect(networksOf({ command, 'expected-networks': networks })).not.toHaveProperty('github')
    }
    expect(
      settings({ command: 'list-keys', 'expected-networks': ' 10.0.0.0/8 ', 'fail-on-unexpected-use': 'true' }),
    ).toMatchObject({
      expectedNetworks: { blocks: ['10.0.0.0/8'] },
      failOnUnexpectedUse: true,
    })
  })

  it("github-actions: GitHub's API from GITHUB_API_URL (api.github.com when unset), with github-token when given", () => {
    expect(networksOf({ command: 'list-keys', 'expected-networks': 'github-actions' })).toEqual({
      blocks: [],
      github: {},
    })
    const ghes = { repository: 'octo-org/deploys', apiUrl: 'https://ghe.example.com/api/v3/' }
    const masked: string[] = []
    expect(
      networksOf(
        { command: 'prune-keys', 'expected-networks': 'github-actions 10.0.0.0/8', 'github-token': 'ghs_abc' },
        { runner: ghes, masked },
      ),
    ).toEqual({ blocks: ['10.0.0.0/8'], github: { apiUrl: 'https://ghe.example.com/api/v3', token: 'ghs_abc' } })
    expect(masked).toContain('ghs_abc')
  })

  it.each([
    ['10.0.0.0/33', 'an IPv4 block has a prefix length from 0 to 32'],
    ['10.0.0.300', 'an IPv4 address is four numbers from 0 to 255'],
    ['2001:db8::/129', 'an IPv6 block has a prefix length from 0 to 128'],
    ['office.example.com', 'it is no IP address, CIDR block or the word github-actions (host names are not resolved)'],
    ['github', 'it is no IP address, CIDR block or the word github-actions (host names are not resolved)'],
  ])('refuses %j in expected-networks, naming it, before any request', (entry, why) => {
    for (const command of ['list-keys', 'prune-keys']) {
      expect(errorOf({ command, 'expected-networks': `10.0.0.0/8, ${entry}` })).toBe(
        `Input \`expected-networks\` holds "${entry}", which is not a network: ${why}.`,
      )
    }
  })

  it('refuses a tripwire that could never fire, a token that cannot be sent, a GITHUB_API_URL that is not https', () => {
    expect(errorOf({ command: 'list-keys', 'fail-on-unexpected-use': 'true' })).toBe(
      "Input `fail-on-unexpected-use` is true, but `expected-networks` is empty: name the networks the keys are expected to be used from (e.g. github-actions and an office's CIDR block).",
    )
    // Separators alone name no network, as empty does.
    expect(networksOf({ command: 'list-keys', 'expected-networks': ', ,' })).toBeUndefined()
    expect(errorOf({ command: 'list-keys', 'expected-networks': ' ,\n', 'fail-on-unexpected-use': 'true' })).toMatch(
      /is empty/,
    )
    expect(
      errorOf({ command: 'list-keys', 'fail-on-unexpected-use': 'yes', 'expected-networks': '10.0.0.0/8' }),
    ).toMatch(/^Input `fail-on-unexpected-use` is "yes": it must be true or false\.$/)
    expect(errorOf({ command: 'list-keys', 'expected-networks': 'github-actions', 'github-token': 'two words' })).toBe(
      'Input `github-token` must be a single token of printable ASCII characters, without spaces or line breaks.',
    )
    expect(
      errorOf(
        { command: 'list-keys', 'expected-networks': 'github-actions' },
        { repository: 'o/r', apiUrl: 'http://ghe.example.com/api/v3' },
      ),
    ).toMatch(/^GITHUB_API_URL uses plain http to ghe\.example\.com/)
  })
})

describe('who made the keys: expected-creators and fail-on-unexpected-creator on list-keys and prune-keys', () => {
  it('members, with org-id; nothing when empty', () => {
    for (const command of ['list-keys', 'prune-keys']) {
      expect(settings({ command, 'org-id': 'org-1', 'expected-creators': ' members ' })).toMatchObject({
        expectedCreators: 'members',
      })
      expect(settings({ command, 'org-id': 'org-1', 'expected-creators': ' ' })).not.toHaveProperty('expectedCreators')
    }
    expect(
      settings({
        command: 'list-keys',
        'org-id': 'org-1',
        'expected-creators': 'members',
        'fail-on-unexpected-creator': 'true',
      }),
    ).toMatchObject({ expectedCreators: 'members', failOnUnexpectedCreator: true })
  })

  it('refuses any other value, the check without org-id, and a failure that could never come', () => {
    for (const command of ['list-keys', 'prune-keys']) {
      for (const value of ['Members', 'users', 'members, admins', 'true']) {
        expect(errorOf({ command, 'org-id': 'org-1', 'expected-creators': value })).toBe(
          `Input \`expected-creators\` is "${value}": it takes \`members\` (the keys are expected to be made by present members of the organization), or nothing for no check.`,
        )
      }
      expect(errorOf({ command, 'expected-creators': 'members' })).toBe(
        'Input `expected-creators` is set, but `org-id` is empty: it checks the keys of an organization against its members. ' +
          'Set `org-id`. (A personal key needs no check: it stops reaching an organization when its user leaves it.)',
      )
    }
    expect(errorOf({ command: 'list-keys', 'org-id': 'org-1', 'fail-on-unexpected-creator': 'true' })).toBe(
      'Input `fail-on-unexpected-creator` is true, but `expected-creators` is empty: set it to `members` (with `org-id`) to check who made the keys.',
    )
    expect(
      errorOf({
        command: 'list-keys',
        'org-id': 'org-1',
        'expected-creators': 'members',
        'fail-on-unexpected-creator': 'yes',
      }),
    ).toBe('Input `fail-on-unexpected-creator` is "yes": it must be true or false.')
  })

  it('refuses them where they show a mistake: revoke-key revokes whoever made the key, prune-keys never fails on what it selects', () => {
    expect(errorOf({ command: 'revoke-key', 'key-name': 'ci', 'expected-creators': 'members' })).toBe(
      'Input `expected-creators` was given to revoke-key, which does not take it: revoke-key revokes every key it names, whoever made it. ' +
        'To revoke the keys made by someone who left the organization, use prune-keys.',
    )
    expect(
      errorOf({
        command: 'prune-keys',
        'org-id': 'org-1',
        'expected-creators': 'members',
        'fail-on-unexpected-creator': 'true',
      }),
    ).toBe(
      'Input `fail-on-unexpected-creator` was given to prune-keys, which does not take it: prune-keys never fails on the keys it selects: ' +
        'it lists them, and with `dry-run: false` revokes them. To fail a step on keys made by someone who left, use list-keys with `expected-creators`.',
    )
    // Its default, which the runner passes to every step, says nothing.
    expect(settings({ command: 'prune-keys', 'fail-on-unexpected-creator': 'false' })).not.toHaveProperty(
      'failOnUnexpectedCreator',
    )
  })
})
