// src/settings.ts: reading a step's inputs with readSettings(): masking first, action.yml's defaults, typed settings
// for each command, what a wrong input is told, and an input the chosen command does not read (a warning, or an error
// where ignoring it could surprise).
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import { InputError } from '../src/base/errors.ts'
import type { InputReader } from '../src/inputs/values.ts'
import { readSettings, inputsRead } from '../src/settings.ts'
import { COMMANDS, COMMAND_NAMES, type Command } from '../src/commands/registry.ts'
import { INPUT_DEFAULTS } from '../src/inputs/common.ts'
import { actionYaml } from '../scripts/run-step.ts'
import { failureSummary } from '../src/step.ts'
import { errorOf, reader, settings } from './support/settings.ts'
import { forgedCommands, HOSTILE, MARKDOWN, runnerLines } from './support/injection.ts'
import { markdownOutsideHtml } from './support/markdown.ts'

const OP1 = '0b6f5a3e-1f2d-4c1a-9e3b-5d6c7e8f9a01'

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
    expect(s).toEqual({
      command: 'list-projects',
      apiKey: 'napi_secret',
      apiHost: 'https://console.neon.tech/api/v2',
      timeoutMs: 600_000,
    })
  })

  it.each([
    [
      {},
      /`command` is required: one of create-key, revoke-key, list-keys, list-projects, wait-for-operations, rotate-key, prune-keys/,
    ],
    [{ command: 'delete-everything' }, /`command` is "delete-everything": it must be one of create-key/],
    [{ command: 'create-key' }, /create-key needs `key-name`/],
    [{ command: 'create-key', 'key-name': 'x'.repeat(65) }, /`key-name` is 65 characters long: it must be 1 to 64/],
    [{ command: 'revoke-key' }, /revoke-key needs `key-id`.*or `key-name`/],
    [{ command: 'revoke-key', 'key-id': '12', 'key-name': 'ci' }, /`key-id` and `key-name` were both given/],
    [{ command: 'revoke-key', 'key-id': '0' }, /`key-id` is "0": it must be a positive integer/],
    [{ command: 'revoke-key', 'key-id': '1.5' }, /`key-id` is "1.5"/],
    [{ command: 'revoke-key', 'key-id': 'abc' }, /`key-id` is "abc": it must be a positive integer/],
    [{ command: 'revoke-key', 'key-id': '99999999999999999999' }, /`key-id` is "99999999999999999999"/],
    [
      { command: 'list-keys', timeout: '-1' },
      /`timeout` is "-1": it must be a positive number of seconds, at most 432000/,
    ],
    [{ command: 'list-keys', timeout: '9999999' }, /`timeout` is "9999999"/],
    [
      { command: 'list-keys', 'api-key': 'napi_abc€x' },
      /`api-key` must be a single token of printable ASCII characters/,
    ],
    [{ command: 'list-keys', 'api-key': 'napi abc' }, /`api-key` must be a single token/],
    [{ command: 'list-keys', timeout: '0' }, /`timeout` is "0"/],
    [{ command: 'list-keys', timeout: '10m' }, /`timeout` is "10m"/],
    [{ command: 'wait-for-operations' }, /wait-for-operations needs `project-id`/],
    [
      { command: 'wait-for-operations', 'project-id': 'Bad_Project' },
      /`project-id` is "Bad_Project": it must be 1 to 60 lower-case/,
    ],
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
    [
      { command: 'create-key', 'key-name': 'ci', 'revoke-after-job': 'yes' },
      /`revoke-after-job` is "yes": it must be true or false/,
    ],
    [{ command: 'rotate-key', 'key-name': 'ci', 'secret-name': 'NEON_API_KEY' }, /`secret-name` needs `github-token`/],
    [
      { command: 'rotate-key', 'key-name': 'ci', 'secret-environment': 'prod' },
      /`secret-environment` was given without `secret-name`/,
    ],
    // A `secret-name` whose expression came out empty: the token says a secret was meant to be written.
    [
      { command: 'rotate-key', 'key-name': 'ci', 'github-token': 'ghs_t' },
      /^Input `github-token` was given without `secret-name`/,
    ],
    [
      { command: 'rotate-key', 'key-name': 'ci', 'secret-name': 'GITHUB_KEY', 'github-token': 't' },
      /`secret-name` is "GITHUB_KEY"/,
    ],
    [
      { command: 'rotate-key', 'key-name': 'ci', 'secret-name': '1KEY', 'github-token': 't' },
      /`secret-name` is "1KEY"/,
    ],
  ])('refuses %j with a message naming the input', (inputs, expected) => {
    expect(errorOf(inputs as Record<string, string>)).toMatch(expected)
  })

  it.each(['list-projects', 'create-key'])(
    '%s: NODE_TLS_REJECT_UNAUTHORIZED=0 is refused, naming it and NODE_EXTRA_CA_CERTS; other values are left to Node',
    (command) => {
      const inputs = { command, 'key-name': 'ci-job' }
      expect(errorOf(inputs, { proxies: { NODE_TLS_REJECT_UNAUTHORIZED: '0' } })).toMatch(
        /^NODE_TLS_REJECT_UNAUTHORIZED is 0: .* NODE_EXTRA_CA_CERTS/,
      )
      expect(settings(inputs, { runner: { proxies: { NODE_TLS_REJECT_UNAUTHORIZED: '1' } } }).command).toBe(command)
    },
  )

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
      settings({
        command: 'wait-for-operations',
        'project-id': 'p-1',
        'operation-ids': 'pending',
        'poll-interval': '2',
        timeout: '30',
      }),
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
    expect(settings({ command: 'create-key', 'key-name': 'job', 'org-id': org })).toMatchObject({
      orgId: org,
      projectId: undefined,
    })
    expect(settings({ command: 'rotate-key', 'key-name': 'ci', 'org-id': org, 'project-id': 'p-1' })).toMatchObject({
      orgId: org,
      projectId: 'p-1',
    })
    expect(settings({ command: 'revoke-key', 'key-id': '7', 'org-id': org })).toMatchObject({ keyId: 7, orgId: org })
    expect(settings({ command: 'list-keys', 'org-id': org })).toMatchObject({ orgId: org })
    expect(settings({ command: 'list-projects', 'org-id': org, search: ' api ' })).toMatchObject({
      orgId: org,
      search: 'api',
    })
    // wait-for-operations has no use for an organization: it is ignored, not refused.
    expect(
      settings({ command: 'wait-for-operations', 'project-id': 'p-1', 'operation-ids': '[]', 'org-id': 'Whatever' }),
    ).not.toHaveProperty('orgId')
  })

  it.each([
    [{ command: 'list-projects', 'org-id': 'Org_1' }, /`org-id` is "Org_1": it must be an organization id/],
    [{ command: 'list-keys', 'org-id': 'o'.repeat(61) }, /`org-id` is "o+": it must be an organization id/],
    [{ command: 'create-key', 'key-name': 'job', 'project-id': 'P 1' }, /`project-id` is "P 1"/],
    [
      { command: 'revoke-key', 'key-name': 'job', 'project-id': 'p-1' },
      /`project-id` was given to revoke-key, which does not take it/,
    ],
    [{ command: 'list-projects', search: 's'.repeat(257) }, /`search` is 257 characters long: it must be 1 to 256/],
    [{ command: 'list-projects', search: 'a\u0007b' }, /`search` must be one line without control characters/],
  ])('refuses %j', (inputs, expected) => {
    expect(errorOf(inputs as Record<string, string>)).toMatch(expected)
  })

  it('accepts a key name of exactly 64 characters, counted as characters', () => {
    expect(settings({ command: 'create-key', 'key-name': 'é'.repeat(64) })).toMatchObject({ keyName: 'é'.repeat(64) })
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
      failOnUnexpectedUse: false,
      failOnUnexpectedCreator: false,
    })
  })

  it('prune-keys leaves out a prefix, an age and networks that were not given', () => {
    const prune = settings({ command: 'prune-keys' })
    expect('keyNamePrefix' in prune).toBe(false)
    expect('unusedForMs' in prune).toBe(false)
    expect('expectedNetworks' in prune).toBe(false)
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
      'Input `branch-id` only applies to `operation-ids: pending`. The operations named in `operation-ids` are waited for whatever their branch. Remove `branch-id`, or set `operation-ids: pending` to wait for every pending operation of that branch.',
    ],
  ])('%j', (inputs, message) => {
    expect(errorOf(inputs)).toBe(message)
  })

  it('a name too long for its expiry says why the expiry is there', () => {
    const long = 'n'.repeat(46)
    expect(
      errorOf({ command: 'create-key', 'key-name': long, 'revoke-after-job': 'true', 'expires-in': ' ' }),
    ).toContain(
      'A `revoke-after-job` key expires after 6h unless `expires-in` says otherwise, and create-key ends the name',
    )
    expect(
      errorOf({ command: 'create-key', 'key-name': long, 'revoke-after-job': 'true', 'expires-in': '2h' }),
    ).toContain('. With `expires-in`, create-key ends the name')
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
      const s = inRepository('octo-org/a-repository-with-a-rather-long-name', {
        ...rotate,
        'secret-environment': environment,
      })
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
      expect(() => settings({ ...rotate, 'github-token': token }, { masked })).toThrow(
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
      readSettings(reader({ 'api-key': 'napi_secret', ...inputs }), () => undefined, {
        repository: 'octo-org/deploys',
        apiUrl,
      })

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
        'GITHUB_API_URL uses plain http to ghe.example.com: the GitHub token would cross the network unencrypted. Use https (plain http is accepted only for a loopback address: 127.0.0.0/8 or ::1).',
      ],
      ['ftp://ghe.example.com/api/v3', 'GITHUB_API_URL must be an https URL, not ftp.'],
      [
        'https://user:pw@ghe.example.com/api/v3',
        'GITHUB_API_URL must not carry credentials: the token goes in `github-token`.',
      ],
      ['https://ghe.example.com/api/v3?x=1', 'GITHUB_API_URL must not have a query or a fragment.'],
    ])('%j is refused before any request', (apiUrl, message) => {
      expect(() => withApiUrl(apiUrl)).toThrow(new InputError(message))
    })

    it('is not read when no secret is stored', () => {
      expect(withApiUrl('not a url', { command: 'rotate-key', 'key-name': 'ci' })).toMatchObject({
        githubApiUrl: undefined,
      })
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
const REPOSITORY = { repository: 'octo-org/deploys' }
/** Inputs each command needs to get as far as the check. */
const MINIMAL: Record<Command, Record<string, string>> = {
  'create-key': { 'key-name': 'ci' },
  'revoke-key': { 'key-id': '7' },
  'list-keys': {},
  'list-projects': {},
  'wait-for-operations': { 'project-id': 'p-1', 'operation-ids': '[]' },
  'list-operations': { 'project-id': 'p-1' },
  'rotate-key': { 'key-name': 'ci' },
  'prune-keys': {},
}

/** What the runner passes: action.yml's defaults, then the step's inputs. */
function run(command: Command, inputs: Record<string, string>): { warnings: string[]; error?: string } {
  const defaults = Object.fromEntries(
    Object.entries(actionYaml.inputs).flatMap(([name, spec]) => (spec.default ? [[name, spec.default]] : [])),
  )
  const values: Record<string, string> = {
    ...defaults,
    'api-key': 'napi_secret',
    command,
    ...MINIMAL[command],
    ...inputs,
  }
  const warnings: string[] = []
  try {
    readSettings(
      (name) => values[name] ?? '',
      () => undefined,
      REPOSITORY,
      (message) => warnings.push(message),
    )
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    return { warnings, error: (error as Error).message }
  }
  return { warnings }
}

describe('inputs a command does not read', () => {
  it('key-id on list-keys: one warning naming the input and the command', () => {
    expect(run('list-keys', { 'key-id': '42' })).toEqual({
      warnings: ['Input `key-id` is set, but list-keys does not read it: it has no effect on this step.'],
    })
  })

  it('secret-name on create-key: an error, since the user expects a secret that would never be written', () => {
    expect(run('create-key', { 'secret-name': 'NEON_API_KEY' }).error).toBe(
      'Input `secret-name` was given to create-key, which does not take it: create-key never stores the new key in a secret. ' +
        'To keep a key in a GitHub Actions secret, use rotate-key with `secret-name`; or pass the `key` output on yourself.',
    )
    expect(run('create-key', { 'secret-environment': 'prod' }).error).toMatch(
      /^Input `secret-environment` was given to create-key, which does not take it: /,
    )
  })

  it.each<[Command, string, string, RegExp]>([
    ['rotate-key', 'revoke-after-job', 'true', /a rotated key stays valid until the next rotation replaces it/],
    ['revoke-key', 'unused-for', '30d', /revoke-key revokes the keys it names, whether or not they are used/],
    ['revoke-key', 'max-revoke', '5', /revoke-key revokes every key it names, with no limit/],
    ['revoke-key', 'keep-previous', '2', /revoke-key keeps none of the keys it names/],
    ['prune-keys', 'key-id', '7', /prune-keys selects keys by name, expiry and use, never by id/],
  ])('%s with %s: an error', (command, input, value, why) => {
    const { error } = run(command, { [input]: value })
    expect(error).toMatch(new RegExp(`^Input \`${input}\` was given to ${command}, which does not take it: `))
    expect(error).toMatch(why)
  })

  it('a value equal to its action.yml default warns on no command', () => {
    for (const command of COMMAND_NAMES) expect([command, run(command, {})]).toEqual([command, { warnings: [] }])
  })

  it('any other value of a defaulted input warns where the command does not read it', () => {
    expect(run('list-projects', { 'poll-interval': '10', 'dry-run': 'false', 'keep-previous': '0' }).warnings).toEqual([
      'Input `poll-interval` is set, but list-projects does not read it: it has no effect on this step.',
      'Input `keep-previous` is set, but list-projects does not read it: it has no effect on this step.',
      'Input `dry-run` is set, but list-projects does not read it: it has no effect on this step.',
    ])
  })

  it('white space alone is no value', () => {
    expect(run('list-keys', { 'key-id': ' \n', 'max-revoke': ' 50 ' }).warnings).toEqual([])
  })

  it('the table names every input of action.yml, and no other; the defaults are those of action.yml', () => {
    const named = new Set(COMMAND_NAMES.flatMap(inputsRead))
    expect([...named].sort()).toEqual(Object.keys(actionYaml.inputs).sort())
    expect(INPUT_DEFAULTS).toEqual(
      Object.fromEntries(
        Object.entries(actionYaml.inputs).flatMap(([name, spec]) => (spec.default ? [[name, spec.default]] : [])),
      ),
    )
  })
})

describe('an input name that no action of this repository declares', () => {
  /** The names of the INPUT_* variables, as the runner writes them: upper case, spaces to `_`. */
  const asRunner = (names: string[]) => names.map((name) => name.toUpperCase().replaceAll(' ', '_'))
  const refused = (command: Command, given: Record<string, string>, names = Object.keys(given)) => {
    const inputs = { command, ...MINIMAL[command], ...given }
    return errorOf(inputs, { ...REPOSITORY, inputNames: asRunner(['api-key', ...Object.keys(inputs), ...names]) })
  }

  it.each<[Command, string, string]>([
    ['create-key', 'revoke-afterjob', 'revoke-after-job'],
    ['revoke-key', 'keyid', 'key-id'],
    ['list-keys', 'expected-network', 'expected-networks'],
    ['list-projects', 'serach', 'search'],
    ['wait-for-operations', 'operation-id', 'operation-ids'],
    ['list-operations', 'fail-on-statuses', 'fail-on-status'],
    ['rotate-key', 'secret_name', 'secret-name'],
    ['prune-keys', 'dryrun', 'dry-run'],
  ])('%s with %s fails, naming %s', (command, typo, meant) => {
    expect(refused(command, { [typo]: 'true' })).toBe(
      `\`${typo}\` is not an input of ${command}; did you mean \`${meant}\`?`,
    )
  })

  it("fails before the command's own input errors, which the typo may cause", () => {
    expect(errorOf({ command: 'create-key', keyname: 'ci' }, { inputNames: ['API-KEY', 'COMMAND', 'KEYNAME'] })).toBe(
      '`keyname` is not an input of create-key; did you mean `key-name`?',
    )
  })

  it("suggests the command's own input before a closer one of another command", () => {
    // project-ids (list-operations) is 1 edit away, project-id 2.
    expect(refused('wait-for-operations', {}, ['project-idss'])).toMatch(/did you mean `project-id`\?$/)
    expect(refused('list-operations', {}, ['project-idss'])).toMatch(/did you mean `project-ids`\?$/)
  })

  it("names the command's inputs when no name is close", () => {
    expect(refused('list-projects', {}, ['frobnicate'])).toBe(
      '`frobnicate` is not an input of list-projects. Its inputs: api-key, api-host, timeout, org-id, search.',
    )
  })

  it('reads names as the runner writes them: any case, a space as `_`, and names each typo once', () => {
    expect(refused('create-key', {}, ['Revoke-AfterJob', 'revoke after job', 'REVOKE-AFTERJOB'])).toBe(
      '`revoke-afterjob` is not an input of create-key; did you mean `revoke-after-job`? ' +
        '`revoke_after_job` is not an input of create-key; did you mean `revoke-after-job`?',
    )
  })

  it('without a command, names the closest input of the action', () => {
    expect(errorOf({}, { inputNames: ['API-KEY', 'COMAND'] })).toBe(
      '`comand` is not an input of this action; did you mean `command`?',
    )
  })

  it('an input of another command stays a warning, or the refusal the table names', () => {
    const names = (inputs: Record<string, string>) => ({
      ...REPOSITORY,
      inputNames: asRunner(['api-key', ...Object.keys(inputs)]),
    })
    const listKeys = { command: 'list-keys', 'key-id': '42' }
    expect(settings(listKeys, { runner: names(listKeys) }).command).toBe('list-keys')
    const createKey = { command: 'create-key', 'key-name': 'ci', 'secret-name': 'NEON_API_KEY' }
    expect(errorOf(createKey, names(createKey))).toMatch(/^Input `secret-name` was given to create-key/)
  })
})

describe("each command's row of the table lists what it reads", () => {
  /** Inputs that take each command down every path that reads an input. */
  const PATHS: Record<Command, Array<Record<string, string>>> = {
    'create-key': [{ 'key-name': 'ci', 'revoke-after-job': 'true' }],
    'revoke-key': [{ 'key-id': '7' }, { 'key-name': 'ci' }],
    'list-keys': [{}, { 'expected-networks': 'github-actions', 'github-token': 'ghs_token' }],
    'list-projects': [{}],
    'wait-for-operations': [
      { 'project-id': 'p-1', 'operation-ids': '[]' },
      { 'project-id': 'p-1', 'operation-ids': 'pending', 'branch-id': 'br-1' },
    ],
    'list-operations': [
      {
        'project-ids': 'all',
        since: '24h',
        'operation-statuses': 'failed',
        'operation-actions': 'x',
        'fail-on-status': 'failed',
      },
    ],
    'rotate-key': [
      // Without a secret, each input that only goes with one is read to refuse it.
      { 'key-name': 'ci' },
      {
        'secret-name': 'NEON_API_KEY',
        'secret-targets': 'org:octo-org',
        'secret-visibility': 'selected',
        'secret-repositories': 'api',
        'github-token': 'ghs_token',
      },
    ],
    'prune-keys': [{}, { 'expected-networks': 'github-actions', 'github-token': 'ghs_token' }],
  }
  it.each(COMMAND_NAMES.map((command) => [command]))('%s', (command) => {
    const names = new Set<string>()
    for (const inputs of PATHS[command]) {
      const record = (name: string) => (names.add(name), inputs[name] ?? '')
      COMMANDS[command].settings(record, REPOSITORY)
    }
    expect([...names].sort()).toEqual([...COMMANDS[command].inputs].sort())
  })
})

describe('hostile free-text inputs', () => {
  it.each([
    ['command', {}],
    ['key-id', { command: 'revoke-key' }],
    ['timeout', { command: 'list-keys' }],
    ['poll-interval', { command: 'wait-for-operations', 'project-id': 'p-1', 'operation-ids': '[]' }],
    ['project-id', { command: 'wait-for-operations' }],
    ['operation-ids', { command: 'wait-for-operations', 'project-id': 'p-1' }],
    ['revoke-after-job', { command: 'create-key', 'key-name': 'k' }],
    ['api-host', { command: 'list-keys' }],
    ['secret-name', { command: 'rotate-key', 'key-name': 'k', 'github-token': 'ghs_0123456789abcdef0123456789abcdef' }],
  ])('%s echoed in its input error, as data: one line, no command, no Markdown in the summary', (input, inputs) => {
    let error: unknown
    try {
      settings({ ...inputs, [input]: `${HOSTILE} ${MARKDOWN}` })
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(InputError)
    const message = (error as InputError).message
    expect(message).toContain(`\`${input}\``)
    expect(runnerLines(`::error::${message}`)).toHaveLength(1)
    expect(forgedCommands(`::error::${message}`)).toEqual([])
    expect(markdownOutsideHtml(failureSummary('The step', error))).toEqual([])
  })
})
