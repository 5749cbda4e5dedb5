import { describe, expect, it } from '@jest/globals'
import { InputError } from '../src/base/errors.ts'
import { MAX_OPERATION_IDS, parseOperationIds } from '../src/inputs/operations.ts'
import { isLoopback, readApiHost } from '../src/inputs/urls.ts'
import { parseDuration, type InputReader } from '../src/inputs/values.ts'
import { readSettings } from '../src/settings.ts'

const OP1 = '0b6f5a3e-1f2d-4c1a-9e3b-5d6c7e8f9a01'
const OP2 = '1c7a6b4f-2e3d-4d2b-8f4c-6e7d8f9a0b12'

function reader(inputs: Record<string, string>): InputReader {
  return (name) => inputs[name] ?? ''
}

function settings(inputs: Record<string, string>, masked: string[] = []) {
  return readSettings(reader({ 'api-key': 'napi_secret', ...inputs }), (s) => masked.push(s), { repository: 'octo-org/deploys' })
}

function errorOf(inputs: Record<string, string>): string {
  try {
    settings(inputs)
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    return (error as Error).message
  }
  throw new Error('expected an InputError')
}

describe('readSettings', () => {
  it('masks the API key and the GitHub token before reading anything else', () => {
    const order: string[] = []
    const read: InputReader = (name) => {
      order.push(name)
      return { command: 'bogus', 'api-key': 'k1', 'github-token': 'ghp_x' }[name] ?? ''
    }
    const masked: string[] = []
    expect(() =>
      readSettings(read, (s) => {
        masked.push(s)
        order.push(`mask:${s}`)
      }),
    ).toThrow(InputError)
    expect(masked).toEqual(['k1', 'ghp_x'])
    expect(order.slice(0, 4)).toEqual(['api-key', 'mask:k1', 'github-token', 'mask:ghp_x'])
  })

  it('applies the defaults of action.yml', () => {
    const s = settings({ command: 'list-projects' })
    expect(s).toEqual({ command: 'list-projects', apiKey: 'napi_secret', apiHost: 'https://console.neon.tech/api/v2', timeoutMs: 600_000 })
  })

  it.each([
    [{}, /`command` is required: one of create-key, revoke-key, list-keys, list-projects, wait-for-operations, rotate-key, prune-keys/],
    [{ command: 'delete-everything' }, /`command` is "delete-everything": it must be one of create-key/],
    [{ command: 'create-key' }, /create-key needs `key-name`/],
    [{ command: 'create-key', 'key-name': 'x'.repeat(65) }, /`key-name` is 65 characters long: it must be 1 to 64/],
    [{ command: 'revoke-key' }, /revoke-key needs `key-id`.*or `key-name`/],
    [{ command: 'revoke-key', 'key-id': '12', 'key-name': 'ci' }, /`key-id` and `key-name` were both given/],
    [{ command: 'revoke-key', 'key-id': '0' }, /`key-id` is "0": it must be a positive integer/],
    [{ command: 'revoke-key', 'key-id': '1.5' }, /`key-id` is "1.5"/],
    [{ command: 'revoke-key', 'key-id': '99999999999999999999' }, /`key-id` is "99999999999999999999"/],
    [{ command: 'list-keys', timeout: '-1' }, /`timeout` is "-1": it must be a positive number of seconds, at most 432000/],
    [{ command: 'list-keys', timeout: '9999999' }, /`timeout` is "9999999"/],
    [{ command: 'list-keys', 'api-key': 'napi_abc€x' }, /`api-key` must be a single token of printable ASCII characters/],
    [{ command: 'list-keys', 'api-key': 'napi abc' }, /`api-key` must be a single token/],
    [{ command: 'list-keys', timeout: '0' }, /`timeout` is "0"/],
    [{ command: 'list-keys', timeout: '10m' }, /`timeout` is "10m"/],
    [{ command: 'wait-for-operations' }, /wait-for-operations needs `project-id`/],
    [{ command: 'wait-for-operations', 'project-id': 'Bad_Project' }, /`project-id` is "Bad_Project": it must be 1 to 60 lower-case/],
    [
      { command: 'wait-for-operations', 'project-id': 'p-1', 'operation-ids': 'pending', 'poll-interval': '0.5' },
      /`poll-interval` is "0.5": it must be a number of seconds from 1 to 3600/,
    ],
    [
      { command: 'wait-for-operations', 'project-id': 'p-1', 'operation-ids': 'pending', 'poll-interval': '7200' },
      /`poll-interval` is "7200"/,
    ],
    [
      { command: 'wait-for-operations', 'project-id': 'p-1', 'operation-ids': 'abc' },
      /`operation-ids` holds "abc", which is not an operation id/,
    ],
    [{ command: 'create-key', 'key-name': 'ci', 'revoke-after-job': 'yes' }, /`revoke-after-job` is "yes": it must be true or false/],
    [{ command: 'rotate-key', 'key-name': 'ci', 'secret-name': 'NEON_API_KEY' }, /`secret-name` needs `github-token`/],
    [{ command: 'rotate-key', 'key-name': 'ci', 'secret-environment': 'prod' }, /`secret-environment` was given without `secret-name`/],
    // A `secret-name` whose expression came out empty: the token says a secret was meant to be written.
    [{ command: 'rotate-key', 'key-name': 'ci', 'github-token': 'ghs_t' }, /^Input `github-token` was given without `secret-name`/],
    [{ command: 'rotate-key', 'key-name': 'ci', 'secret-name': 'GITHUB_KEY', 'github-token': 't' }, /`secret-name` is "GITHUB_KEY"/],
    [{ command: 'rotate-key', 'key-name': 'ci', 'secret-name': '1KEY', 'github-token': 't' }, /`secret-name` is "1KEY"/],
  ])('refuses %j with a message naming the input', (inputs, expected) => {
    expect(errorOf(inputs as Record<string, string>)).toMatch(expected)
  })

  it('requires the API key', () => {
    expect(() => readSettings(reader({ command: 'list-keys' }), () => {})).toThrow(/`api-key` is required/)
  })

  it('builds typed settings for each command', () => {
    expect(settings({ command: 'create-key', 'key-name': 'ci', 'revoke-after-job': 'true' })).toMatchObject({
      command: 'create-key',
      keyName: 'ci',
      revokeAfterJob: true,
    })
    expect(settings({ command: 'revoke-key', 'key-id': '42' })).toMatchObject({ keyId: 42, keyName: undefined })
    expect(settings({ command: 'revoke-key', 'key-name': 'ci' })).toMatchObject({ keyId: undefined, keyName: 'ci' })
    expect(
      settings({ command: 'wait-for-operations', 'project-id': 'p-1', 'operation-ids': 'pending', 'poll-interval': '2', timeout: '30' }),
    ).toMatchObject({
      projectId: 'p-1',
      operations: { kind: 'pending', branchId: undefined },
      pollIntervalMs: 2000,
      timeoutMs: 30_000,
    })
    expect(
      settings({
        command: 'rotate-key',
        'key-name': 'ci',
        'key-id': '7',
        'secret-name': 'NEON_API_KEY',
        'secret-environment': 'prod',
        'github-token': 'ghp',
      }),
    ).toMatchObject({
      keyId: 7,
      keepPrevious: 1,
      secrets: {
        name: 'NEON_API_KEY',
        token: 'ghp',
        targets: [{ kind: 'environment', owner: 'octo-org', repo: 'deploys', environment: 'prod' }],
      },
    })
  })

  it('reads org-id, project-id and search where they are used', () => {
    const org = 'org-quiet-river-12345678'
    expect(settings({ command: 'create-key', 'key-name': 'job', 'project-id': 'p-1' })).toMatchObject({
      projectId: 'p-1',
      orgId: undefined,
    })
    expect(settings({ command: 'create-key', 'key-name': 'job', 'org-id': org })).toMatchObject({ orgId: org, projectId: undefined })
    expect(settings({ command: 'rotate-key', 'key-name': 'ci', 'org-id': org, 'project-id': 'p-1' })).toMatchObject({
      orgId: org,
      projectId: 'p-1',
    })
    expect(settings({ command: 'revoke-key', 'key-id': '7', 'org-id': org })).toMatchObject({ keyId: 7, orgId: org })
    expect(settings({ command: 'list-keys', 'org-id': org })).toMatchObject({ orgId: org })
    expect(settings({ command: 'list-projects', 'org-id': org, search: ' api ' })).toMatchObject({ orgId: org, search: 'api' })
    // wait-for-operations has no use for an organization: it is ignored, not refused.
    expect(
      settings({ command: 'wait-for-operations', 'project-id': 'p-1', 'operation-ids': '[]', 'org-id': 'Whatever' }),
    ).not.toHaveProperty('orgId')
  })

  it.each([
    [{ command: 'list-projects', 'org-id': 'Org_1' }, /`org-id` is "Org_1": it must be an organization id/],
    [{ command: 'list-keys', 'org-id': 'o'.repeat(61) }, /`org-id` is "o+": it must be an organization id/],
    [{ command: 'create-key', 'key-name': 'job', 'project-id': 'P 1' }, /`project-id` is "P 1"/],
    [{ command: 'revoke-key', 'key-name': 'job', 'project-id': 'p-1' }, /`project-id` was given to revoke-key, which does not take it/],
    [{ command: 'list-projects', search: 's'.repeat(257) }, /`search` is 257 characters long: it must be 1 to 256/],
    [{ command: 'list-projects', search: 'a\u0007b' }, /`search` must be one line without control characters/],
  ])('refuses %j', (inputs, expected) => {
    expect(errorOf(inputs as Record<string, string>)).toMatch(expected)
  })

  it('accepts a key name of exactly 64 characters, counted as characters', () => {
    expect(settings({ command: 'create-key', 'key-name': 'é'.repeat(64) })).toMatchObject({ keyName: 'é'.repeat(64) })
  })
})

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
    expect(settings({ command: 'create-key', 'key-name': 'ci', 'expires-in': '7d' })).toMatchObject({ expiresInMs: 7 * DAY })
    expect(settings({ command: 'create-key', 'key-name': 'ci', 'revoke-after-job': 'true' })).toMatchObject({ expiresInMs: 6 * HOUR })
    expect(settings({ command: 'create-key', 'key-name': 'ci', 'revoke-after-job': 'true', 'expires-in': '30m' })).toMatchObject({
      expiresInMs: 30 * 60_000,
    })
    expect(settings({ command: 'create-key', 'key-name': 'ci' })).not.toHaveProperty('expiresInMs')
  })

  it('create-key: the name and its expiry fit in 64 characters, counted as characters', () => {
    expect(settings({ command: 'create-key', 'key-name': 'é'.repeat(45), 'expires-in': '1h' })).toMatchObject({ keyName: 'é'.repeat(45) })
    expect(errorOf({ command: 'create-key', 'key-name': 'é'.repeat(46), 'expires-in': '1h' })).toBe(
      'Input `key-name` is 46 characters long: with `expires-in`, create-key ends the name with the expiry ' +
        "(`~exp-` and the UTC time to the minute, 19 characters) within the platform's 64, so the name may be at most 45 characters.",
    )
    expect(errorOf({ command: 'create-key', 'key-name': 'x'.repeat(50), 'revoke-after-job': 'true' })).toMatch(
      /^Input `key-name` is 50 characters long: a `revoke-after-job` key expires after 6h unless `expires-in` says otherwise, and create-key ends the name .* at most 45 characters\.$/,
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
    expect(settings({ command: 'prune-keys', 'unused-for': '1h', 'max-revoke': '1' })).toMatchObject({ unusedForMs: HOUR, maxRevoke: 1 })
  })

  it.each([
    [
      { command: 'create-key', 'key-name': 'ci', 'expires-in': '2' },
      /^Input `expires-in` is "2": it must be a whole number and a unit, m \(minutes\), h \(hours\), d \(days\) or w \(weeks\), from 1m to 365d, e\.g\. 2h or 7d\.$/,
    ],
    [{ command: 'create-key', 'key-name': 'ci', 'expires-in': '0m' }, /`expires-in` is "0m"/],
    [{ command: 'create-key', 'key-name': 'ci', 'expires-in': '366d' }, /`expires-in` is "366d"/],
    [{ command: 'create-key', 'key-name': 'ci', 'expires-in': '53w' }, /`expires-in` is "53w"/],
    [{ command: 'rotate-key', 'key-name': 'ci', 'expires-in': '7d' }, /`expires-in` was given to rotate-key, which does not take it/],
    [{ command: 'prune-keys', 'expires-in': '7d' }, /`expires-in` was given to prune-keys, which does not take it.*set `unused-for`/],
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

describe('api-host', () => {
  it.each([
    ['https://console.neon.tech/api/v2/', 'https://console.neon.tech/api/v2'],
    ['http://127.0.0.1:8080/api/v2', 'http://127.0.0.1:8080/api/v2'],
    ['http://127.3.2.1/api/v2', 'http://127.3.2.1/api/v2'],
    ['http://localhost:1234/api/v2', 'http://localhost:1234/api/v2'],
    ['http://[::1]:1234/api/v2', 'http://[::1]:1234/api/v2'],
  ])('accepts %s', (raw, expected) => {
    expect(readApiHost(raw)).toBe(expected)
  })

  it.each([
    ['http://console.neon.tech/api/v2', /plain http to console.neon.tech/],
    ['http://10.0.0.1/api/v2', /plain http to 10.0.0.1/],
    ['http://127.0.0.1.evil.example/api/v2', /plain http/],
    ['ftp://example.com', /must be an https URL, not ftp/],
    ['not a url', /not a URL/],
    ['https://user:pw@console.neon.tech/api/v2', /must not carry credentials/],
    ['https://console.neon.tech/api/v2?x=1', /must not have a query/],
  ])('refuses %s', (raw, expected) => {
    expect(() => readApiHost(raw)).toThrow(expected)
  })

  it('knows loopback hosts', () => {
    expect(isLoopback('127.0.0.1')).toBe(true)
    expect(isLoopback('[::1]')).toBe(true)
    expect(isLoopback('LOCALHOST')).toBe(true)
    expect(isLoopback('128.0.0.1')).toBe(false)
    expect(isLoopback('127.0.0.256')).toBe(false)
  })
})

describe('operation-ids', () => {
  it('reads ids separated by commas, spaces and new lines, without duplicates', () => {
    expect(parseOperationIds(`${OP1}, ${OP2}\n${OP1.toUpperCase()}`)).toEqual([OP1, OP2])
  })

  it('reads a JSON array of ids', () => {
    expect(parseOperationIds(JSON.stringify([OP1, OP2]))).toEqual([OP1, OP2])
  })

  it('reads a JSON array of operation records, as a mutating response carries them', () => {
    const records = [
      { id: OP1, project_id: 'p', branch_id: 'br-1', action: 'create_branch', status: 'running', failures_count: 0 },
      {
        id: OP2,
        project_id: 'p',
        branch_id: 'br-1',
        endpoint_id: 'ep-1',
        action: 'start_compute',
        status: 'scheduling',
        failures_count: 0,
      },
    ]
    expect(parseOperationIds(JSON.stringify(records))).toEqual([OP1, OP2])
  })

  it('reads an explicit empty array as nothing to wait for', () => {
    expect(parseOperationIds('[]')).toEqual([])
  })

  it(`holds at most ${MAX_OPERATION_IDS} different ids`, () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)
    expect(parseOperationIds(ids(MAX_OPERATION_IDS).join(','))).toHaveLength(MAX_OPERATION_IDS)
    expect(parseOperationIds([...ids(MAX_OPERATION_IDS), ...ids(5)].join(','))).toHaveLength(MAX_OPERATION_IDS)
    expect(() => parseOperationIds(JSON.stringify(ids(3400)))).toThrow(
      'Input `operation-ids` holds 3400 different ids: one step waits for at most 1000. Split them over several steps, or use `operation-ids: pending`',
    )
  })

  it.each([
    ['[not json', /not valid JSON/],
    ['[1]', /item 1 of the JSON array is neither an id nor an operation record/],
    [`["${OP1}", {"name": "x"}]`, /item 2 of the JSON array/],
    [`${OP1},nope`, /holds "nope"/],
  ])('refuses %s', (raw, expected) => {
    expect(() => parseOperationIds(raw)).toThrow(expected)
  })
})

describe('every pattern is anchored at both ends', () => {
  it('counts key-name length in characters, not UTF-16 units', () => {
    // Each emoji is two UTF-16 units: 64 of them are 64 characters.
    expect(settings({ command: 'create-key', 'key-name': '😀'.repeat(64) })).toMatchObject({ keyName: '😀'.repeat(64) })
    expect(errorOf({ command: 'create-key', 'key-name': '😀'.repeat(65) })).toMatch(/65 characters long/)
  })

  it('refuses a project id with anything after the allowed characters', () => {
    expect(errorOf({ command: 'wait-for-operations', 'project-id': 'my-project!' })).toMatch(/`project-id` is "my-project!"/)
    expect(errorOf({ command: 'wait-for-operations', 'project-id': 'Upper' })).toMatch(/`project-id`/)
    expect(errorOf({ command: 'wait-for-operations', 'project-id': 'x'.repeat(61) })).toMatch(/`project-id`/)
  })

  it('refuses an operation id with anything before or after the UUID', () => {
    expect(() => parseOperationIds(`${OP1}x`)).toThrow(InputError)
    expect(() => parseOperationIds(`x${OP1}`)).toThrow(InputError)
  })

  it('refuses a secret name with anything after the allowed characters', () => {
    const rotate = { command: 'rotate-key', 'key-name': 'ci', 'github-token': 'ghp' }
    expect(errorOf({ ...rotate, 'secret-name': 'NEON_KEY-1' })).toMatch(/`secret-name` is "NEON_KEY-1"/)
    expect(errorOf({ ...rotate, 'secret-name': '1NEON' })).toMatch(/`secret-name`/)
    expect(errorOf({ ...rotate, 'secret-name': 'GITHUB_TOKEN' })).toMatch(/`secret-name`/)
  })
})

describe('what wait-for-operations waits for', () => {
  const wait = (inputs: Record<string, string>) => settings({ command: 'wait-for-operations', 'project-id': 'p-1', ...inputs })

  it.each([[''], ['   '], ['\n']])(
    'refuses an empty operation-ids (%j): a mistyped expression gives one, and a gate must not pass on it',
    (raw) => {
      expect(errorOf({ command: 'wait-for-operations', 'project-id': 'p-1', 'operation-ids': raw })).toBe(
        'Input `operation-ids` is empty. Say what to wait for: the operation ids (or the `operations` array of the response that started ' +
          'them; `[]` when there is nothing to wait for), or the word `pending` to wait until the project (or `branch-id`) has no ' +
          'pending operation. An empty value is also what a mistyped expression gives, so it is never taken as either.',
      )
    },
  )

  it('reads ids, [] and the word pending (with or without branch-id)', () => {
    expect(wait({ 'operation-ids': OP1 })).toMatchObject({ operations: { kind: 'ids', ids: [OP1] } })
    expect(wait({ 'operation-ids': '[]' })).toMatchObject({ operations: { kind: 'ids', ids: [] } })
    expect(wait({ 'operation-ids': ' Pending ' })).toMatchObject({ operations: { kind: 'pending', branchId: undefined } })
    expect(wait({ 'operation-ids': 'pending', 'branch-id': 'br-wispy-meadow-a5kd0r2p' })).toMatchObject({
      operations: { kind: 'pending', branchId: 'br-wispy-meadow-a5kd0r2p' },
    })
  })

  it('refuses branch-id beside ids: the ids are waited for whatever their branch', () => {
    expect(errorOf({ command: 'wait-for-operations', 'project-id': 'p-1', 'operation-ids': OP1, 'branch-id': 'br-1' })).toMatch(
      /^Input `branch-id` only applies to `operation-ids: pending`/,
    )
  })

  it('refuses a branch-id that is not one', () => {
    expect(errorOf({ command: 'wait-for-operations', 'project-id': 'p-1', 'operation-ids': 'pending', 'branch-id': 'BR 1' })).toMatch(
      /^Input `branch-id` is "BR 1": it must be 1 to 60 lower-case letters, digits or hyphens/,
    )
  })
})

describe('rotate-key: keep-previous, the default key name and the repository', () => {
  const rotate = { command: 'rotate-key', 'secret-name': 'NEON_API_KEY', 'github-token': 'ghp' }
  const inRepository = (repository: string | undefined, inputs: Record<string, string>) =>
    readSettings(reader({ 'api-key': 'napi_secret', ...inputs }), () => undefined, { repository })

  it('keep-previous: 1 by default, any whole number from 0 to 100', () => {
    expect(settings(rotate)).toMatchObject({ keepPrevious: 1 })
    expect(settings({ ...rotate, 'keep-previous': '0' })).toMatchObject({ keepPrevious: 0 })
    expect(settings({ ...rotate, 'keep-previous': '100' })).toMatchObject({ keepPrevious: 100 })
  })

  it.each(['-1', '1.5', '101', 'two', '1e2'])('refuses keep-previous %s', (raw) => {
    expect(errorOf({ ...rotate, 'keep-previous': raw })).toMatch(
      new RegExp(`^Input \`keep-previous\` is "${raw.replace('.', '\\.')}": it must be a whole number from 0 to 100`),
    )
  })

  it('key-name defaults to a name unique to the repository, environment and secret, compared without case', () => {
    expect(settings(rotate)).toMatchObject({ keyName: 'gha:octo-org/deploys:NEON_API_KEY' })
    expect(settings({ ...rotate, 'secret-environment': 'Production' })).toMatchObject({
      keyName: 'gha:octo-org/deploys:production:NEON_API_KEY',
    })
    expect(inRepository('Octo-Org/Deploys', { ...rotate, 'secret-name': 'neon_api_key' })).toMatchObject({
      keyName: 'gha:octo-org/deploys:NEON_API_KEY',
    })
    expect(inRepository('octo-org/other', rotate)).toMatchObject({ keyName: 'gha:octo-org/other:NEON_API_KEY' })
    // A name given wins.
    expect(settings({ ...rotate, 'key-name': 'ci-deploy' })).toMatchObject({ keyName: 'ci-deploy' })
  })

  it('a default name over 64 characters keeps its start and ends in a digest of the whole', () => {
    const long = (environment: string) => {
      const s = inRepository('octo-org/a-repository-with-a-rather-long-name', { ...rotate, 'secret-environment': environment })
      return (s as { keyName: string }).keyName
    }
    const one = long('production-eu-west-1')
    const two = long('production-eu-west-2')
    expect([...one]).toHaveLength(64)
    expect(one).toMatch(/^gha:octo-org\/a-repository-with-a-rather-long-name:produ~[0-9a-f]{8}$/)
    expect(two).not.toBe(one)
    expect(long('production-eu-west-1')).toBe(one)
  })

  it.each(['ghp_a\nb', 'ghp_a\rb', 'ghp_a\u0007b', 'ghp_a b', 'ghp_a€b'])(
    'a github-token %j that is not one token of printable ASCII is refused, masked first',
    (token) => {
      const masked: string[] = []
      expect(() => settings({ ...rotate, 'github-token': token }, masked)).toThrow(
        /^Input `github-token` must be a single token of printable ASCII characters, without spaces or line breaks\.$/,
      )
      expect(masked).toEqual(['napi_secret', token])
    },
  )

  it('a github-token is trimmed, as the runner may end a secret with a line break', () => {
    expect(settings({ ...rotate, 'github-token': ' ghp_x\n' })).toMatchObject({ secrets: { token: 'ghp_x' } })
  })

  describe('GITHUB_API_URL, where the secrets are written', () => {
    const withApiUrl = (apiUrl: string | undefined, inputs: Record<string, string> = rotate) =>
      readSettings(reader({ 'api-key': 'napi_secret', ...inputs }), () => undefined, { repository: 'octo-org/deploys', apiUrl })

    it.each([
      [undefined, undefined],
      ['', undefined],
      ['https://api.github.com', 'https://api.github.com'],
      ['https://ghe.example.com/api/v3', 'https://ghe.example.com/api/v3'],
      ['https://GHE.example.com:8443/api/v3/', 'https://ghe.example.com:8443/api/v3'],
      ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ])('%j is taken as %j', (apiUrl, expected) => {
      expect(withApiUrl(apiUrl)).toMatchObject({ githubApiUrl: expected })
    })

    it.each([
      [
        'not a url',
        'GITHUB_API_URL is not a URL: "not a url". It names GitHub\'s REST API: https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server.',
      ],
      [
        'http://ghe.example.com/api/v3',
        'GITHUB_API_URL uses plain http to ghe.example.com: the GitHub token would cross the network unencrypted. Use https (plain http is accepted only for 127.0.0.0/8, ::1 and localhost).',
      ],
      ['ftp://ghe.example.com/api/v3', 'GITHUB_API_URL must be an https URL, not ftp.'],
      ['https://user:pw@ghe.example.com/api/v3', 'GITHUB_API_URL must not carry credentials: the token goes in `github-token`.'],
      ['https://ghe.example.com/api/v3?x=1', 'GITHUB_API_URL must not have a query or a fragment.'],
    ])('%j is refused before any request', (apiUrl, message) => {
      expect(() => withApiUrl(apiUrl)).toThrow(new InputError(message))
    })

    it('is not read when no secret is stored', () => {
      expect(withApiUrl('not a url', { command: 'rotate-key', 'key-name': 'ci' })).toMatchObject({ githubApiUrl: undefined })
      expect(withApiUrl('not a url', { command: 'list-keys' })).toMatchObject({ command: 'list-keys' })
    })
  })

  it('without secret-name, key-name is required', () => {
    expect(errorOf({ command: 'rotate-key' })).toMatch(/^rotate-key without `secret-name` needs `key-name`/)
  })

  it.each([undefined, '', 'just-a-name', 'a/b/c', '-bad/repo', 'owner/..'])(
    'with secret-name, GITHUB_REPOSITORY %j is refused before any request',
    (repository) => {
      expect(() => inRepository(repository, rotate)).toThrow(
        /^GITHUB_REPOSITORY (is not set|is ".*", not owner\/repo), so the repository to store the secret in is unknown/,
      )
    },
  )

  it('secret-environment is one line of at most 255 characters, as GitHub names environments', () => {
    expect(settings({ ...rotate, 'secret-environment': 'e'.repeat(255) })).toMatchObject({
      secrets: { targets: [{ environment: 'e'.repeat(255) }] },
    })
    for (const environment of ['e'.repeat(256), 'prod\u0007', 'a\tb']) {
      expect(errorOf({ ...rotate, 'secret-environment': environment })).toMatch(
        /^Input `secret-environment` must be the name of an environment of the repository: one line of at most 255 characters/,
      )
    }
  })
})

describe('one-line inputs share one rule for control characters', () => {
  it.each(['\u0007', '\u0085', '\u2028', '\r'])('refuses %j in key-name, search and secret-environment alike', (c) => {
    expect(errorOf({ command: 'create-key', 'key-name': `a${c}b` })).toMatch(/^Input `key-name` must be a single line/)
    expect(errorOf({ command: 'list-projects', search: `a${c}b` })).toMatch(/^Input `search` must be one line/)
    expect(
      errorOf({ command: 'rotate-key', 'secret-name': 'NEON_API_KEY', 'github-token': 'ghp', 'secret-environment': `a${c}b` }),
    ).toMatch(/^Input `secret-environment` must be the name of an environment/)
  })
})
