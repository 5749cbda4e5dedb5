// Where rotate-key stores the new key, and `github-token`.
import { InputError, RunnerVariableError } from '../base/errors.ts'
import { hasControlCharacters, isPrintableToken, quoted, untrusted } from '../base/text.ts'
import {
  VISIBILITIES,
  targetText,
  type OrganizationAccess,
  type RepositoryName,
  type SecretStorage,
  type SecretTarget,
} from '../github/targets.ts'
import { listEntries, type InputReader, type RunnerEnvironment } from './values.ts'

const MAX_ENVIRONMENT_NAME_LENGTH = 255
/** Each target costs two or three reads and a write; GitHub's secondary rate limit allows about 80 writes a minute. */
const MAX_SECRET_TARGETS = 50
const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/** It goes in a header: a bad one could make the request fail in a way that ends the step without an error. */
export function readGitHubToken(read: InputReader): string | undefined {
  const token = read('github-token').trim()
  if (token && !isPrintableToken(token)) {
    throw new InputError(
      'Input `github-token` must be a single token of printable ASCII characters, without spaces or line breaks.',
    )
  }
  return token || undefined
}

/** Without `secret-targets`, the workflow's repository, or its `secret-environment`. */
export function readSecretStorage(read: InputReader, runner: RunnerEnvironment): SecretStorage | undefined {
  const name = read('secret-name').trim()
  const environment = read('secret-environment').trim() || undefined
  const listed = read('secret-targets').trim()
  if (!name) {
    // A storage input without a name: `secret-name`'s expression came out empty, and the key would go unstored.
    const storageInputs = [
      'secret-environment',
      'secret-targets',
      'secret-visibility',
      'secret-repositories',
      'github-token',
    ]
    for (const input of storageInputs) {
      if (read(input).trim()) {
        throw new InputError(
          `Input \`${input}\` was given without \`secret-name\`: name the secret to store the new key in (the same name in every target).`,
        )
      }
    }
    return undefined
  }
  if (environment !== undefined && !isEnvironmentName(environment)) {
    throw new InputError(
      `Input \`secret-environment\` must be the name of an environment of the repository: one line of at most ${MAX_ENVIRONMENT_NAME_LENGTH} characters, as GitHub names environments, and not \`.\` or \`..\`.`,
    )
  }
  if (!SECRET_NAME.test(name) || /^GITHUB_/i.test(name)) {
    throw new InputError(
      `Input \`secret-name\` is ${quoted(name)}: a secret name is letters, digits and underscores, does not start with a digit, and does not start with GITHUB_.`,
    )
  }
  if (listed && environment !== undefined) {
    throw new InputError(
      'Inputs `secret-targets` and `secret-environment` were both given: in `secret-targets`, name an environment secret as `owner/repo:environment`.',
    )
  }
  const targets = listed ? readSecretTargets(listed) : [oneTarget(readRepository(runner.repository), environment)]
  const access = readOrganizationAccess(read, targets)
  const token = readGitHubToken(read)
  if (!token) {
    throw new InputError(
      'Input `secret-name` needs `github-token`: a token that may write the secrets (a fine-grained token or a ' +
        'GitHub App token with the permissions each target needs). The default GITHUB_TOKEN cannot write secrets.',
    )
  }
  return { name, token, targets, ...(access === undefined ? {} : { access }) }
}

function oneTarget(repository: { owner: string; repo: string }, environment: string | undefined): SecretTarget {
  return environment === undefined
    ? { kind: 'repository', ...repository }
    : { kind: 'environment', ...repository, environment }
}

function readSecretTargets(raw: string): SecretTarget[] {
  const targets: SecretTarget[] = []
  const seen = new Set<string>()
  for (const [i, entry] of listEntries(raw, 'secret-targets').entries()) {
    const target = parseSecretTarget(entry, i + 1)
    const id = targetText(target).toLowerCase()
    if (seen.has(id))
      throw new InputError(`Input \`secret-targets\` names ${untrusted(id)} twice: name each target once.`)
    seen.add(id)
    targets.push(target)
  }
  if (targets.length === 0) {
    throw new InputError(
      'Input `secret-targets` names no target: list `owner/repo`, `owner/repo:environment` or `org:NAME`, one a line.',
    )
  }
  if (targets.length > MAX_SECRET_TARGETS) {
    throw new InputError(
      `Input \`secret-targets\` names ${targets.length} targets: one rotation stores the key in at most ${MAX_SECRET_TARGETS}. ` +
        'Share it through an organization secret (`org:NAME`) with the repositories that read it.',
    )
  }
  return targets
}

function parseSecretTarget(entry: string, position: number): SecretTarget {
  const refuse = (reason: string) =>
    new InputError(`Input \`secret-targets\`, entry ${position} (${quoted(entry, 80)}), is not a target: ${reason}`)
  const usage =
    'write `owner/repo`, `owner/repo:environment`, `org:NAME`, `dependabot:owner/repo` or `dependabot:org:NAME`, one a line.'
  const lower = entry.toLowerCase()
  const dependabot = lower.startsWith('dependabot:')
  const rest = dependabot ? entry.slice('dependabot:'.length) : entry
  if (rest.toLowerCase().startsWith('org:')) {
    const org = rest.slice('org:'.length)
    if (!OWNER.test(org)) throw refuse(usage)
    return dependabot ? { kind: 'dependabot-organization', org } : { kind: 'organization', org }
  }
  const colon = rest.indexOf(':')
  const repository = parseRepository(colon < 0 ? rest : rest.slice(0, colon))
  if (!repository) throw refuse(usage)
  if (colon < 0) return dependabot ? { kind: 'dependabot', ...repository } : { kind: 'repository', ...repository }
  if (dependabot) throw refuse('Dependabot has no environment secrets; write `dependabot:owner/repo`.')
  const environment = rest.slice(colon + 1)
  if (!environment || !isEnvironmentName(environment)) throw refuse(usage)
  return { kind: 'environment', ...repository, environment }
}

function parseRepository(text: string): { owner: string; repo: string } | undefined {
  const [owner = '', repo = '', ...more] = text.split('/')
  return OWNER.test(owner) && REPO.test(repo) && repo !== '.' && repo !== '..' && more.length === 0
    ? { owner, repo }
    : undefined
}

/** In a URL, `.` and `..` would name another path. */
function isEnvironmentName(name: string): boolean {
  return [...name].length <= MAX_ENVIRONMENT_NAME_LENGTH && !hasControlCharacters(name) && name !== '.' && name !== '..'
}

/** Who may read the organization secrets. Unset, each keeps its own. */
function readOrganizationAccess(read: InputReader, targets: SecretTarget[]): OrganizationAccess | undefined {
  const visibility = read('secret-visibility').trim()
  const listed = read('secret-repositories').trim()
  if (!visibility && !listed) return undefined
  const organizations = targets.flatMap((t) =>
    t.kind === 'organization' || t.kind === 'dependabot-organization' ? [t.org] : [],
  )
  if (organizations.length === 0) {
    const input = visibility ? 'secret-visibility' : 'secret-repositories'
    throw new InputError(
      `Input \`${input}\` applies only to organization secrets (\`org:NAME\` or \`dependabot:org:NAME\` in \`secret-targets\`).`,
    )
  }
  if (visibility && !(VISIBILITIES as readonly string[]).includes(visibility)) {
    throw new InputError(
      `Input \`secret-visibility\` is ${quoted(visibility, 80)}: it must be all, private or selected (leave it empty to keep each secret's visibility).`,
    )
  }
  if (visibility !== 'selected') {
    if (listed) throw new InputError('Input `secret-repositories` applies only with `secret-visibility: selected`.')
    return { visibility: visibility as 'all' | 'private' }
  }
  if (!listed) {
    throw new InputError(
      'Input `secret-visibility` is selected: list the repositories that may read the secret in `secret-repositories`.',
    )
  }
  const repositories = listEntries(listed, 'secret-repositories').map((entry, i): RepositoryName => {
    if (REPO.test(entry) && entry !== '.' && entry !== '..') return { repo: entry }
    const named = parseRepository(entry)
    if (!named) {
      throw new InputError(
        `Input \`secret-repositories\`, entry ${i + 1} (${quoted(entry, 80)}), is not a repository: write \`repo\` or \`owner/repo\`, one a line.`,
      )
    }
    const outside = organizations.find((org) => org.toLowerCase() !== named.owner.toLowerCase())
    if (outside !== undefined) {
      throw new InputError(
        `Input \`secret-repositories\` names ${untrusted(`${named.owner}/${named.repo}`)}, which is not a repository of organization ${untrusted(outside)}: ` +
          'an organization secret is read only by its own repositories.',
      )
    }
    return named
  })
  return { visibility, repositories }
}

const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/
const REPO = /^[A-Za-z0-9._-]{1,100}$/

function readRepository(value: string | undefined): { owner: string; repo: string } {
  const repository = parseRepository(value ?? '')
  if (!repository) {
    const reason = value ? `is ${quoted(value, 150)}, not owner/repo` : 'is not set'
    throw new RunnerVariableError(
      `GITHUB_REPOSITORY ${reason}, so the repository to store the secret in is unknown: run rotate-key with \`secret-name\` as a step of a GitHub Actions job, or name the targets in \`secret-targets\`.`,
    )
  }
  return repository
}
