// src/inputs/values.ts: the rules every input follows, read through readSettings(): white space around a value,
// the ends of each range, patterns anchored at both ends, and one rule for control characters.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import { InputError } from '../../src/base/errors.ts'
import { defaultRotationKeyName } from '../../src/keys/rotation-name.ts'
import { isLoopback } from '../../src/inputs/urls.ts'
import { parseOperationIds } from '../../src/inputs/operations.ts'
import { readSettings } from '../../src/settings.ts'
import type { InputReader } from '../../src/inputs/values.ts'
import { errorOf, settings } from '../support/settings.ts'

const OP1 = '0b6f5a3e-1f2d-4c1a-9e3b-5d6c7e8f9a01'

/** The same inputs, each value wrapped in white space, as a YAML block scalar may leave it. */
function padded(inputs: Record<string, string>): InputReader {
  return (name) => (name in inputs ? ` \n\t${inputs[name]}\n ` : '')
}

describe('white space around a value is not part of it', () => {
  it.each<Record<string, string>>([
    {
      command: 'create-key',
      'key-name': 'ci',
      'org-id': 'org-1',
      'project-id': 'proj-1',
      'expires-in': '2h',
      timeout: '30',
    },
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
    expect(settings(withToken, { read: padded })).toStrictEqual(settings(withToken))
  })

  it('masks the trimmed API key and token, and nothing when the token is empty', () => {
    const masked: string[] = []
    readSettings(padded({ 'api-key': 'napi_secret', command: 'list-keys' }), (s) => masked.push(s))
    expect(masked).toEqual(['napi_secret'])
    masked.length = 0
    readSettings(padded({ 'api-key': 'napi_secret', 'github-token': 'ghs_t', command: 'list-keys' }), (s) =>
      masked.push(s),
    )
    expect(masked).toEqual(['napi_secret', 'ghs_t'])
  })

  it('white space alone is an empty input', () => {
    expect(settings({ command: 'revoke-key', 'key-id': '1', 'project-id': ' ' })).toMatchObject({ keyId: 1 })
    expect(settings({ command: 'rotate-key', 'key-name': 'ci', 'expires-in': ' \n' })).toMatchObject({ keyName: 'ci' })
    expect(settings({ command: 'prune-keys', 'project-id': ' ', 'expires-in': '\t' })).toMatchObject({ dryRun: true })
    expect(settings({ command: 'list-keys', 'secret-environment': ' ' })).toMatchObject({ command: 'list-keys' })
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
    expect(settings({ command: 'create-key', 'key-name': 'ci', 'expires-in': '365d' })).toMatchObject({
      expiresInMs: 365 * 86_400_000,
    })
    const name = 'S'.repeat(64 - 'gha:o/r:'.length)
    expect(defaultRotationKeyName({ name, targets: [{ kind: 'repository', owner: 'o', repo: 'r' }] })).toBe(
      `gha:o/r:${name}`,
    )
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
    [
      'branch-id',
      { command: 'wait-for-operations', 'project-id': 'p', 'operation-ids': 'pending', 'branch-id': 'br-1!' },
    ],
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

describe('every pattern is anchored at both ends', () => {
  it('counts key-name length in characters, not UTF-16 units', () => {
    // Each emoji is two UTF-16 units: 64 of them are 64 characters.
    expect(settings({ command: 'create-key', 'key-name': '😀'.repeat(64) })).toMatchObject({ keyName: '😀'.repeat(64) })
    expect(errorOf({ command: 'create-key', 'key-name': '😀'.repeat(65) })).toMatch(/65 characters long/)
  })

  it('refuses a project id with anything after the allowed characters', () => {
    expect(errorOf({ command: 'wait-for-operations', 'project-id': 'my-project!' })).toMatch(
      /`project-id` is "my-project!"/,
    )
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

describe('one-line inputs share one rule for control characters', () => {
  it.each(['\u0007', '\u0085', '\u2028', '\r'])('refuses %j in key-name, search and secret-environment alike', (c) => {
    expect(errorOf({ command: 'create-key', 'key-name': `a${c}b` })).toMatch(/^Input `key-name` must be a single line/)
    expect(errorOf({ command: 'list-projects', search: `a${c}b` })).toMatch(/^Input `search` must be one line/)
    expect(
      errorOf({
        command: 'rotate-key',
        'secret-name': 'NEON_API_KEY',
        'github-token': 'ghp',
        'secret-environment': `a${c}b`,
      }),
    ).toMatch(/^Input `secret-environment` must be the name of an environment/)
  })
})
