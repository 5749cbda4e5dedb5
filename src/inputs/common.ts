import { DEFAULT_API_HOST } from './urls.ts'
import { DEFAULT_MAX_OPERATIONS, DEFAULT_POLL_INTERVAL_SECONDS } from './operations.ts'
import { DEFAULT_KEEP_PREVIOUS, DEFAULT_MAX_REVOKE } from './keys.ts'

export const DEFAULT_TIMEOUT_SECONDS = 600
/** The longest a job may run on a self-hosted runner. */
export const MAX_TIMEOUT_SECONDS = 432_000

export const COMMON_INPUTS = ['command', 'api-key', 'api-host', 'timeout'] as const

export interface Common {
  apiKey: string
  /** Without a trailing slash. */
  apiHost: string
  timeoutMs: number
}

/** The runner passes action.yml's defaults to every step, so an input that holds its default says nothing. */
export const INPUT_DEFAULTS: Readonly<Record<string, string>> = {
  'api-host': DEFAULT_API_HOST,
  'poll-interval': String(DEFAULT_POLL_INTERVAL_SECONDS),
  'on-failed': 'wait',
  timeout: String(DEFAULT_TIMEOUT_SECONDS),
  'revoke-after-job': 'false',
  'dry-run': 'true',
  'fail-on-unexpected-use': 'false',
  'fail-on-unexpected-creator': 'false',
  'max-revoke': String(DEFAULT_MAX_REVOKE),
  'keep-previous': String(DEFAULT_KEEP_PREVIOUS),
  'max-operations': String(DEFAULT_MAX_OPERATIONS),
}
