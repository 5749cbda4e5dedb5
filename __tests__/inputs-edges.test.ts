// The input rules at their edges: surrounding white space, the ends of each range, patterns
// anchored at both ends, and the exact sentences a wrong input gets.
import { describe, expect, it } from '@jest/globals'
import { InputError } from '../src/base/errors.ts'
import { defaultRotationKeyName } from '../src/keys/rotation-name.ts'
import { isLoopback } from '../src/inputs/urls.ts'
import { parseOperationIds } from '../src/inputs/operations.ts'
import { readSettings } from '../src/settings.ts'
import { type InputReader } from '../src/inputs/values.ts'

const OP1 = '0b6f5a3e-1f2d-4c1a-9e3b-5d6c7e8f9a01'
const OP2 = '1c7a6b4f-2e3d-4d2b-8f4c-6e7d8f9a0b12'
const REPOSITORY = { repository: 'octo-org/deploys' }

function reader(inputs: Record<string, string>): InputReader {
  return (name) => inputs[name] ?? ''
}

/** The same inputs, each value wrapped in white space, as a YAML block scalar may leave it. */
function padded(inputs: Record<string, string>): InputReader {
  return (name) => (name in inputs ? ` \n\t${inputs[name]}\n ` : '')
}

function settings(inputs: Record<string, string>, read = reader, runner = REPOSITORY) {
  return readSettings(read({ 'api-key': 'napi_secret', ...inputs }), () => {}, runner)
}

function errorOf(inputs: Record<string, string>, runner = REPOSITORY): string {
  try {
    settings(inputs, reader, runner)
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    return (error as Error).message
  }
  throw new Error('expected an InputError')
}

describe('white space around a value is not part of it', () => {
  it.each<Record<string, string>>([
    { command: 'create-key', 'key-name': 'ci', 'org-id': 'org-1', 'project-id': 'proj-1', 'expires-in': '2h', timeout: '30' },
    { command: 'revoke-key', 'key-id': '42', 'org-id': 'org-1' },
    { command: 'revoke-key', 'key-name': 'ci' },
    { command: 'list-keys', 'org-id': 'org-1', 'api-host': 'https://api.example/v2' },
    { command: 'list-projects', search: 'web', 'org-id': 'org-1' },
    { command: 'wait-for-operations', 'project-id': 'proj-1', 'operation-ids': OP1, 'poll-interval': '2' },
    { command: 'wait-for-operations', 'project-id': 'proj-1', 'operation-ids': 'pending', 'branch-id': 'br-1' },
    {
      command: 'rotate-key',
      'key-name': 'ci',
      'key-id': '7',
      'keep-previous': '2',
      'secret-name': 'NEON_KEY',
      'secret-environment': 'prod',
    },
    { command: 'prune-keys', 'key-name': 'ci-', 'unused-for': '30d', 'dry-run': 'false', 'max-revoke': '5' },
  ])('%j', (inputs) => {
    const withToken = { ...inputs, 'github-token': 'ghs_token' }
    expect(settings(withToken, padded)).toStrictEqual(settings(withToken))
  })

  it('masks the trimmed API key and token, and nothing when the token is empty', () => {
    const masked: string[] = []
    readSettings(padded({ 'api-key': 'napi_secret', command: 'list-keys' }), (s) => masked.push(s))
    expect(masked).toEqual(['napi_secret'])
    masked.length = 0
    readSettings(padded({ 'api-key': 'napi_secret', 'github-token': 'ghs_t', command: 'list-keys' }), (s) => masked.push(s))
    expect(masked).toEqual(['napi_secret', 'ghs_t'])
  })

  it('white space alone is an empty input', () => {
    expect(settings({ command: 'revoke-key', 'key-id': '1', 'project-id': ' ' })).toMatchObject({ keyId: 1 })
    expect(settings({ command: 'rotate-key', 'key-name': 'ci', 'expires-in': ' \n' })).toMatchObject({ keyName: 'ci' })
    expect(settings({ command: 'prune-keys', 'project-id': ' ', 'expires-in': '\t' })).toMatchObject({ dryRun: true })
    expect(settings({ command: 'list-keys', 'secret-environment': ' ' })).toMatchObject({ command: 'list-keys' })
  })
})

describe('the result of each command holds only what the command uses', () => {
  it('list-keys', () => {
    expect(settings({ command: 'list-keys', 'org-id': 'org-1' })).toStrictEqual({
      apiKey: 'napi_secret',
      apiHost: 'https://console.neon.tech/api/v2',
      timeoutMs: 600_000,
      command: 'list-keys',
      orgId: 'org-1',
    })
  })

  it('prune-keys leaves out a prefix and an age that were not given', () => {
    const prune = settings({ command: 'prune-keys' })
    expect('keyNamePrefix' in prune).toBe(false)
    expect('unusedForMs' in prune).toBe(false)
  })
})

describe('the ends of each range are inside it', () => {
  it('timeout, poll-interval, search, expires-in, and a default key name of exactly 64 characters', () => {
    expect(settings({ command: 'list-keys', timeout: '432000' })).toMatchObject({ timeoutMs: 432_000_000 })
    expect(settings({ command: 'list-keys', timeout: '1.55' })).toMatchObject({ timeoutMs: 1550 })
    const wait = { command: 'wait-for-operations', 'project-id': 'p', 'operation-ids': OP1 }
    expect(settings({ ...wait, 'poll-interval': '1' })).toMatchObject({ pollIntervalMs: 1000 })
    expect(settings({ ...wait, 'poll-interval': '3600' })).toMatchObject({ pollIntervalMs: 3_600_000 })
    expect(settings({ command: 'list-projects', search: 'x'.repeat(256) })).toMatchObject({ search: 'x'.repeat(256) })
    expect(settings({ command: 'create-key', 'key-name': 'ci', 'expires-in': '365d' })).toMatchObject({ expiresInMs: 365 * 86_400_000 })
    const name = 'S'.repeat(64 - 'gha:o/r:'.length)
    expect(defaultRotationKeyName({ name, targets: [{ kind: 'repository', owner: 'o', repo: 'r' }] })).toBe(`gha:o/r:${name}`)
  })
})

describe('patterns hold at both ends', () => {
  it.each([
    ['timeout', { command: 'list-keys', timeout: 'x5' }],
    ['timeout', { command: 'list-keys', timeout: '5x' }],
    ['key-id', { command: 'revoke-key', 'key-id': 'x1' }],
    ['key-id', { command: 'revoke-key', 'key-id': '1x' }],
    ['revoke-after-job', { command: 'create-key', 'key-name': 'ci', 'revoke-after-job': 'xfalse' }],
    ['revoke-after-job', { command: 'create-key', 'key-name': 'ci', 'revoke-after-job': 'falsex' }],
    ['revoke-after-job', { command: 'create-key', 'key-name': 'ci', 'revoke-after-job': 'xtrue' }],
    ['revoke-after-job', { command: 'create-key', 'key-name': 'ci', 'revoke-after-job': 'truex' }],
    ['branch-id', { command: 'wait-for-operations', 'project-id': 'p', 'operation-ids': 'pending', 'branch-id': 'br-1!' }],
  ])('%s: %j', (input, inputs) => {
    expect(errorOf(inputs)).toMatch(new RegExp(`^Input \`${input}\` is `))
  })

  it('a secret name may hold GITHUB_ after its start', () => {
    const rotate = { command: 'rotate-key', 'secret-name': 'MY_GITHUB_KEY', 'github-token': 'ghs_t' }
    expect(settings(rotate)).toMatchObject({ secrets: { name: 'MY_GITHUB_KEY' } })
  })

  it.each(['octo!org/deploys', 'octo-org/!deploys', 'octo-org/deploys!', 'octo-org/.', 'octo-org/..'])(
    'GITHUB_REPOSITORY %s',
    (repository) => {
      const rotate = { command: 'rotate-key', 'secret-name': 'NEON_KEY', 'github-token': 'ghs_t' }
      expect(errorOf(rotate, { repository })).toMatch(
        /^GITHUB_REPOSITORY is ".*", not owner\/repo, so the repository to store the secret in is unknown/,
      )
    },
  )

  it('isLoopback: only a whole loopback address', () => {
    expect(isLoopback('127.0.0.255')).toBe(true)
    expect(isLoopback('127.0.0')).toBe(false)
    expect(isLoopback('127.0.0.a1')).toBe(false)
    expect(isLoopback('127.0.0.1a')).toBe(false)
    expect(isLoopback('127.0.0.1000')).toBe(false)
    expect(isLoopback('[::1]]')).toBe(false)
    expect(isLoopback('::[1]')).toBe(false)
  })
})

describe('api-host', () => {
  it.each(['https://user@api.example/v2', 'https://:secret@api.example/v2'])('refuses credentials: %s', (host) => {
    expect(errorOf({ command: 'list-keys', 'api-host': host })).toBe(
      'Input `api-host` must not carry credentials: pass the key in `api-key`.',
    )
  })

  it('names the protocol and the host it refuses', () => {
    expect(errorOf({ command: 'list-keys', 'api-host': 'ftp://api.example/v2' })).toBe('Input `api-host` must be an https URL, not ftp.')
    expect(errorOf({ command: 'list-keys', 'api-host': 'http://api.example/v2' })).toBe(
      'Input `api-host` uses plain http to api.example: the API key would cross the network unencrypted. Use https (plain http is accepted only for 127.0.0.0/8, ::1 and localhost).',
    )
  })

  it('drops every trailing slash', () => {
    expect(settings({ command: 'list-keys', 'api-host': 'https://api.example/v2//' })).toMatchObject({ apiHost: 'https://api.example/v2' })
  })
})

describe('what a wrong input is told', () => {
  it.each([
    [
      { command: '' },
      'Input `command` is required: one of create-key, revoke-key, list-keys, list-projects, wait-for-operations, rotate-key, prune-keys, list-operations.',
    ],
    [
      { command: 'revoke-key', 'key-id': '1', 'project-id': 'p' },
      "Input `project-id` was given to revoke-key, which does not take it: revoke-key revokes by `key-id` or `key-name` only. Set `org-id` to act on an organization's keys, project-scoped ones included.",
    ],
    [
      { command: 'rotate-key', 'key-name': 'ci', 'expires-in': '2h' },
      'Input `expires-in` was given to rotate-key, which does not take it: a rotated key stays valid until the next rotation replaces it. `expires-in` is for create-key.',
    ],
    [
      { command: 'prune-keys', 'project-id': 'p' },
      "Input `project-id` was given to prune-keys, which does not take it: prune-keys works on the personal keys of the step's user, or with `org-id` on an organization's keys, project-scoped ones included. Narrow it with `key-name` (a name prefix).",
    ],
    [
      { command: 'wait-for-operations', 'project-id': 'p', 'operation-ids': OP1, 'branch-id': 'br-1' },
      'Input `branch-id` only applies to `operation-ids: pending`: the operations named in `operation-ids` are waited for whatever their branch. Remove `branch-id`, or set `operation-ids: pending` to wait for every pending operation of that branch.',
    ],
  ])('%j', (inputs, message) => {
    expect(errorOf(inputs)).toBe(message)
  })

  it('a name too long for its expiry says why the expiry is there', () => {
    const long = 'n'.repeat(46)
    expect(errorOf({ command: 'create-key', 'key-name': long, 'revoke-after-job': 'true', 'expires-in': ' ' })).toContain(
      'a `revoke-after-job` key expires after 6h unless `expires-in` says otherwise, and create-key ends the name',
    )
    expect(errorOf({ command: 'create-key', 'key-name': long, 'revoke-after-job': 'true', 'expires-in': '2h' })).toContain(
      'characters long: with `expires-in`, create-key ends the name',
    )
  })
})

describe('operation-ids', () => {
  it('reads JSON after white space, and trims each id in it', () => {
    expect(parseOperationIds(` \n[" ${OP1} ", {"id": " ${OP2}\\n"}]`)).toEqual([OP1, OP2])
  })

  it('refuses an item of a JSON array that is neither an id nor a record with a string id', () => {
    for (const item of ['null', '{"id": 5}', '5']) {
      expect(() => parseOperationIds(`["${OP1}", ${item}]`)).toThrow(
        'Input `operation-ids`: item 1 of the JSON array is neither an id nor an operation record with an "id".',
      )
    }
  })

  it('skips empty pieces of a list', () => {
    expect(parseOperationIds(`,${OP1},,${OP2},`)).toEqual([OP1, OP2])
  })
})
