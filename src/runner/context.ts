import type { PlatformClient } from '../api/client.ts'
import type { Logger } from '../base/log.ts'
import type { RequestError } from '../http/errors.ts'
import type { Cancellation } from './cancellation.ts'
import type { Clock } from '../base/clock.ts'
import { redactSecrets } from '../base/text.ts'

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
  /** The runner's cancel signals (main wires them); absent: a signal ends the process, as Node does by default. */
  cancellation?: Cancellation
}

/** What a command hands back: main writes the outputs and the summary, then fails if asked. */
export interface CommandResult {
  outputs: Record<string, string>
  summary: string
  /**
   * Set when the step must fail; outputs and summary are still written first. main adds it to the
   * summary, with the request and what to do: the command's own summary does not say it.
   */
  failure?: string
  /** The request the failure follows from, if any: main sets `http-status`, `error-code` and `request-id` from it. */
  failedRequest?: RequestError
  /** What to do about the failure, when the command knows better than the request it failed on. */
  next?: string
  /**
   * Outputs the command did not hold because they are over the limit (boundOutputs), by name, with
   * their size in bytes: a list of any length is written to its file as it is read, never held whole.
   */
  oversized?: Record<string, number>
}

/** What `error-code` may hold: a short token, never text a server could make look like anything else. */
const ERROR_CODE = /^[A-Za-z0-9_.-]{1,64}$/

/**
 * `http-status`, `error-code` and `request-id` of a request that failed, so a later step can
 * branch on the reason. `error-code` is the service's own `code`, never one the action made up,
 * and only when it is a short token: any other text is in the log only, made safe there.
 */
export function requestFailureOutputs(error: RequestError): Record<string, string> {
  const outputs: Record<string, string> = {}
  if (error.requestId !== undefined) outputs['request-id'] = error.requestId
  if (error.status !== undefined) outputs['http-status'] = String(error.status)
  const code = errorCodeOf(error)
  if (code !== undefined) outputs['error-code'] = code
  return outputs
}

/** The service's `code` as the `error-code` output and the summary show it: a short token holding no piece of the step's secrets. */
export function errorCodeOf(error: RequestError): string | undefined {
  const { code } = error
  return error.kind === 'http' && code !== undefined && ERROR_CODE.test(code) && redactSecrets(code, { pieces: true }) === code
    ? code
    : undefined
}
