// src/inputs/secrets.ts: rotate-key's secret targets: `secret-targets` (a line list or a YAML list), the one-target form
// (`secret-name` alone, `secret-environment`), who may read organization secrets (`secret-visibility`,
// `secret-repositories`), and the default key name of each set.
// Unit tests, in this process.
import { describe, expect, it } from '@jest/globals'
import { InputError } from '../../src/base/errors.ts'
import { defaultRotationKeyName } from '../../src/keys/rotation-name.ts'
import { readSettings } from '../../src/settings.ts'
import type { InputReader } from '../../src/inputs/values.ts'
import type { SecretStorage } from '../../src/github/targets.ts'

const reader =
  (inputs: Record<string, string>): InputReader =>
  (name) =>
    inputs[name] ?? ''

const base = { command: 'rotate-key', 'secret-name': 'NEON_API_KEY', 'github-token': 'ghs_token' }

function settings(inputs: Record<string, string>, repository: string | undefined = 'octo-org/deploys') {
  return readSettings(reader({ 'api-key': 'napi_secret', ...base, ...inputs }), () => undefined, { repository }) as {
    keyName: string
    secrets?: SecretStorage
  }
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

const THREE_KINDS = [
  { kind: 'repository', owner: 'octo-org', repo: 'api' },
  { kind: 'environment', owner: 'octo-org', repo: 'web', environment: 'production' },
  { kind: 'organization', org: 'octo-org' },
]

describe('secret-targets', () => {
  it('a line list: repositories, environments, organizations and Dependabot, one secret name in each', () => {
    const s = settings({
      'secret-targets': [
        'octo-org/api',
        'octo-org/web:production',
        'org:octo-org',
        'dependabot:octo-org/api',
        'dependabot:org:octo-org',
        'octo-org/web:Staging EU',
      ].join('\n'),
    })
    expect(s.secrets).toEqual({
      name: 'NEON_API_KEY',
      token: 'ghs_token',
      targets: [
        { kind: 'repository', owner: 'octo-org', repo: 'api' },
        { kind: 'environment', owner: 'octo-org', repo: 'web', environment: 'production' },
        { kind: 'organization', org: 'octo-org' },
        { kind: 'dependabot', owner: 'octo-org', repo: 'api' },
        { kind: 'dependabot-organization', org: 'octo-org' },
        { kind: 'environment', owner: 'octo-org', repo: 'web', environment: 'Staging EU' },
      ],
    })
  })

  it('a YAML list reads the same, with quotes, comments and blank lines', () => {
    const yaml = settings({
      'secret-targets': '# the deploy key\n- octo-org/api\n\n- "octo-org/web:production"   \n  - \'org:octo-org\'\n',
    })
    expect(yaml.secrets?.targets).toEqual(THREE_KINDS)
  })

  it('a JSON array reads the same, as `${{ toJSON(...) }}` gives it, on one line or several', () => {
    const targets = ['octo-org/api', 'octo-org/web:production', 'org:octo-org']
    expect(settings({ 'secret-targets': JSON.stringify(targets) }).secrets?.targets).toEqual(THREE_KINDS)
    expect(settings({ 'secret-targets': JSON.stringify(targets, null, 2) }).secrets?.targets).toEqual(THREE_KINDS)
    // The same set is the same key name, however it is written.
    expect(settings({ 'secret-targets': JSON.stringify(targets) }).keyName).toBe(
      settings({ 'secret-targets': targets.join('\n') }).keyName,
    )
  })

  it.each([
    [
      '["octo-org/api"',
      /^Input `secret-targets` starts with "\[" but is not valid JSON: pass a JSON array of strings, or one entry a line\.$/,
    ],
    ['["octo-org/api", 7]', /^Input `secret-targets`: item 2 of the JSON array is not a string\.$/],
    ['["octo-org/api", " "]', /^Input `secret-targets`: item 2 of the JSON array is empty\.$/],
    ['[]', /^Input `secret-targets` names no target/],
    ['["octo-org"]', /^Input `secret-targets`, entry 1 \("octo-org"\), is not a target/],
  ])('a JSON array %j that is not a list of targets is refused', (targets, message) => {
    expect(errorOf({ 'secret-targets': targets })).toMatch(message)
  })

  it('needs no GITHUB_REPOSITORY: every target is named', () => {
    expect(settings({ 'secret-targets': 'org:octo-org' }, undefined).secrets?.targets).toEqual([
      { kind: 'organization', org: 'octo-org' },
    ])
  })

  it('secret-name alone is the one-target form: the repository of the workflow, or its environment', () => {
    expect(settings({}).secrets?.targets).toEqual([{ kind: 'repository', owner: 'octo-org', repo: 'deploys' }])
    expect(settings({ 'secret-environment': 'production' }).secrets?.targets).toEqual([
      { kind: 'environment', owner: 'octo-org', repo: 'deploys', environment: 'production' },
    ])
    // Named in secret-targets, the same repository is the same target, with the same key name.
    expect(settings({ 'secret-targets': 'octo-org/deploys' })).toMatchObject({
      keyName: settings({}).keyName,
      secrets: { targets: [{ kind: 'repository', owner: 'octo-org', repo: 'deploys' }] },
    })
  })

  it.each([
    ['octo-org', /^Input `secret-targets`, entry 1 \("octo-org"\), is not a target: write `owner\/repo`/],
    [
      'octo-org/api, octo-org/web',
      /^Input `secret-targets`, entry 1 \("octo-org\/api, octo-org\/web"\), is not a target/,
    ],
    ['octo-org/api\n-bad/repo', /^Input `secret-targets`, entry 2 \("-bad\/repo"\), is not a target/],
    ['octo-org/api:', /^Input `secret-targets`, entry 1 \("octo-org\/api:"\), is not a target/],
    ['org:', /^Input `secret-targets`, entry 1 \("org:"\), is not a target/],
    ['org:octo org', /^Input `secret-targets`, entry 1 \("org:octo org"\), is not a target/],
    [
      'dependabot:octo-org/api:production',
      /^Input `secret-targets`, entry 1 .*: Dependabot has no environment secrets/,
    ],
    ['octo-org/api\nOcto-Org/API', /^Input `secret-targets` names octo-org\/api twice/],
    ['# nothing\n\n', /^Input `secret-targets` names no target/],
    [`octo-org/web:${'e'.repeat(256)}`, /^Input `secret-targets`, entry 1 .* is not a target/],
  ])('refuses %j', (targets, message) => {
    expect(errorOf({ 'secret-targets': targets })).toMatch(message)
  })

  it('at most 50 targets', () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => `octo-org/repo-${i}`).join('\n')
    expect(settings({ 'secret-targets': list(50) }).secrets?.targets).toHaveLength(50)
    expect(errorOf({ 'secret-targets': list(51) })).toMatch(
      /^Input `secret-targets` names 51 targets: one rotation stores the key in at most 50/,
    )
  })

  it('with secret-environment, or without secret-name, it is refused', () => {
    expect(errorOf({ 'secret-targets': 'octo-org/api', 'secret-environment': 'production' })).toMatch(
      /^Inputs `secret-targets` and `secret-environment` were both given: in `secret-targets`, name an environment secret as `owner\/repo:environment`\.$/,
    )
    expect(errorOf({ 'secret-targets': 'octo-org/api', 'secret-name': '' })).toMatch(
      /^Input `secret-targets` was given without `secret-name`: name the secret to store the new key in \(the same name in every target\)\.$/,
    )
  })
})

describe('who may read an organization secret', () => {
  const org = { 'secret-targets': 'org:octo-org\ndependabot:org:octo-org' }

  it('unset: each organization secret keeps its visibility and repositories', () => {
    expect(settings(org).secrets).not.toHaveProperty('access')
  })

  it('all, private, or selected with repositories (owner/repo or a name in the organization)', () => {
    expect(settings({ ...org, 'secret-visibility': 'private' }).secrets?.access).toEqual({ visibility: 'private' })
    expect(settings({ ...org, 'secret-visibility': 'all' }).secrets?.access).toEqual({ visibility: 'all' })
    expect(
      settings({ ...org, 'secret-visibility': 'selected', 'secret-repositories': '- api\n- Octo-Org/web\nworker' })
        .secrets?.access,
    ).toEqual({
      visibility: 'selected',
      repositories: [{ repo: 'api' }, { owner: 'Octo-Org', repo: 'web' }, { repo: 'worker' }],
    })
  })

  it('secret-repositories as a JSON array reads the same', () => {
    expect(
      settings({ ...org, 'secret-visibility': 'selected', 'secret-repositories': '["api", "Octo-Org/web", "worker"]' })
        .secrets?.access,
    ).toEqual({
      visibility: 'selected',
      repositories: [{ repo: 'api' }, { owner: 'Octo-Org', repo: 'web' }, { repo: 'worker' }],
    })
    expect(errorOf({ ...org, 'secret-visibility': 'selected', 'secret-repositories': '[{"name": "api"}]' })).toBe(
      'Input `secret-repositories`: item 1 of the JSON array is not a string.',
    )
  })

  it.each([
    [{ 'secret-visibility': 'public' }, /^Input `secret-visibility` is "public": it must be all, private or selected/],
    [
      { 'secret-visibility': 'selected' },
      /^Input `secret-visibility` is selected: list the repositories that may read the secret in `secret-repositories`/,
    ],
    [{ 'secret-repositories': 'api' }, /^Input `secret-repositories` applies only with `secret-visibility: selected`/],
    [
      { 'secret-visibility': 'selected', 'secret-repositories': 'other-org/api' },
      /^Input `secret-repositories` names other-org\/api, which is not a repository of organization octo-org: an organization secret is read only by its own repositories\.$/,
    ],
    [
      { 'secret-visibility': 'selected', 'secret-repositories': 'a/b/c' },
      /^Input `secret-repositories`, entry 1 \("a\/b\/c"\), is not a repository/,
    ],
  ])('refuses %j', (inputs, message) => {
    expect(errorOf({ ...org, ...inputs })).toMatch(message)
  })

  it('is refused without an organization target', () => {
    expect(errorOf({ 'secret-targets': 'octo-org/api', 'secret-visibility': 'private' })).toMatch(
      /^Input `secret-visibility` applies only to organization secrets \(`org:NAME` or `dependabot:org:NAME` in `secret-targets`\)\.$/,
    )
  })
})

describe('the default key name is unique to the set of targets', () => {
  const nameOf = (targets: string, secretName = 'NEON_API_KEY') =>
    settings({ 'secret-targets': targets, 'secret-name': secretName }).keyName

  it('one target: gha:, the target and the secret, as written in secret-targets', () => {
    expect(nameOf('octo-org/api')).toBe('gha:octo-org/api:NEON_API_KEY')
    expect(nameOf('Octo-Org/Web:Production')).toBe('gha:octo-org/web:production:NEON_API_KEY')
    expect(nameOf('org:Octo-Org')).toBe('gha:org:octo-org:NEON_API_KEY')
    expect(nameOf('dependabot:octo-org/api')).toBe('gha:dependabot:octo-org/api:NEON_API_KEY')
  })

  it('several: the first target in order, how many more, the secret and a digest of the set', () => {
    const name = nameOf('octo-org/web:production\norg:octo-org\nocto-org/api')
    expect(name).toMatch(/^gha:octo-org\/api\+2:NEON_API_KEY~[0-9a-f]{8}$/)
    // The same set in another order and case is the same name; another set or secret is not.
    expect(nameOf('ORG:octo-org\nocto-org/api\nocto-org/web:Production')).toBe(name)
    expect(nameOf('octo-org/api\norg:octo-org')).not.toBe(name)
    expect(nameOf('octo-org/api\norg:octo-org\nocto-org/web:staging')).not.toBe(name)
    expect(nameOf('octo-org/web:production\norg:octo-org\nocto-org/api', 'OTHER_KEY')).not.toMatch(/NEON_API_KEY/)
  })

  it('stays within 64 characters, the digest kept', () => {
    const repo = `octo-org/${'a'.repeat(90)}`
    const name = defaultRotationKeyName({
      name: 'NEON_API_KEY',
      targets: [
        { kind: 'repository', owner: 'octo-org', repo: 'a'.repeat(90) },
        { kind: 'organization', org: 'octo-org' },
      ],
    })
    expect([...name]).toHaveLength(64)
    expect(name).toMatch(new RegExp(`^gha:${repo.slice(0, 50)}.*~[0-9a-f]{8}$`))
  })
})

describe('on other commands', () => {
  const on = (inputs: Record<string, string>) => {
    const warnings: string[] = []
    const read = reader({ 'api-key': 'napi_secret', ...inputs })
    return {
      settings: () =>
        readSettings(
          read,
          () => undefined,
          { repository: 'octo-org/deploys' },
          (m) => warnings.push(m),
        ),
      warnings,
    }
  }

  it('secret-targets on create-key is refused, as secret-name is: create-key never stores its key', () => {
    const step = on({ command: 'create-key', 'key-name': 'ci', 'secret-targets': 'octo-org/api' })
    expect(step.settings).toThrow(
      /^Input `secret-targets` was given to create-key, which does not take it: create-key never stores the new key in a secret/,
    )
  })

  it('secret-visibility and secret-repositories elsewhere are named in a warning', () => {
    const step = on({ command: 'list-keys', 'secret-visibility': 'all', 'secret-repositories': 'api' })
    step.settings()
    expect(step.warnings).toEqual([
      'Input `secret-visibility` is set, but list-keys does not read it: it has no effect on this step.',
      'Input `secret-repositories` is set, but list-keys does not read it: it has no effect on this step.',
    ])
  })
})
