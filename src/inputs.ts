import { createHash } from 'node:crypto'
import { InputError, RunnerVariableError } from './base/errors.ts'
import { hasControlCharacters, isPrintableToken, quoted, untrusted } from './base/text.ts'
import { EXPIRY_SUFFIX_LENGTH } from './keys/expiry.ts'
import {
  VISIBILITIES,
  targetText,
  type OrganizationAccess,
  type RepositoryName,
  type SecretStorage,
  type SecretTarget,
} from './keys/secret-targets.ts'
import { ORG_ID, type KeyScopeInputs } from './keys/organization.ts'
import type { OperationSelection } from './commands/operations.ts'
import type { PruneSelection } from './commands/prune.ts'

/**
 * Every input rule of the action, in one place. Nothing else reads inputs: main turns raw
 * inputs into one typed Settings here, and a wrong input stops the step before any request.
 */

export const COMMANDS = [
  'create-key',
  'revoke-key',
  'list-keys',
  'list-projects',
  'wait-for-operations',
  'rotate-key',
  'prune-keys',
] as const
export type Command = (typeof COMMANDS)[number]

export const DEFAULT_API_HOST = 'https://console.neon.tech/api/v2'
export const DEFAULT_TIMEOUT_SECONDS = 600
export const DEFAULT_POLL_INTERVAL_SECONDS = 5
export const MIN_POLL_INTERVAL_SECONDS = 1
export const MAX_POLL_INTERVAL_SECONDS = 3600
/** Five days: the longest a job may run on a self-hosted runner. */
export const MAX_TIMEOUT_SECONDS = 432_000
export const MAX_KEY_NAME_LENGTH = 64
export const MAX_SEARCH_LENGTH = 256
/**
 * A job key (`revoke-after-job`) expires after 6 h unless `expires-in` says otherwise: GitHub's
 * default job timeout (`timeout-minutes: 360`), so a job key older than that belongs to a job the
 * runner has ended, and one its post step never revoked is found by the next prune-keys.
 */
export const DEFAULT_JOB_KEY_EXPIRY = '6h'
export const DEFAULT_MAX_REVOKE = 50
/** The vendor advises fewer than 10,000 keys per account: no run needs to revoke more. */
export const MAX_MAX_REVOKE = 10_000
/** `expires-in`: 1 minute to 365 days. */
const EXPIRES_IN_RANGE = { min: '1m', max: '365d' } as const
/** `unused-for`: 1 hour to 3650 days. */
const UNUSED_FOR_RANGE = { min: '1h', max: '3650d' } as const
/** The most operations one wait-for-operations step waits on (see the waiter's request budget). */
export const MAX_OPERATION_IDS = 1000
/** `operation-ids: pending`: wait until no operation of the project (or of `branch-id`) is pending. */
export const PENDING = 'pending'
export const DEFAULT_KEEP_PREVIOUS = 1
export const MAX_KEEP_PREVIOUS = 100
/** GitHub's limit on an environment's name. */
export const MAX_ENVIRONMENT_NAME_LENGTH = 255
/**
 * The most targets one rotation writes: each costs two or three reads and a write, and GitHub's
 * secondary rate limit allows about 80 writes a minute.
 */
export const MAX_SECRET_TARGETS = 50

const NOT_A_SECRET =
  'create-key never stores the new key in a secret. To keep a key in a GitHub Actions secret, use rotate-key with `secret-name`; ' +
  'or pass the `key` output on yourself.'

/** The inputs every command reads. */
export const COMMON_INPUTS = ['command', 'api-key', 'api-host', 'timeout'] as const

/**
 * Which inputs each command reads. Any other input given a value is a warning naming it and the
 * command, or an error where ignoring it could surprise (UNREAD_REFUSED). A new input goes in the
 * row of each command that reads it (a test checks that every input of action.yml is here).
 */
export const INPUTS_READ: Readonly<Record<Command, readonly string[]>> = {
  'create-key': [...COMMON_INPUTS, 'key-name', 'revoke-after-job', 'expires-in', 'org-id', 'project-id'],
  'revoke-key': [...COMMON_INPUTS, 'key-id', 'key-name', 'org-id'],
  'list-keys': [...COMMON_INPUTS, 'org-id'],
  'list-projects': [...COMMON_INPUTS, 'org-id', 'search'],
  'wait-for-operations': [...COMMON_INPUTS, 'project-id', 'operation-ids', 'branch-id', 'poll-interval'],
  'rotate-key': [
    ...COMMON_INPUTS,
    'key-name',
    'key-id',
    'secret-name',
    'secret-environment',
    'secret-targets',
    'secret-visibility',
    'secret-repositories',
    'github-token',
    'keep-previous',
    'org-id',
    'project-id',
  ],
  'prune-keys': [...COMMON_INPUTS, 'key-name', 'unused-for', 'dry-run', 'max-revoke', 'org-id'],
}

/** action.yml's defaults: the runner passes them for every step, so an input holding its default says nothing. */
export const INPUT_DEFAULTS: Readonly<Record<string, string>> = {
  'api-host': DEFAULT_API_HOST,
  'poll-interval': String(DEFAULT_POLL_INTERVAL_SECONDS),
  timeout: String(DEFAULT_TIMEOUT_SECONDS),
  'revoke-after-job': 'false',
  'dry-run': 'true',
  'max-revoke': String(DEFAULT_MAX_REVOKE),
  'keep-previous': String(DEFAULT_KEEP_PREVIOUS),
}

/**
 * Inputs a command does not read that fail the step when given: ignoring them would leave a key
 * valid, unstored or revoked against what the user asked. Why, after "which does not take it: ".
 */
const UNREAD_REFUSED: Readonly<Partial<Record<Command, Readonly<Record<string, string>>>>> = {
  'create-key': {
    'secret-name': NOT_A_SECRET,
    'secret-environment': NOT_A_SECRET,
    'secret-targets': NOT_A_SECRET,
  },
  'revoke-key': {
    // Revoking "by name within a project" is not what would happen: every key of that name would go.
    'project-id':
      "revoke-key revokes by `key-id` or `key-name` only. Set `org-id` to act on an organization's keys, project-scoped ones included.",
    'unused-for':
      'revoke-key revokes the keys it names, whether or not they are used. To revoke only keys unused for a while, use prune-keys.',
    'max-revoke': 'revoke-key revokes every key it names, with no limit. To revoke keys within a limit, use prune-keys.',
    'keep-previous': 'revoke-key keeps none of the keys it names. To keep the newest keys of a name valid, use rotate-key.',
  },
  'rotate-key': {
    'revoke-after-job':
      'a rotated key stays valid until the next rotation replaces it. `revoke-after-job` is for create-key, whose key lives for one job.',
    'expires-in': 'a rotated key stays valid until the next rotation replaces it. `expires-in` is for create-key.',
  },
  'prune-keys': {
    'key-id': 'prune-keys selects keys by name, expiry and use, never by id. To revoke one key by its id, use revoke-key.',
    'project-id':
      "prune-keys works on the personal keys of the step's user, or with `org-id` on an organization's keys, project-scoped ones included. " +
      'Narrow it with `key-name` (a name prefix).',
    'expires-in':
      'prune-keys always selects the keys whose names say they have expired. ' +
      'To select keys by how long they have not been used, set `unused-for`.',
  },
}

interface Common {
  apiKey: string
  /** Base URL without a trailing slash, e.g. https://console.neon.tech/api/v2 */
  apiHost: string
  timeoutMs: number
}

/** What the runner tells the step besides its inputs. */
export interface RunnerEnvironment {
  /** GITHUB_REPOSITORY: owner/repo. */
  repository?: string
  /** GITHUB_API_URL: GitHub's REST API, where the secrets are written. */
  apiUrl?: string
}

export type Settings = Common &
  (
    | ({
        command: 'create-key'
        keyName: string
        revokeAfterJob: boolean
        /** How long the key lives by its name (`expires-in`, or the job-key default); undefined: no expiry. */
        expiresInMs?: number
      } & KeyScopeInputs)
    | { command: 'revoke-key'; keyId?: number; keyName?: string; orgId?: string }
    | { command: 'list-keys'; orgId?: string }
    | { command: 'list-projects'; orgId?: string; search?: string }
    | {
        command: 'wait-for-operations'
        projectId: string
        operations: OperationSelection
        pollIntervalMs: number
      }
    | ({
        command: 'rotate-key'
        /** Given, or the default unique to the set of targets and the secret. */
        keyName: string
        keyId?: number
        /** Where the new key is stored before any old key is revoked. */
        secrets?: SecretStorage
        /** GITHUB_API_URL, checked, with `secrets`; undefined: GitHub's own. */
        githubApiUrl?: string
        /** How many of the replaced keys stay valid, newest first. */
        keepPrevious: number
      } & KeyScopeInputs)
    | ({ command: 'prune-keys' } & PruneSelection)
  )

/** Reads one input by name; empty string when not set (as @actions/core's getInput). */
export type InputReader = (name: string) => string

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const PROJECT_ID = /^[a-z0-9-]{1,60}$/
const BRANCH_ID = /^[a-z0-9-]{1,60}$/
const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * @param mask called with every secret input (the API key, the GitHub token) before any other
 *             input is read, so nothing printed afterwards can show them.
 * @param runner what the runner sets besides inputs (GITHUB_REPOSITORY, GITHUB_API_URL), checked here too: a
 *             rotation that cannot store its key must fail before it creates one.
 */
export function readSettings(
  read: InputReader,
  mask: (secret: string) => void,
  runner: RunnerEnvironment = {},
  warn: (message: string) => void = () => undefined,
): Settings {
  const apiKey = read('api-key').trim()
  if (apiKey) mask(apiKey)
  const githubToken = read('github-token').trim()
  if (githubToken) mask(githubToken)

  const command = readCommand(read)
  if (!apiKey)
    throw new InputError(
      'Input `api-key` is required: pass the platform API key from a secret, e.g. `api-key: ${{ secrets.NEON_API_KEY }}`.',
    )
  if (!isPrintableToken(apiKey)) {
    throw new InputError('Input `api-key` must be a single token of printable ASCII characters, without spaces or line breaks.')
  }
  const common: Common = {
    apiKey,
    apiHost: readApiHost(read('api-host')),
    timeoutMs: readSeconds(read, 'timeout', DEFAULT_TIMEOUT_SECONDS, 0, MAX_TIMEOUT_SECONDS) * 1000,
  }
  const settings = readCommandSettings(read, command, common, githubToken, runner)
  checkUnreadInputs(read, command, warn)
  return settings
}

/**
 * The inputs a command does not read: refused where ignoring one could surprise, otherwise one
 * warning each. Only after the command's own inputs were read, so their errors come first.
 */
function checkUnreadInputs(read: InputReader, command: Command, warn: (message: string) => void): void {
  const reads = new Set(INPUTS_READ[command])
  const ignored: string[] = []
  for (const input of new Set(Object.values(INPUTS_READ).flat())) {
    if (reads.has(input)) continue
    const value = read(input).trim()
    if (!value || value === INPUT_DEFAULTS[input]) continue
    const refused = UNREAD_REFUSED[command]?.[input]
    // The table's own sentences: untrusted() only shows the log rule a lookup it cannot follow.
    if (refused) throw new InputError(`Input \`${input}\` was given to ${command}, which does not take it: ${untrusted(refused, Infinity)}`)
    ignored.push(input)
  }
  for (const input of ignored) warn(`Input \`${input}\` is set, but ${command} does not read it: it has no effect on this step.`)
}

/** The command's own inputs, INPUTS_READ[command] besides COMMON_INPUTS (which readSettings reads). */
export function readCommandSettings(
  read: InputReader,
  command: Command,
  common: Common,
  githubToken: string,
  runner: RunnerEnvironment,
): Settings {
  switch (command) {
    case 'create-key': {
      const keyName = requireInput(readKeyName(read), 'key-name', command)
      const revokeAfterJob = readBoolean(read, 'revoke-after-job')
      const expiresInMs = readExpiresIn(read, revokeAfterJob)
      if (expiresInMs !== undefined) checkRoomForExpiry(keyName, revokeAfterJob && !read('expires-in').trim())
      return {
        ...common,
        command,
        keyName,
        revokeAfterJob,
        ...(expiresInMs === undefined ? {} : { expiresInMs }),
        orgId: readOrgId(read),
        projectId: readOptionalProjectId(read),
      }
    }
    case 'revoke-key': {
      const keyId = readKeyId(read)
      const keyName = readKeyName(read)
      if (keyId !== undefined && keyName !== undefined) {
        throw new InputError(
          'Inputs `key-id` and `key-name` were both given to revoke-key: give one, the id of one key or the name of the keys to revoke.',
        )
      }
      if (keyId === undefined && keyName === undefined) {
        throw new InputError('revoke-key needs `key-id` (the id of one key) or `key-name` (revokes every key with exactly that name).')
      }
      return { ...common, command, keyId, keyName, orgId: readOrgId(read) }
    }
    case 'list-keys':
      return { ...common, command, orgId: readOrgId(read) }
    case 'list-projects':
      return { ...common, command, orgId: readOrgId(read), search: readSearch(read) }
    case 'wait-for-operations':
      return {
        ...common,
        command,
        projectId: readProjectId(read),
        operations: readOperationSelection(read),
        pollIntervalMs:
          readSeconds(read, 'poll-interval', DEFAULT_POLL_INTERVAL_SECONDS, MIN_POLL_INTERVAL_SECONDS, MAX_POLL_INTERVAL_SECONDS) * 1000,
      }
    case 'rotate-key': {
      const secrets = readSecretStorage(read, githubToken, runner)
      const githubApiUrl = secrets && readGitHubApiUrl(runner.apiUrl)
      const keyName = readKeyName(read) ?? (secrets && defaultRotationKeyName(secrets))
      if (keyName === undefined) {
        throw new InputError(
          'rotate-key without `secret-name` needs `key-name`: the name of the keys to rotate. With `secret-name` it defaults to a name unique to the targets and the secret.',
        )
      }
      return {
        ...common,
        command,
        keyName,
        keyId: readKeyId(read),
        secrets,
        githubApiUrl,
        keepPrevious: readKeepPrevious(read),
        orgId: readOrgId(read),
        projectId: readOptionalProjectId(read),
      }
    }
    case 'prune-keys':
      return { ...common, command, ...readPruneSelection(read) }
  }
}

function readCommand(read: InputReader): Command {
  const value = read('command').trim()
  if (!value) throw new InputError(`Input \`command\` is required: one of ${COMMANDS.join(', ')}.`)
  if (!(COMMANDS as readonly string[]).includes(value)) {
    throw new InputError(`Input \`command\` is ${quoted(value)}: it must be one of ${COMMANDS.join(', ')}.`)
  }
  return value as Command
}

/** How an error names each URL a credential is sent to, and what would cross the network with it. */
const SERVICE_URLS = {
  'api-host': {
    named: 'Input `api-host`',
    refuse: (message: string) => new InputError(message),
    notUrl: `Use e.g. ${DEFAULT_API_HOST}.`,
    credentials: 'pass the key in `api-key`',
    sent: 'the API key',
  },
  GITHUB_API_URL: {
    named: 'GITHUB_API_URL',
    refuse: (message: string) => new RunnerVariableError(message),
    notUrl: "It names GitHub's REST API: https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server.",
    credentials: 'the token goes in `github-token`',
    sent: 'the GitHub token',
  },
} as const

/** https anywhere; plain http only to this machine, where nothing crosses a network. */
export function readApiHost(raw: string): string {
  return readServiceUrl(raw.trim() || DEFAULT_API_HOST, SERVICE_URLS['api-host'])
}

/** GITHUB_API_URL, when a secret is written: undefined when unset (GitHub's own), checked as `api-host` is. */
function readGitHubApiUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim()
  return value ? readServiceUrl(value, SERVICE_URLS.GITHUB_API_URL) : undefined
}

/** A URL a credential is sent to, without a trailing slash. */
function readServiceUrl(value: string, rules: (typeof SERVICE_URLS)[keyof typeof SERVICE_URLS]): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw rules.refuse(`${rules.named} is not a URL: ${quoted(value)}. ${rules.notUrl}`)
  }
  if (url.username || url.password) {
    throw rules.refuse(`${rules.named} must not carry credentials: ${rules.credentials}.`)
  }
  if (url.search || url.hash) throw rules.refuse(`${rules.named} must not have a query or a fragment.`)
  if (url.protocol === 'http:') {
    if (!isLoopback(url.hostname)) {
      throw rules.refuse(
        `${rules.named} uses plain http to ${untrusted(url.hostname)}: ${rules.sent} would cross the network unencrypted. ` +
          'Use https (plain http is accepted only for 127.0.0.0/8, ::1 and localhost).',
      )
    }
  } else if (url.protocol !== 'https:') {
    throw rules.refuse(`${rules.named} must be an https URL, not ${untrusted(url.protocol.replace(/:$/, ''))}.`)
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host === '::1') return true
  const parts = host.split('.')
  return parts.length === 4 && parts[0] === '127' && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)
}

function readSeconds(read: InputReader, input: string, fallback: number, minimum: number, maximum: number): number {
  const raw = read(input).trim()
  if (!raw) return fallback
  const value = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN
  const rule = minimum > 0 ? `a number of seconds from ${minimum} to ${maximum}` : `a positive number of seconds, at most ${maximum}`
  if (!Number.isFinite(value) || value < minimum || value <= 0 || value > maximum) {
    throw new InputError(`Input \`${input}\` is ${quoted(raw)}: it must be ${rule} (default ${fallback}).`)
  }
  return value
}

function readKeyName(read: InputReader): string | undefined {
  const value = read('key-name').trim()
  if (!value) return undefined
  const length = [...value].length
  if (length > MAX_KEY_NAME_LENGTH) {
    throw new InputError(`Input \`key-name\` is ${length} characters long: it must be 1 to ${MAX_KEY_NAME_LENGTH} characters.`)
  }
  if (hasControlCharacters(value)) {
    throw new InputError('Input `key-name` must be a single line without control characters.')
  }
  return value
}

function readKeyId(read: InputReader): number | undefined {
  const raw = read('key-id').trim()
  if (!raw) return undefined
  const value = /^[1-9]\d*$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isSafeInteger(value)) {
    throw new InputError(`Input \`key-id\` is ${quoted(raw)}: it must be a positive integer, the id of an API key (see list-keys).`)
  }
  return value
}

function readProjectId(read: InputReader): string {
  const value = readOptionalProjectId(read)
  if (!value) throw new InputError('wait-for-operations needs `project-id`: the id of the project whose operations to wait for.')
  return value
}

function readOptionalProjectId(read: InputReader): string | undefined {
  const value = read('project-id').trim()
  if (!value) return undefined
  if (!PROJECT_ID.test(value)) {
    throw new InputError(`Input \`project-id\` is ${quoted(value)}: it must be 1 to 60 lower-case letters, digits or hyphens.`)
  }
  return value
}

function readOrgId(read: InputReader): string | undefined {
  const value = read('org-id').trim()
  if (!value) return undefined
  if (!ORG_ID.test(value)) {
    throw new InputError(
      `Input \`org-id\` is ${quoted(value, 80)}: it must be an organization id, 1 to 60 lower-case letters, digits or hyphens (e.g. org-quiet-river-12345678).`,
    )
  }
  return value
}

/** Part of a project name or id; the service matches it. One line, bounded. */
function readSearch(read: InputReader): string | undefined {
  const value = read('search').trim()
  if (!value) return undefined
  const length = [...value].length
  if (length > MAX_SEARCH_LENGTH) {
    throw new InputError(`Input \`search\` is ${length} characters long: it must be 1 to ${MAX_SEARCH_LENGTH} characters.`)
  }
  if (hasControlCharacters(value)) throw new InputError('Input `search` must be one line without control characters.')
  return value
}

/** `fallback` when empty: what an unset input and an expression that came out empty both give. */
function readBoolean(read: InputReader, input: string, fallback = false): boolean {
  const raw = read(input).trim()
  if (!raw) return fallback
  if (/^(false|False|FALSE)$/.test(raw)) return false
  if (/^(true|True|TRUE)$/.test(raw)) return true
  throw new InputError(`Input \`${input}\` is ${quoted(raw)}: it must be true or false.`)
}

/** Milliseconds per unit of a duration input. */
const DURATION_UNITS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }

/** `90m`, `2h`, `7d`, `2w` in ms; undefined for anything else. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,7})([mhdw])$/.exec(text)
  if (!match) return undefined
  return Number(match[1]) * DURATION_UNITS[match[2]!]!
}

/** A duration input, within its range; undefined when empty. */
function readDuration(read: InputReader, input: string, range: { min: string; max: string }): number | undefined {
  const raw = read(input).trim()
  if (!raw) return undefined
  const ms = parseDuration(raw)
  if (ms === undefined || ms < parseDuration(range.min)! || ms > parseDuration(range.max)!) {
    throw new InputError(
      `Input \`${input}\` is ${quoted(raw, 80)}: it must be a whole number and a unit, ` +
        `m (minutes), h (hours), d (days) or w (weeks), from ${untrusted(range.min)} to ${untrusted(range.max)}, e.g. 2h or 7d.`,
    )
  }
  return ms
}

/** `expires-in`, or for a job key the default. */
function readExpiresIn(read: InputReader, revokeAfterJob: boolean): number | undefined {
  const given = readDuration(read, 'expires-in', EXPIRES_IN_RANGE)
  if (given !== undefined || !revokeAfterJob) return given
  return parseDuration(DEFAULT_JOB_KEY_EXPIRY)
}

/** The expiry goes at the end of the name, and the service takes at most 64 characters. */
function checkRoomForExpiry(keyName: string, byDefault: boolean): void {
  const length = [...keyName].length
  const room = MAX_KEY_NAME_LENGTH - EXPIRY_SUFFIX_LENGTH
  if (length <= room) return
  const why = byDefault
    ? `a \`revoke-after-job\` key expires after ${DEFAULT_JOB_KEY_EXPIRY} unless \`expires-in\` says otherwise, and`
    : 'with `expires-in`,'
  throw new InputError(
    `Input \`key-name\` is ${length} characters long: ${why} create-key ends the name with the expiry ` +
      `(\`~exp-\` and the UTC time to the minute, ${EXPIRY_SUFFIX_LENGTH} characters) within the platform's ${MAX_KEY_NAME_LENGTH}, ` +
      `so the name may be at most ${room} characters.`,
  )
}

function readPruneSelection(read: InputReader): PruneSelection {
  const keyNamePrefix = readKeyName(read)
  const unusedForMs = readDuration(read, 'unused-for', UNUSED_FOR_RANGE)
  return {
    orgId: readOrgId(read),
    ...(keyNamePrefix === undefined ? {} : { keyNamePrefix }),
    ...(unusedForMs === undefined ? {} : { unusedForMs }),
    // Empty is what a typo in an expression gives: it must never revoke.
    dryRun: readBoolean(read, 'dry-run', true),
    maxRevoke: readMaxRevoke(read),
  }
}

function readMaxRevoke(read: InputReader): number {
  const raw = read('max-revoke').trim()
  if (!raw) return DEFAULT_MAX_REVOKE
  const value = /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : Number.NaN
  if (!(value <= MAX_MAX_REVOKE)) {
    throw new InputError(
      `Input \`max-revoke\` is ${quoted(raw, 80)}: it must be a whole number from 1 to ${MAX_MAX_REVOKE} ` +
        `(default ${DEFAULT_MAX_REVOKE}). To revoke nothing, leave \`dry-run\` true.`,
    )
  }
  return value
}

/**
 * Where rotate-key stores the new key: `secret-name` in every target of `secret-targets`, or
 * without it in the repository of the workflow (GITHUB_REPOSITORY), or its `secret-environment`.
 */
function readSecretStorage(read: InputReader, token: string, runner: RunnerEnvironment): SecretStorage | undefined {
  const name = read('secret-name').trim()
  const environment = read('secret-environment').trim() || undefined
  const listed = read('secret-targets').trim()
  if (!name) {
    // A token given without a name is a `secret-name` whose expression came out empty: the key would go unstored.
    const storageInputs = ['secret-environment', 'secret-targets', 'secret-visibility', 'secret-repositories', 'github-token']
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
  if (!token) {
    throw new InputError(
      'Input `secret-name` needs `github-token`: a token that may write the secrets (a fine-grained token or a GitHub App token with the permissions each target needs). The default GITHUB_TOKEN may not.',
    )
  }
  // Sent in a header, which takes nothing else: a request refused for it can end the step without an error.
  if (!isPrintableToken(token)) {
    throw new InputError('Input `github-token` must be a single token of printable ASCII characters, without spaces or line breaks.')
  }
  return { name, token, targets, ...(access === undefined ? {} : { access }) }
}

function oneTarget(repository: { owner: string; repo: string }, environment: string | undefined): SecretTarget {
  return environment === undefined ? { kind: 'repository', ...repository } : { kind: 'environment', ...repository, environment }
}

/**
 * The entries of a list input: a JSON array of strings (what `${{ toJSON(...) }}` gives), or one
 * entry a line, as a YAML list too (`- ` and quotes taken off, blank lines and `#` comments left out).
 */
function listEntries(raw: string, input: string): string[] {
  const text = raw.trim()
  const items = jsonArrayItems(text, input, 'pass a JSON array of strings, or one entry a line.')
  if (items === undefined) {
    return text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.replace(/^-\s+/, '').trim())
      .map((line) => (/^(["'])(.*)\1$/.exec(line)?.[2] ?? line).trim())
  }
  return items.map((item, i) => {
    if (typeof item !== 'string') throw new InputError(`Input \`${input}\`: item ${i + 1} of the JSON array is not a string.`)
    // An empty item is what an expression that came out empty gives: never skipped as a blank line is.
    if (item.trim() === '') throw new InputError(`Input \`${input}\`: item ${i + 1} of the JSON array is empty.`)
    return item.trim()
  })
}

/** The items of a list input written as a JSON array; undefined when it does not start with `[`. */
function jsonArrayItems(text: string, input: string, hint: string): unknown[] | undefined {
  if (!text.startsWith('[')) return undefined
  try {
    // JSON that starts with "[" is an array.
    return JSON.parse(text) as unknown[]
  } catch {
    throw new InputError(`Input \`${input}\` starts with "[" but is not valid JSON: ${hint}`)
  }
}

/**
 * `secret-targets`: `owner/repo` (a repository secret), `owner/repo:environment`, `org:NAME` (an
 * organization secret), `dependabot:owner/repo` and `dependabot:org:NAME` (Dependabot secrets).
 */
export function readSecretTargets(raw: string): SecretTarget[] {
  const targets: SecretTarget[] = []
  const seen = new Set<string>()
  for (const [i, entry] of listEntries(raw, 'secret-targets').entries()) {
    const target = parseSecretTarget(entry, i + 1)
    const id = targetText(target).toLowerCase()
    if (seen.has(id)) throw new InputError(`Input \`secret-targets\` names ${untrusted(id)} twice: name each target once.`)
    seen.add(id)
    targets.push(target)
  }
  if (targets.length === 0) {
    throw new InputError('Input `secret-targets` names no target: list `owner/repo`, `owner/repo:environment` or `org:NAME`, one a line.')
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
  const usage = 'write `owner/repo`, `owner/repo:environment`, `org:NAME`, `dependabot:owner/repo` or `dependabot:org:NAME`, one a line.'
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
  return OWNER.test(owner) && REPO.test(repo) && repo !== '.' && repo !== '..' && more.length === 0 ? { owner, repo } : undefined
}

/** As GitHub names environments; `.` and `..` would name another path once in a URL. */
function isEnvironmentName(name: string): boolean {
  return [...name].length <= MAX_ENVIRONMENT_NAME_LENGTH && !hasControlCharacters(name) && name !== '.' && name !== '..'
}

/** `secret-visibility` and `secret-repositories`: who may read the organization secrets; unset, each keeps what it has. */
function readOrganizationAccess(read: InputReader, targets: SecretTarget[]): OrganizationAccess | undefined {
  const visibility = read('secret-visibility').trim()
  const listed = read('secret-repositories').trim()
  if (!visibility && !listed) return undefined
  const organizations = targets.flatMap((t) => (t.kind === 'organization' || t.kind === 'dependabot-organization' ? [t.org] : []))
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
    throw new InputError('Input `secret-visibility` is selected: list the repositories that may read the secret in `secret-repositories`.')
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

/** GITHUB_REPOSITORY, which the runner sets to owner/repo: where the secret is stored. */
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

/**
 * rotate-key's key name when none is given: unique to the set of targets and the secret, so two
 * workflows that rotate into different places never rotate (or revoke) each other's keys. GitHub
 * compares every part without case, so the name does too, and the order of the targets does not
 * count. One target: `gha:<target>:<SECRET>`. Several: `gha:<first target>+<how many more>:<SECRET>`
 * and `~` with 8 hex digits of the SHA-256 of the whole set. Within 64 characters: a longer
 * one keeps its first 55 and ends in `~` and 8 hex digits of the SHA-256 of the whole.
 */
export function defaultRotationKeyName(storage: Pick<SecretStorage, 'name' | 'targets'>): string {
  const secret = storage.name.toUpperCase()
  const texts = storage.targets.map((t) => targetText(t).toLowerCase()).sort()
  const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8)
  const full =
    texts.length === 1
      ? `gha:${texts[0]}:${secret}`
      : `gha:${texts[0]}+${texts.length - 1}:${secret}~${digest([...texts, secret].join('\n'))}`
  const chars = [...full]
  if (chars.length <= MAX_KEY_NAME_LENGTH) return full
  return `${chars.slice(0, MAX_KEY_NAME_LENGTH - 9).join('')}~${digest(full)}`
}

function readKeepPrevious(read: InputReader): number {
  const raw = read('keep-previous').trim()
  if (!raw) return DEFAULT_KEEP_PREVIOUS
  const value = /^\d{1,3}$/.test(raw) ? Number(raw) : Number.NaN
  if (!(value <= MAX_KEEP_PREVIOUS)) {
    throw new InputError(
      `Input \`keep-previous\` is ${quoted(raw, 80)}: it must be a whole number from 0 to ${MAX_KEEP_PREVIOUS}, how many of the replaced keys stay valid (default ${DEFAULT_KEEP_PREVIOUS}).`,
    )
  }
  return value
}

function requireInput<T>(value: T | undefined, input: string, command: Command): T {
  if (value === undefined) throw new InputError(`${command} needs \`${input}\`.`)
  return value
}

/**
 * `operation-ids` and `branch-id`. Empty is an error, never a choice: it is what a mistyped
 * expression gives (`${{ steps.brnach.outputs.operations }}`), and a gate must not pass on a
 * typo. `[]` says "nothing to wait for"; `pending` says "whatever is pending".
 */
export function readOperationSelection(read: InputReader): OperationSelection {
  const raw = read('operation-ids').trim()
  const branchId = read('branch-id').trim() || undefined
  if (!raw) {
    throw new InputError(
      'Input `operation-ids` is empty. Say what to wait for: the operation ids (or the `operations` array of the response ' +
        'that started them; `[]` when there is nothing to wait for), or the word `pending` to wait until the project ' +
        '(or `branch-id`) has no pending operation. An empty value is also what a mistyped expression gives, so it is never taken as either.',
    )
  }
  if (raw.toLowerCase() === PENDING) {
    if (branchId !== undefined && !BRANCH_ID.test(branchId)) {
      throw new InputError(
        `Input \`branch-id\` is ${quoted(branchId, 80)}: it must be 1 to 60 lower-case letters, digits or hyphens (e.g. br-wispy-meadow-a5kd0r2p).`,
      )
    }
    return { kind: 'pending', branchId }
  }
  if (branchId !== undefined) {
    throw new InputError(
      'Input `branch-id` only applies to `operation-ids: pending`: the operations named in `operation-ids` are waited for whatever ' +
        'their branch. Remove `branch-id`, or set `operation-ids: pending` to wait for every pending operation of that branch.',
    )
  }
  return { kind: 'ids', ids: parseOperationIds(raw) }
}

/**
 * Operation ids: separated by commas, spaces or new lines; or a JSON array of ids; or a JSON
 * array of operation records, exactly as a mutating response's `operations` array comes. `[]`
 * gives no ids. At most MAX_OPERATION_IDS different ids.
 */
export function parseOperationIds(raw: string): string[] {
  const text = raw.trim()
  const items = jsonArrayItems(text, 'operation-ids', 'pass a JSON array of ids or of operation records, or ids separated by commas.')
  const candidates =
    items === undefined
      ? text.split(/[\s,]+/).filter(Boolean)
      : items.map((item, i) => {
          if (typeof item === 'string') return item.trim()
          if (typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'string') {
            return (item as { id: string }).id.trim()
          }
          throw new InputError(
            `Input \`operation-ids\`: item ${i} of the JSON array is neither an id nor an operation record with an "id".`,
          )
        })
  const ids = new Set<string>()
  for (const id of candidates) {
    if (!UUID.test(id)) {
      throw new InputError(`Input \`operation-ids\` holds ${quoted(id, 80)}, which is not an operation id (a UUID).`)
    }
    ids.add(id.toLowerCase())
  }
  if (ids.size > MAX_OPERATION_IDS) {
    throw new InputError(
      `Input \`operation-ids\` holds ${ids.size} different ids: one step waits for at most ${MAX_OPERATION_IDS}. ` +
        'Split them over several steps, or use `operation-ids: pending` to wait until nothing is pending.',
    )
  }
  return [...ids]
}
