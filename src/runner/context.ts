import type { PlatformClient } from '../api/client.ts'
import type { Logger } from '../base/log.ts'
import type { RequestError } from '../http/errors.ts'
import type { Cancellation } from './cancellation.ts'
import type { Clock } from '../base/clock.ts'
import { redactSecrets } from '../base/text.ts'
import type { Part } from './summary.ts'

/** What a command may touch. main wires it to the runner (@actions/core); tests can wire it to plain objects. */
export interface CommandContext {
  client: PlatformClient
  log: Logger
  clock: Clock
  /** Registers a secret with the runner so it is masked in every later log line. */
  mask(secret: string): void
  /** A notice annotation: advice the user should see on the run's page. */
  notice(message: string): void
  /** Saves a value for the post step. Never a key value. */
  saveState(name: string, value: string): void
  /** Where a command writes its whole lists: the runner's temporary directory (RUNNER_TEMP). */
  fileDir: string
  /** The runner's cancel signals, which main wires. Without them, a signal ends the process (Node's default). */
  cancellation?: Cancellation
  /** Where a page of the action's own docs is, at the version that ran (actionDocs). */
  docs: ActionDocs
}

/** The URL of a page of the action's docs (`docs/tripwire.md#when-it-fires`), or undefined when it is not known. */
export type ActionDocs = (page: string) => string | undefined

/** owner/name, as GitHub spells a repository. */
const ACTION_REPOSITORY = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/
/** A tag, a branch or a commit SHA, as in `uses: owner/name@ref`. It holds nothing a URL would read as more. */
const ACTION_REF = /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/

/**
 * Where the action's docs are, at the version that ran. No other place reads these runner variables.
 * For `uses: owner/neon-api-action@v1`, the runner sets GITHUB_ACTION_REPOSITORY and GITHUB_ACTION_REF, and a summary
 * links a page there. For `uses: ./` it sets neither. The pages are then in the workflow's own checkout, and a summary
 * names the path with no link (summary.ts, docsPage).
 */
export function actionDocs(env: Readonly<Record<string, string | undefined>>): ActionDocs {
  const repository = env.GITHUB_ACTION_REPOSITORY ?? ''
  const ref = env.GITHUB_ACTION_REF ?? ''
  const server = serverOf(env.GITHUB_SERVER_URL)
  const known = ACTION_REPOSITORY.test(repository) && ACTION_REF.test(ref) && !ref.split('/').includes('..')
  if (!known || server === undefined) return () => undefined
  return (page) => `${server}/${repository}/blob/${ref}/${page}`
}

/** GITHUB_SERVER_URL without a trailing slash, https://github.com when unset. Undefined when it is no http(s) URL. */
function serverOf(given: string | undefined): string | undefined {
  if (!given) return 'https://github.com'
  let url: URL
  try {
    url = new URL(given)
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

/** What a command hands back: main writes the outputs and the summary, then fails if asked. */
export interface CommandResult {
  outputs: Record<string, string>
  summary: string
  /**
   * Set when the step must fail. Outputs and summary are still written first. main puts the failure below the summary's heading,
   * with the request and what to do, so the command's own summary leaves it out.
   */
  failure?: string
  /** The request the failure follows from, if any: main sets `http-status`, `error-code` and `request-id` from it. */
  failedRequest?: RequestError
  /** What to do about the failure, when the command knows better than the request it failed on. */
  next?: string | Part[]
  /**
   * Outputs over the limit that the command did not hold (boundOutputs): name → size in bytes.
   * A list of any length goes to its file (ListFileWriter), and a long one is never held whole.
   */
  oversized?: Record<string, number>
}

/** What `error-code` may hold: a short token, never text a server could make look like anything else. */
const ERROR_CODE = /^[A-Za-z0-9_.-]{1,64}$/

/**
 * `http-status`, `error-code` and `request-id` of a request that failed, so a later step can branch on the reason.
 * `error-code` is the service's own `code`, never one the action made up, and only when it is a short token. Any
 * other text goes only to the log, made safe there.
 */
export function requestFailureOutputs(error: RequestError): Record<string, string> {
  const outputs: Record<string, string> = {}
  if (error.requestId !== undefined) outputs['request-id'] = error.requestId
  if (error.status !== undefined) outputs['http-status'] = String(error.status)
  const code = errorCodeOf(error)
  if (code !== undefined) outputs['error-code'] = code
  return outputs
}

/** The service's `code` for `error-code` and the summary: only a short token with no piece of the step's secrets. */
export function errorCodeOf(error: RequestError): string | undefined {
  const { code } = error
  return error.kind === 'http' &&
    code !== undefined &&
    ERROR_CODE.test(code) &&
    redactSecrets(code, { pieces: true }) === code
    ? code
    : undefined
}
