import { describe, expect, it } from '@jest/globals'
import { InputError } from '../src/errors.ts'
import { isLoopback, parseOperationIds, readApiHost, readSettings, type InputReader } from '../src/inputs.js'

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
    [{}, /`command` is required: one of create-key, revoke-key, list-keys, list-projects, wait-for-operations, rotate-key/],
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
      { command: 'wait-for-operations', 'project-id': 'p-1', 'poll-interval': '0.5' },
      /`poll-interval` is "0.5": it must be a number of seconds from 1 to 3600/,
    ],
    [{ command: 'wait-for-operations', 'project-id': 'p-1', 'poll-interval': '7200' }, /`poll-interval` is "7200"/],
    [
      { command: 'wait-for-operations', 'project-id': 'p-1', 'operation-ids': 'abc' },
      /`operation-ids` holds "abc", which is not an operation id/,
    ],
    [{ command: 'create-key', 'key-name': 'ci', 'revoke-after-job': 'yes' }, /`revoke-after-job` is "yes": it must be true or false/],
    [{ command: 'rotate-key', 'key-name': 'ci', 'secret-name': 'NEON_API_KEY' }, /`secret-name` needs `github-token`/],
    [{ command: 'rotate-key', 'key-name': 'ci', 'secret-environment': 'prod' }, /`secret-environment` was given without `secret-name`/],
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
    expect(settings({ command: 'wait-for-operations', 'project-id': 'p-1', 'poll-interval': '2', timeout: '30' })).toMatchObject({
      projectId: 'p-1',
      operationIds: undefined,
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
      secret: { owner: 'octo-org', repo: 'deploys', name: 'NEON_API_KEY', environment: 'prod', token: 'ghp' },
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
    expect(settings({ command: 'wait-for-operations', 'project-id': 'p-1', 'org-id': 'Whatever' })).not.toHaveProperty('orgId')
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

  it('tells empty input (the idle gate) from an explicit empty array', () => {
    expect(parseOperationIds('  ')).toBeUndefined()
    expect(parseOperationIds('[]')).toEqual([])
  })

  it.each([
    ['[not json', /not valid JSON/],
    ['[1]', /item 0 of the JSON array is neither an id nor an operation record/],
    [`["${OP1}", {"name": "x"}]`, /item 1/],
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
    expect(settings({ ...rotate, 'secret-environment': 'e'.repeat(255) })).toMatchObject({ secret: { environment: 'e'.repeat(255) } })
    for (const environment of ['e'.repeat(256), 'prod\u0007', 'a\tb']) {
      expect(errorOf({ ...rotate, 'secret-environment': environment })).toMatch(
        /^Input `secret-environment` must be the name of an environment of the repository: one line of at most 255 characters/,
      )
    }
  })
})
