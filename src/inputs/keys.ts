// The key commands' inputs.
import { MAX_KEY_NAME_LENGTH } from '../api/ids.ts'
import { InputError } from '../base/errors.ts'
import { quoted, untrusted } from '../base/text.ts'
import { MEMBERS } from '../keys/creators.ts'
import { EXPIRY_SUFFIX_LENGTH } from '../keys/expiry.ts'
import { GITHUB_ACTIONS, parseNetwork } from '../keys/networks.ts'
import type { PruneKeysSettings } from '../keys/pruning.ts'
import { readGitHubApiUrl } from './urls.ts'
import { readGitHubToken } from './secrets.ts'
import {
  parseDuration,
  readBoolean,
  readDuration,
  readKeyName,
  readOrgId,
  type InputReader,
  type RunnerEnvironment,
} from './values.ts'

/**
 * GitHub's default job timeout, so an older job key belongs to a job that has ended. If its post step never revoked
 * it, the next prune-keys finds it.
 */
const DEFAULT_JOB_KEY_EXPIRY = '6h'
export const DEFAULT_MAX_REVOKE = 50
/** The vendor advises fewer than 10,000 keys per account. */
const MAX_MAX_REVOKE = 10_000
const EXPIRES_IN_RANGE = { min: '1m', max: '365d' } as const
const UNUSED_FOR_RANGE = { min: '1h', max: '3650d' } as const
export const DEFAULT_KEEP_PREVIOUS = 1
const MAX_KEEP_PREVIOUS = 100

export function readExpiresIn(read: InputReader, revokeAfterJob: boolean): number | undefined {
  const given = readDuration(read, 'expires-in', EXPIRES_IN_RANGE)
  if (given !== undefined || !revokeAfterJob) return given
  return parseDuration(DEFAULT_JOB_KEY_EXPIRY)
}

/** The expiry goes at the end of the name, which the service bounds. */
export function checkRoomForExpiry(keyName: string, byDefault: boolean): void {
  const length = [...keyName].length
  const room = MAX_KEY_NAME_LENGTH - EXPIRY_SUFFIX_LENGTH
  if (length <= room) return
  const why = byDefault
    ? `A \`revoke-after-job\` key expires after ${DEFAULT_JOB_KEY_EXPIRY} unless \`expires-in\` says otherwise, and`
    : 'With `expires-in`,'
  throw new InputError(
    `Input \`key-name\` is ${length} characters long, but it may be at most ${room}. ` +
      `${why} create-key ends the name with the expiry (\`~exp-\` and the UTC time to the minute, ` +
      `${EXPIRY_SUFFIX_LENGTH} characters). The platform takes at most ${MAX_KEY_NAME_LENGTH} characters.`,
  )
}

type KeySelection = Pick<PruneKeysSettings, 'orgId' | 'keyNamePrefix' | 'expectedNetworks' | 'expectedCreators'>
export type ListKeysSettings = KeySelection & { failOnUnexpectedUse: boolean; failOnUnexpectedCreator: boolean }

export function readListKeysSettings(read: InputReader, runner: RunnerEnvironment): ListKeysSettings {
  const selection = readKeySelection(read, runner)
  const failOnUnexpectedUse = readBoolean(read, 'fail-on-unexpected-use')
  // An expression that came out empty must not leave a tripwire that never fires.
  if (failOnUnexpectedUse && !selection.expectedNetworks) {
    throw new InputError(
      "Input `fail-on-unexpected-use` is true, but `expected-networks` is empty: name the networks the keys are expected to be used from (e.g. github-actions and an office's CIDR block).",
    )
  }
  const failOnUnexpectedCreator = readBoolean(read, 'fail-on-unexpected-creator')
  if (failOnUnexpectedCreator && !selection.expectedCreators) {
    throw new InputError(
      `Input \`fail-on-unexpected-creator\` is true, but \`expected-creators\` is empty: set it to \`${MEMBERS}\` (with \`org-id\`) to check who made the keys.`,
    )
  }
  return { ...selection, failOnUnexpectedUse, failOnUnexpectedCreator }
}

/** Only for an organization's keys. */
function readExpectedCreators(read: InputReader, orgId: string | undefined): typeof MEMBERS | undefined {
  const raw = read('expected-creators').trim()
  if (!raw) return undefined
  if (raw !== MEMBERS) {
    throw new InputError(
      `Input \`expected-creators\` is ${quoted(raw, 80)}: it takes \`${MEMBERS}\` (the keys are expected to be made by present members of the organization), or nothing for no check.`,
    )
  }
  if (orgId === undefined) {
    throw new InputError(
      'Input `expected-creators` is set, but `org-id` is empty: it checks the keys of an organization against its members. ' +
        'Set `org-id`. (A personal key needs no check: it stops reaching an organization when its user leaves it.)',
    )
  }
  return raw
}

function readKeySelection(read: InputReader, runner: RunnerEnvironment): KeySelection {
  const keyNamePrefix = readKeyName(read)
  const entries = read('expected-networks').match(/[^\s,]+/g) ?? []
  for (const entry of entries) {
    const why = entry === GITHUB_ACTIONS ? {} : parseNetwork(entry)
    if (typeof why === 'string')
      throw new InputError(
        `Input \`expected-networks\` holds ${quoted(entry, 80)}, which is not a network: ${untrusted(why, Infinity)}.`,
      )
  }
  const blocks = entries.filter((entry) => entry !== GITHUB_ACTIONS)
  const token = readGitHubToken(read)
  // Without a token, the read of the ranges carries no credential, so a proxy may carry it over plain http.
  const proxies = token ? runner.proxies : {}
  const github = blocks.length < entries.length && { apiUrl: readGitHubApiUrl(runner.apiUrl, proxies), token }
  const orgId = readOrgId(read)
  const expectedCreators = readExpectedCreators(read, orgId)
  return {
    orgId,
    ...(keyNamePrefix === undefined ? {} : { keyNamePrefix }),
    ...(entries.length === 0 ? {} : { expectedNetworks: { blocks, ...(github && { github }) } }),
    ...(expectedCreators && { expectedCreators }),
  }
}

export function readPruneKeysSettings(read: InputReader, runner: RunnerEnvironment): PruneKeysSettings {
  const unusedForMs = readDuration(read, 'unused-for', UNUSED_FOR_RANGE)
  return {
    ...readKeySelection(read, runner),
    ...(unusedForMs === undefined ? {} : { unusedForMs }),
    // An expression with a typo gives an empty value, which must never revoke.
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

export function readKeepPrevious(read: InputReader): number {
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
