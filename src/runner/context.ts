import type { PlatformClient } from '../api/client.ts'
import type { Logger } from '../base/log.ts'
import type { RequestError } from '../http/errors.ts'
import type { Clock, StepTime } from '../base/clock.ts'
import { redactSecrets } from '../base/text.ts'
import type { Part } from './summary.ts'

/** What a command may touch: the runner, wired by main.ts, or plain objects in tests. */
export interface CommandContext {
  client: PlatformClient
  log: Logger
  clock: Clock
  /** Masks a secret in every later log line. */
  mask(secret: string): void
  /** Advice shown on the run's page. */
  notice(message: string): void
  /** Saves a value for the post step. Never a key value. */
  saveState(name: string, value: string): void
  /** RUNNER_TEMP: where a command writes its whole lists. */
  fileDir: string
  /** The step's time: its deadline, the clean-up's grace, and the runner's cancel. */
  time: StepTime
  docs: ActionDocs
}

/** The URL of a page of the action's docs (`docs/tripwire.md#when-it-fires`), or undefined when it is not known. */
export type ActionDocs = (page: string) => string | undefined

const ACTION_REPOSITORY = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/
/** A tag, a branch or a commit SHA, as in `uses: owner/name@ref`. It holds nothing a URL would read as more. */
const ACTION_REF = /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/

/** At the version that ran. For `uses: ./` the runner sets neither variable, and a summary names the path unlinked. */
export function actionDocs(env: Readonly<Record<string, string | undefined>>): ActionDocs {
  const repository = env.GITHUB_ACTION_REPOSITORY ?? ''
  const ref = env.GITHUB_ACTION_REF ?? ''
  const server = serverOf(env.GITHUB_SERVER_URL)
  const known = ACTION_REPOSITORY.test(repository) && ACTION_REF.test(ref) && !ref.split('/').includes('..')
  if (!known || server === undefined) return () => undefined
  return (page) => `${server}/${repository}/blob/${ref}/${page}`
}

/** https://github.com when unset; undefined when it is no http(s) URL. */
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

/** main.ts writes the outputs and the summary, then fails the step if asked. */
export interface CommandResult {
  outputs: Record<string, string>
  summary: string
  /** main.ts adds it to the summary, with the request and what to do, so the command's own summary leaves it out. */
  failure?: string
  /** Sets `http-status`, `error-code` and `request-id`. */
  failedRequest?: RequestError
  /** What to do about the failure, when the command knows better than the request it failed on. */
  next?: string | Part[]
  /** Outputs too large to hold, name → size in bytes. A long list is never held whole: it goes to its file. */
  oversized?: Record<string, number>
}

/** A short token, never text a server could make look like anything else. */
const ERROR_CODE = /^[A-Za-z0-9_.-]{1,64}$/

/** So a later step can branch on the reason. `error-code` is the service's own `code`, never one the action made up. */
export function requestFailureOutputs(error: RequestError): Record<string, string> {
  const outputs: Record<string, string> = {}
  if (error.requestId !== undefined) outputs['request-id'] = error.requestId
  if (error.status !== undefined) outputs['http-status'] = String(error.status)
  const code = errorCodeOf(error)
  if (code !== undefined) outputs['error-code'] = code
  return outputs
}

/** Only a short token with no piece of a secret. */
export function errorCodeOf(error: RequestError): string | undefined {
  const { code } = error
  return error.kind === 'http' &&
    code !== undefined &&
    ERROR_CODE.test(code) &&
    redactSecrets(code, { pieces: true }) === code
    ? code
    : undefined
}
